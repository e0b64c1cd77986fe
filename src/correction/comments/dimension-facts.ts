// What each dimension's comment says, read from the essay: every claim quotes a phrase of the essay or
// names a paragraph by its first words. No sentence counts or averages (a pupil cannot act on
// "平均每句23.9字"), and advice only where this essay shows the need; when nothing needs doing, none.
import type { DimensionId } from '../scoring/dimensions.js';
import type { TextAnalysis } from '../text/analyze.js';
import { endingCutOff, essayUnfinished } from '../text/ending.js';
import type { TopicDrift } from '../text/relevance.js';
import { ownRhetoric, paragraphHead, praisableGoodSentences, quotableWords, quoteSentence, rejectsQuoted } from './evidence.js';
import { PUNCT_MSG, RHETORIC_NAMES } from './notes.js';
import { wrongCharPhrase } from './wrong-char-phrase.js';

type Lang = 'zh' | 'en';

export interface Facts {
  /** said when the dimension is strong: what the essay does well, with its evidence */
  praise: string;
  /** said otherwise: what the essay shows, without praise */
  observe: string;
  /** said when the dimension is not strong and the essay shows a need: what to do next; empty when none */
  advice: string;
}

export const q = (xs: string[], lang: Lang, n = 3) => xs.slice(0, n).map((x) => `“${x}”`).join(lang === 'zh' ? '、' : ', ');

/** 第2—4段（约80%篇幅）未涉及题目中的“老师”: the OFF_TOPIC evidence and the comments' wording. */
export function driftPhrase(d: TopicDrift, lang: Lang): string {
  const pct = Math.round(d.share * 100);
  const zh = lang === 'zh';
  const paras = d.from === d.to ? (zh ? `第${d.from + 1}段` : `paragraph ${d.from + 1}`) : zh ? `第${d.from + 1}—${d.to + 1}段` : `paragraphs ${d.from + 1}–${d.to + 1}`;
  return zh ? `${paras}（约${pct}%篇幅）未涉及题目中的${q(d.subject, lang)}` : `${paras} (about ${pct}% of the essay) never refer to ${q(d.subject, lang)} from the title`;
}

export const drifted = (a: TextAnalysis) => (a.relevance.drift?.drifted ? a.relevance.drift : undefined);

/** The sentence that best shows the essay's skill: the writer's own device first, then the best-rated sentence. */
export function bestSentence(a: TextAnalysis, kinds?: string[]): string | undefined {
  const order = ['simile', 'personification', 'parallelism', 'rhetoricalQuestion', 'question'];
  const good = praisableGoodSentences(a);
  const rh = ownRhetoric(a)
    .filter((r) => !kinds || kinds.includes(r.kind))
    .sort((x, y) => order.indexOf(x.kind) - order.indexOf(y.kind) || x.start - y.start)
    .map((r) => quoteSentence(a, r.start))
    .find((s): s is string => s !== undefined);
  if (rh || kinds) return rh;
  return [...good]
    .sort((x, y) => y.reasons.length - x.reasons.length || x.start - y.start)
    .map((g) => quoteSentence(a, g.start))
    .find((s): s is string => s !== undefined);
}

/** Everyday four-character phrases jieba tags as idioms: praising them ("“认真听讲”用得恰当") is no praise. */
const PLAIN_PHRASES = new Set(['认真听讲', '问题所在', '非常感谢', '遇到困难', '安静下来', '批改作业', '认真负责', '一动不动', '各种各样', '一模一样']);

/** Words worth praising: real idioms, doubled words and vivid adjectives; never a plain phrase, a negated verb, or a word inside another. */
function praisableWords(a: TextAnalysis): string[] {
  const hits = [...a.vocabulary.idioms, ...a.vocabulary.goodWords.filter((g) => g.kind === 'reduplicated' || (g.kind === 'vivid' && /^(a|ad|an|z)$/.test(g.tag) && !/^[没不未别]/u.test(g.word)))];
  const words = quotableWords(a, hits).filter((w) => !PLAIN_PHRASES.has(w) && [...w].length >= 2);
  return words.filter((w) => !words.some((o) => o !== w && o.includes(w)));
}

/** A sentence that only tells (no device, no description, no good word): where advice to show can point. */
function plainSentence(a: TextAnalysis, minHan = 12): string | undefined {
  const marked = (s: { start: number; end: number; text: string }) =>
    a.rhetoric.some((r) => r.start >= s.start && r.start < s.end) ||
    a.dialogue.description.some((d) => d.start >= s.start && d.start < s.end) ||
    a.vocabulary.goodWords.some((g) => g.start >= s.start && g.start < s.end) ||
    // an image or a doubled word (像, 亮亮的) already shows rather than tells
    /像|仿佛|似的|(\p{Script=Han})\1/u.test(s.text);
  // Skip the opening sentence: it introduces, it is not where showing is missing.
  for (const s of a.sentences.slice(1)) if (s.hanCount >= minHan && !marked(s) && !/[“”]/.test(s.text)) {
    const quoted = quoteSentence(a, s.start);
    if (quoted) return quoted;
  }
  return undefined;
}

/** Three or more sentences of one paragraph opening with the same word: the monotony a teacher marks. */
function repeatedOpener(a: TextAnalysis): { paragraph: number; opener: string } | undefined {
  for (const p of a.paragraphs) {
    const heads = p.sentences.map((i) => a.sentences[i]?.text.replace(/^[“”"\s]+/, '').slice(0, 2)).filter((h): h is string => !!h && /^\p{Script=Han}{2}$/u.test(h));
    const counts = new Map<string, number>();
    for (const h of heads) counts.set(h, (counts.get(h) ?? 0) + 1);
    const top = [...counts.entries()].sort((x, y) => y[1] - x[1])[0];
    if (top && top[1] >= 3) return { paragraph: p.index, opener: top[0] };
  }
  return undefined;
}

const paraName = (a: TextAnalysis, i: number, lang: Lang) => {
  const p = a.paragraphs[i]!;
  const head = paragraphHead(a, p);
  return lang === 'zh' ? `第${i + 1}段${head ? `（“${head}……”）` : ''}` : `paragraph ${i + 1}${head ? ` (“${head}…”)` : ''}`;
};

function themeFacts(a: TextAnalysis, lang: Lang): Facts {
  const zh = lang === 'zh';
  const used = a.relevance.titleKeywords.filter((k) => k.count > 0);
  const missed = a.relevance.titleKeywords.filter((k) => k.count === 0).map((k) => k.keyword);
  const reqs = a.relevance.requirements.filter((r) => r.met !== null);
  const unmet = reqs.filter((r) => r.met === false).map((r) => r.requirement);
  const drift = drifted(a);
  const unfinished = essayUnfinished(a);
  const firstUse = used.map((k) => k.first?.[0]).filter((x): x is number => x !== undefined).sort((x, y) => x - y)[0];
  const opening = firstUse !== undefined ? quoteSentence(a, firstUse) : undefined;
  const words = q(used.map((k) => k.keyword), lang);
  // "All requirements met" only of an essay that is on topic and whole: off-topic or unfinished, it is not.
  const allMet = reqs.length > 0 && !unmet.length && !drift && !unfinished;
  const praise = zh
    ? `${opening ? `从“${opening}”起就紧扣题目中的${words}` : `紧扣题目中的${words}`}${allMet ? `，${reqs.length}项写作要求都已做到` : ''}`
    : `${opening ? `on ${words} from the title from “${opening}” on` : `keeps to ${words} from the title`}${allMet ? `, and all ${reqs.length} requirements are met` : ''}`;
  const observe = drift
    ? driftPhrase(drift, lang)
    : used.length
      ? zh ? `${opening ? `从“${opening}”起点出题目中的${words}` : `写到了题目中的${words}`}` : `${words} from the title ${opening ? `first comes in “${opening}”` : 'appears'}`
      : zh ? '正文没有出现题目中的关键词' : 'the title’s key words do not appear in the body';
  const last = a.paragraphs[a.paragraphs.length - 1];
  const endsOnTopic = !!last && used.some((k) => last.text.includes(k.keyword));
  const advice = drift
    ? zh ? `要围绕${q(drift.subject, lang)}来写，与题目无关的内容应删减` : `keep to ${q(drift.subject, lang)} and cut what does not belong to the title`
    : unmet.length
      ? zh ? `还未做到的写作要求：${unmet.join('；')}` : `requirements not met yet: ${unmet.join('; ')}`
      : missed.length
        ? zh ? `可再扣住${q(missed, lang)}来写` : `tie it more closely to ${q(missed, lang)}`
        : used.length && last && !endsOnTopic && !endingCutOff(a)
          ? zh ? `结尾${paraName(a, last.index, lang).replace(/^第\d+段/, '')}可再回到${q(used.map((k) => k.keyword), lang, 1)}，首尾呼应` : `bring the ending back to ${q(used.map((k) => k.keyword), lang, 1)}`
          : '';
  return { praise: used.length && !drift ? praise : observe, observe, advice };
}

function contentFacts(a: TextAnalysis, lang: Lang): Facts {
  const zh = lang === 'zh';
  const speech = a.dialogue.quotes.filter((x) => x.speech);
  // A line that quotes an image to reject it (她批注：“这个比喻很多人用过……”) is not shown as the essay's strength.
  const sentenceAt = (at: number) => a.sentences.findIndex((s) => at >= s.start && at < s.end);
  const speechLine = speech.filter((x) => !rejectsQuoted(a, sentenceAt(x.start))).map((x) => quoteSentence(a, x.start)).find((s): s is string => s !== undefined);
  const detailAt = a.dialogue.description.find((d) => d.kind !== 'action')?.start ?? a.dialogue.description[0]?.start;
  const detail = detailAt !== undefined ? quoteSentence(a, detailAt) : undefined;
  const short = a.hanCount < a.length.min;
  const need = zh ? `${a.length.source === 'teacher' ? '要求' : '本年级建议'}不少于${a.length.min}字` : `${a.length.source === 'teacher' ? 'the task asks for' : 'the grade expects'} at least ${a.length.min}`;
  const evidence = zh
    ? [speechLine ? `“${speechLine}”让人物开口说话` : '', detail && detail !== speechLine ? `“${detail}”写出了看得见的细节` : ''].filter(Boolean).join('，')
    : [speechLine ? `“${speechLine}” lets a person speak` : '', detail && detail !== speechLine ? `“${detail}” shows a detail` : ''].filter(Boolean).join('; ');
  const observe = short
    ? zh ? `全文${a.hanCount}字（${need}）${evidence ? `，${evidence}` : ''}` : `${a.hanCount} characters (${need})${evidence ? `; ${evidence}` : ''}`
    : evidence || (zh ? '事情交代清楚' : 'the events are told clearly');
  const praise = evidence ? (zh ? `事情写得具体：${evidence}` : `the events are concrete: ${evidence}`) : observe;
  // The paragraph with the most description is the scene worth slowing down.
  const richest = [...a.paragraphs].sort((x, y) => a.dialogue.description.filter((d) => d.start >= y.start && d.start < y.end).length - a.dialogue.description.filter((d) => d.start >= x.start && d.start < x.end).length || x.index - y.index)[0];
  const plain = plainSentence(a);
  const advice = short
    ? zh ? `篇幅比要求少${a.length.min - a.hanCount}字，要把事情的经过写具体` : `${a.length.min - a.hanCount} characters short: tell the events in more detail`
    : !speech.length && richest && a.paragraphs.length > 1
      ? zh ? `可让人物开口说话，比如在${paraName(a, richest.index, lang)}写出人物当时的话` : `let the people speak, e.g. give their words in ${paraName(a, richest.index, lang)}`
      : a.dialogue.description.length < 5 && plain
        ? zh ? `“${plain}”一句只是交代，可写出看得见、听得到的细节` : `“${plain}” only tells; add what could be seen and heard`
        : richest && a.paragraphs.length > 2
          ? zh ? `${paraName(a, richest.index, lang)}是最打动人的场面，可以再放慢写细` : `${paraName(a, richest.index, lang)} is the key scene: slow it down further`
          : '';
  return { praise, observe, advice };
}

function structureFacts(a: TextAnalysis, lang: Lang): Facts {
  const zh = lang === 'zh';
  const n = a.paragraphs.length;
  const first = a.paragraphs[0];
  const last = a.paragraphs[n - 1];
  const kws = a.relevance.titleKeywords.filter((k) => k.count > 0).map((k) => k.keyword);
  const cutOff = endingCutOff(a);
  const opensOnTopic = !!first && kws.some((k) => first.text.includes(k));
  const endsOnTopic = !!last && n > 1 && kws.some((k) => last.text.includes(k)) && !cutOff;
  const openName = first ? paragraphHead(a, first) : undefined;
  const endName = last && n > 1 ? paragraphHead(a, last) : undefined;
  const tail = last ? [...last.text].slice(-8).join('') : '';
  const parts = zh
    ? [openName ? `开头“${openName}……”${opensOnTopic ? '点题' : '引出下文'}` : '', cutOff ? `结尾停在“${tail}”，没有写完` : endName ? `结尾“${endName}……”${endsOnTopic ? '回扣题目' : '收束全文'}` : '']
    : [openName ? `the opening “${openName}…” ${opensOnTopic ? 'states the topic' : 'leads in'}` : '', cutOff ? `the ending stops at “${tail}”, unfinished` : endName ? `the ending “${endName}…” ${endsOnTopic ? 'comes back to the title' : 'closes the essay'}` : ''];
  const observe = parts.filter(Boolean).join(zh ? '，' : ', ') || (zh ? `全文只有${n}段` : `only ${n} paragraph(s)`);
  const praise = zh ? `层次分明，${observe}` : `a clear shape: ${observe}`;
  const long = a.paragraphs.find((p) => p.hanCount > 350);
  const thin = a.paragraphs.find((p) => p.index > 0 && p.index < n - 1 && p.hanCount < 25 && n > 3);
  const advice = n <= 2
    ? zh ? `只有${n}段，应按事情发展分段` : `only ${n} paragraph(s): split by stages of the story`
    : cutOff
      ? zh ? '要把结尾写完整' : 'finish the ending'
      : long
        ? zh ? `${paraName(a, long.index, lang)}过长，可按层次拆分` : `${paraName(a, long.index, lang)} is long: split it where the idea turns`
        : thin
          ? zh ? `${paraName(a, thin.index, lang)}只有一两句，可写具体或与上下文合并` : `${paraName(a, thin.index, lang)} is thin: develop it or join it to its neighbour`
          : '';
  return { praise, observe, advice };
}

function languageFacts(a: TextAnalysis, lang: Lang): Facts {
  const zh = lang === 'zh';
  const good = praisableWords(a);
  const best = bestSentence(a);
  const words = good.length ? (zh ? `${q(good, lang)}等词语用得准确` : `words such as ${q(good, lang)} are well chosen`) : '';
  const praise = best ? (zh ? `语句生动，如“${best}”` : `lively sentences, such as “${best}”`) : words || (zh ? '语句通顺' : 'the sentences read smoothly');
  const longAt = a.sentenceStats.long.map((i) => a.sentences[i]).find((s) => s !== undefined);
  const longQuote = longAt ? quoteSentence(a, longAt.start) : undefined;
  const opener = repeatedOpener(a);
  const plain = plainSentence(a);
  const observe = words || (zh ? '语句基本通顺' : 'the sentences mostly read smoothly');
  const advice = longQuote
    ? zh ? `“${longQuote}”这样的长句读来吃力，可拆成两三句` : `a sentence like “${longQuote}” is hard to follow; split it`
    : opener
      ? zh ? `${paraName(a, opener.paragraph, lang)}好几句都以“${opener.opener}”开头，句式可以变一变` : `several sentences of ${paraName(a, opener.paragraph, lang)} open with “${opener.opener}”; vary them`
      : plain
        ? zh ? `“${plain}”可把概括的叙述换成具体的动作和神态` : `turn the summary “${plain}” into concrete actions and expressions`
        : '';
  return { praise, observe, advice };
}

function rhetoricFacts(a: TextAnalysis, lang: Lang): Facts {
  const zh = lang === 'zh';
  const own = ownRhetoric(a);
  const kinds = [...new Set(own.map((r) => r.kind))];
  const best = bestSentence(a, kinds);
  const names = kinds.map((k) => RHETORIC_NAMES[k][lang]).join(zh ? '、' : ', ');
  const praise = zh ? `运用了${names}${best ? `，如“${best}”` : ''}` : `uses ${names}${best ? `, e.g. “${best}”` : ''}`;
  const observe = kinds.length ? (zh ? `用了${names}${best ? `，如“${best}”` : ''}` : `uses ${names}${best ? `, e.g. “${best}”` : ''}`) : zh ? '全文未见明显的修辞手法' : 'no clear rhetorical device';
  const missing = (['simile', 'personification', 'parallelism'] as const).filter((k) => !kinds.includes(k)).map((k) => RHETORIC_NAMES[k][lang]);
  // A description of this essay that carries no device yet: where a device could go.
  const plain = a.dialogue.description
    .filter((d) => d.kind !== 'action' && !a.rhetoric.some((r) => r.sentence === a.sentences.find((s) => d.start >= s.start && d.start < s.end)?.index))
    .map((d) => quoteSentence(a, d.start))
    .find((s): s is string => s !== undefined && s !== best);
  const advice = plain && missing.length
    ? zh ? `像“${plain}”这样的描写，可试用${missing.slice(0, 2).join('或')}写得更形象` : `a description such as “${plain}” could use ${missing.slice(0, 2).join(' or ')}`
    : '';
  return { praise, observe, advice };
}

function mechanicsFacts(a: TextAnalysis, lang: Lang): Facts {
  const zh = lang === 'zh';
  const w = a.wrongChars;
  const p = a.punctuation;
  const shown = w.slice(0, 3).map((x) => wrongCharPhrase(x, lang)).join(zh ? '，' : '; ');
  const marks = [...new Set(p.map((x) => x.kind))];
  const clean = !w.length && !p.length;
  const paraList = (k: string) => {
    const ps = [...new Set(p.filter((x) => x.kind === k).map((x) => a.paragraphs.findIndex((para) => x.start >= para.start && x.start < para.end) + 1).filter((i) => i > 0))];
    return lang === 'zh' ? `第${ps.slice(0, 3).join('、')}段` : `paragraph ${ps.slice(0, 3).join(', ')}`;
  };
  const observe = clean
    ? zh ? '没有发现错别字，标点使用规范' : 'no wrong characters or punctuation slips found'
    : zh
      ? [w.length ? `有${w.length}处错别字（${shown}）` : '没有发现错别字', p.length ? `标点有${p.length}处要改` : ''].filter(Boolean).join('，')
      : [w.length ? `${w.length} wrong character(s) (${shown})` : 'no wrong characters', p.length ? `${p.length} punctuation slip(s)` : ''].filter(Boolean).join(', ');
  const praise = clean ? observe : zh ? `${w.length ? `只有${w.length}处错别字` : '没有发现错别字'}${p.length ? `，标点有${p.length}处要改` : '，标点使用规范'}` : observe;
  const advice = w.length
    ? zh ? `订正${w.slice(0, 2).map((x) => `“${x.word}”`).join('、')}等处的错字，写完后通读一遍` : `correct ${w.slice(0, 2).map((x) => `“${x.word}”`).join(', ')} and read it through once more`
    : p.length
      ? zh ? `改正标点：${marks.slice(0, 2).map((k) => `${PUNCT_MSG[k].zh}（${paraList(k)}）`).join('；')}` : `fix the punctuation: ${marks.slice(0, 2).map((k) => `${PUNCT_MSG[k].en} (${paraList(k)})`).join('; ')}`
      : '';
  return { praise, observe, advice };
}

function descriptionFacts(a: TextAnalysis, lang: Lang): Facts {
  const zh = lang === 'zh';
  const k = a.dialogue.descriptionKinds;
  const names = { sensory: { zh: '感官', en: 'sensory' }, psychological: { zh: '心理', en: 'inner' }, environment: { zh: '环境', en: 'setting' }, action: { zh: '动作', en: 'action' } };
  const used = (Object.keys(names) as Array<keyof typeof names>).filter((x) => k[x] > 0);
  const list = used.map((x) => names[x][lang]).join(zh ? '、' : ', ');
  const at = a.dialogue.description.find((d) => d.kind !== 'action')?.start;
  const example = at !== undefined ? quoteSentence(a, at) : undefined;
  const praise = zh ? `有${list}描写，角度丰富${example ? `，如“${example}”` : ''}` : `description from several angles (${list})${example ? `, e.g. “${example}”` : ''}`;
  const observe = used.length ? (zh ? `有${list}描写${example ? `，如“${example}”` : ''}` : `description: ${list}${example ? `, e.g. “${example}”` : ''}`) : zh ? '描写较少，多是概括的叙述' : 'little description; mostly summary';
  const missing = (Object.keys(names) as Array<keyof typeof names>).filter((x) => !used.includes(x)).map((x) => names[x][lang]);
  const advice = missing.length && used.length < 3 ? (zh ? `可补充${missing.join('、')}描写` : `add ${missing.join(', ')} description`) : '';
  return { praise, observe, advice };
}

function emotionFacts(a: TextAnalysis, lang: Lang): Facts {
  const zh = lang === 'zh';
  const feel = quotableWords(a, a.dialogue.description.filter((d) => d.kind === 'psychological'));
  const praise = zh ? `${q(feel, lang)}等处写出了内心感受` : `feelings come through in ${q(feel, lang)}`;
  const observe = feel.length ? (zh ? `写到了${q(feel, lang)}等感受` : `feelings such as ${q(feel, lang)}`) : zh ? '较少直接写出内心感受' : 'feelings are seldom expressed';
  const advice = feel.length ? '' : zh ? '情感要融在具体的事里，写出当时心里的变化' : 'let feelings come through the events: show how they changed';
  return { praise: feel.length ? praise : observe, observe, advice };
}

function creativityFacts(a: TextAnalysis, lang: Lang): Facts {
  const zh = lang === 'zh';
  const best = bestSentence(a);
  const praise = best ? (zh ? `有自己的发现，如“${best}”` : `something of the writer’s own, e.g. “${best}”`) : zh ? '选材平实' : 'a plain choice of material';
  const observe = best ? (zh ? `亮点句子如“${best}”` : `a standout sentence: “${best}”`) : zh ? '选材平实，少见独到之处' : 'plain material, little of the writer’s own';
  const advice = a.vocabulary.fourCharRate > 80
    ? zh ? `${q(quotableWords(a, a.vocabulary.idioms), lang, 2)}等四字词语偏多，显得套话多，可换成自己的话` : 'many four-character set phrases; say it in your own words'
    : best ? '' : zh ? '可从独特的角度选材，写出自己的发现' : 'pick an angle of your own and show what you noticed';
  return { praise, observe, advice };
}

export function dimensionFacts(id: DimensionId, a: TextAnalysis, lang: Lang, genreName: string): Facts {
  switch (id) {
    case 'theme':
      return themeFacts(a, lang);
    case 'content':
      return contentFacts(a, lang);
    case 'structure':
      return structureFacts(a, lang);
    case 'language':
      return languageFacts(a, lang);
    case 'rhetoric':
      return rhetoricFacts(a, lang);
    case 'mechanics':
      return mechanicsFacts(a, lang);
    case 'description':
      return descriptionFacts(a, lang);
    case 'emotion':
      return emotionFacts(a, lang);
    case 'creativity':
      return creativityFacts(a, lang);
    case 'genre': {
      const zh = lang === 'zh';
      const req = a.relevance.requirements.find((r) => r.check === 'genre');
      const observe = zh ? `写成了${genreName}` : `it reads as a ${genreName}`;
      const advice = req && req.met === false ? (zh ? '与要求的文体不符，请按要求的文体写作' : 'this is not the genre asked for') : '';
      return { praise: observe, observe, advice };
    }
  }
}

// Overall and per-dimension comments, written from the analysis and the scores. Templates are fixed,
// the facts that fill them (numbers, quoted words, devices, errors) come from the essay, so two
// different essays get different comments and the same essay always gets the same one.
import type { DimensionScore, ScoreResult } from '../scoring/local-scorer.js';
import type { DimensionId } from '../scoring/dimensions.js';
import { GRADE_BANDS } from '../scoring/scales.js';
import type { TextAnalysis } from '../text/analyze.js';
import type { Genre } from '../text/genre.js';
import type { TopicDrift } from '../text/relevance.js';
import { RHETORIC_NAMES } from './notes.js';

type Lang = 'zh' | 'en';

export const GENRE_NAMES: Record<Genre, Record<Lang, string>> = {
  narrative: { zh: '记叙文', en: 'narrative' },
  argumentative: { zh: '议论文', en: 'argumentative essay' },
  expository: { zh: '说明文', en: 'expository essay' },
  poem: { zh: '诗歌', en: 'poem' },
};

const q = (xs: string[], lang: Lang, n = 3) => xs.slice(0, n).map((x) => `“${x}”`).join(lang === 'zh' ? '、' : ', ');

/** 第2—4段（约80%篇幅）未涉及题目中的“老师”: the OFF_TOPIC evidence and the comments' wording. */
export function driftPhrase(d: TopicDrift, lang: Lang): string {
  const pct = Math.round(d.share * 100);
  const zh = lang === 'zh';
  const paras = d.from === d.to ? (zh ? `第${d.from + 1}段` : `paragraph ${d.from + 1}`) : zh ? `第${d.from + 1}—${d.to + 1}段` : `paragraphs ${d.from + 1}–${d.to + 1}`;
  return zh ? `${paras}（约${pct}%篇幅）未涉及题目中的${q(d.subject, lang)}` : `${paras} (about ${pct}% of the essay) never refer to ${q(d.subject, lang)} from the title`;
}

const drifted = (a: TextAnalysis) => (a.relevance.drift?.drifted ? a.relevance.drift : undefined);

/** How a dimension reads: strong ones are praised, weak ones get advice, never both (see dimensionTone). */
export type Tone = 'strong' | 'even' | 'weak';

/** A dimension is a strength only when it is good in itself (≥ 80, a B+ or better on every scale) and
 * above the essay's own level; weak when under 70 or clearly below the essay's level. */
export function dimensionTone(d: Pick<DimensionScore, 'percent' | 'id'>, total: number, a: TextAnalysis): Tone {
  if (d.percent >= 80 && d.percent >= total + 1.5 && !(d.id === 'theme' && drifted(a))) return 'strong';
  // Nothing to correct is never a weakness, whatever the level the essay's total pulls it to.
  if (d.id === 'mechanics' && a.wrongChars.length === 0 && a.punctuation.length === 0) return 'even';
  if (d.percent < 70 || d.percent <= total - 2) return 'weak';
  return 'even';
}

const SENTENCE_MAX = 48;

/** A whole sentence of the essay, or when it is long the whole clauses around `at` (never a cut word). */
export function quoteSentence(a: TextAnalysis, at: number): string | undefined {
  const s = a.sentences.find((x) => at >= x.start && at < x.end);
  if (!s) return undefined;
  const text = s.text.replace(/^[“”"\s]+|[“”"\s。！？…]+$/g, '');
  if ([...text].length <= SENTENCE_MAX) return text;
  // Clauses: split after ，；： keeping the marks; grow from the clause holding `at` while short enough.
  const parts = s.text.match(/[^，；：]+[，；：]?/gu) ?? [s.text];
  let pos = s.start;
  const spans = parts.map((p) => {
    const span = { text: p, start: pos };
    pos += p.length;
    return span;
  });
  let i = Math.max(0, spans.findIndex((x, k) => at >= x.start && (k === spans.length - 1 || at < spans[k + 1]!.start)));
  let j = i;
  const len = () => [...spans.slice(i, j + 1).map((x) => x.text).join('')].length;
  while (j + 1 < spans.length && len() + [...spans[j + 1]!.text].length <= SENTENCE_MAX) j++;
  while (i > 0 && len() + [...spans[i - 1]!.text].length <= SENTENCE_MAX) i--;
  return spans.slice(i, j + 1).map((x) => x.text).join('').replace(/[，；：]$/, '');
}

/** The sentence that best shows the essay's skill: a simile or other device first, then the best-rated sentence. */
function bestSentence(a: TextAnalysis, kinds?: string[]): string | undefined {
  const order = ['simile', 'personification', 'parallelism', 'rhetoricalQuestion', 'question'];
  // A device inside quoted words (我在作文里写“夕阳像一个大红球”) is someone's example, not the writer's image.
  const quoted = (r: (typeof a.rhetoric)[number]) => {
    const s = a.sentences.find((x) => r.start >= x.start && r.start < x.end);
    if (!s) return 0;
    const at = s.text.indexOf(r.cue);
    const before = at < 0 ? '' : s.text.slice(0, at);
    return (before.match(/“/g) ?? []).length > (before.match(/”/g) ?? []).length ? 1 : 0;
  };
  const rh = [...a.rhetoric]
    .filter((r) => !kinds || kinds.includes(r.kind))
    .sort((x, y) => quoted(x) - quoted(y) || order.indexOf(x.kind) - order.indexOf(y.kind) || x.start - y.start)[0];
  if (rh) return quoteSentence(a, rh.start);
  if (kinds) return undefined;
  const g = [...a.goodSentences].sort((x, y) => y.reasons.length - x.reasons.length || x.start - y.start)[0];
  return g ? quoteSentence(a, g.start) : undefined;
}

interface Facts {
  /** said when the dimension is strong: what the essay does well, with its evidence */
  praise: string;
  /** said otherwise: what was measured, without praise */
  observe: string;
  /** said when the dimension is not strong: what to do next, tied to the essay */
  advice: string;
}

function dimensionFacts(id: DimensionId, a: TextAnalysis, lang: Lang): Facts {
  const zh = lang === 'zh';
  switch (id) {
    case 'theme': {
      const used = a.relevance.titleKeywords.filter((k) => k.count > 0);
      const missed = a.relevance.titleKeywords.filter((k) => k.count === 0).map((k) => k.keyword);
      const reqs = a.relevance.requirements.filter((r) => r.met !== null);
      const unmet = reqs.filter((r) => r.met === false).map((r) => r.requirement);
      const drift = drifted(a);
      const times = used.reduce((n, k) => n + k.count, 0);
      const firstUse = used.map((k) => k.first?.[0]).filter((x): x is number => x !== undefined).sort((x, y) => x - y)[0];
      const opening = firstUse !== undefined ? quoteSentence(a, firstUse) : undefined;
      const praise = zh
        ? `题目中的${q(used.map((k) => k.keyword), lang)}在文中出现${times}次${opening ? `，从“${opening}”起就紧扣题目` : ''}${reqs.length && !unmet.length ? `，${reqs.length}项写作要求都已做到` : ''}`
        : `${q(used.map((k) => k.keyword), lang)} from the title appear ${times} times${opening ? `, on topic from “${opening}”` : ''}${reqs.length && !unmet.length ? `, and all ${reqs.length} requirements are met` : ''}`;
      const observe = drift
        ? driftPhrase(drift, lang)
        : used.length
          ? // where the title first shows keeps two essays with the same count from sharing a sentence
            zh ? `题目关键词${q(used.map((k) => k.keyword), lang)}出现${times}次${opening ? `，最早见于“${opening}”` : ''}` : `the title's words ${q(used.map((k) => k.keyword), lang)} appear ${times} times${opening ? `, first in “${opening}”` : ''}`
          : zh ? '正文没有出现题目中的关键词' : 'the title’s key words do not appear in the body';
      const advice = drift
        ? zh ? `要围绕${q(drift.subject, lang)}来写，与题目无关的内容应删减` : `keep to ${q(drift.subject, lang)} and cut what does not belong to the title`
        : unmet.length
          ? zh ? `还未做到的写作要求：${unmet.join('；')}` : `requirements not met yet: ${unmet.join('; ')}`
          : missed.length
            ? zh ? `可再扣住${q(missed, lang)}来写` : `tie it more closely to ${q(missed, lang)}`
            : zh ? `结尾可再次点明${q(used.map((k) => k.keyword), lang, 1)}，首尾呼应` : `come back to ${q(used.map((k) => k.keyword), lang, 1)} at the end`;
      return { praise: used.length ? praise : observe, observe, advice };
    }
    case 'content': {
      const speech = a.dialogue.quotes.filter((x) => x.speech).length;
      const desc = a.dialogue.description.length;
      const observe = zh
        ? `全文${a.hanCount}字（${a.length.source === 'teacher' ? '要求' : '本年级建议'}不少于${a.length.min}字），${speech ? `人物语言${speech}处，` : '没有人物语言，'}细节描写${desc}处`
        : `${a.hanCount} characters (${a.length.source === 'teacher' ? 'the task asks for' : 'the grade expects'} at least ${a.length.min}), ${speech ? `${speech} lines of speech` : 'no speech'}, ${desc} descriptive details`;
      const praise = zh
        ? `全文${a.hanCount}字，${speech ? `用${speech}处人物语言和` : '用'}${desc}处细节把事情写得具体`
        : `${a.hanCount} characters, with ${speech ? `${speech} lines of speech and ` : ''}${desc} details that make the events concrete`;
      const advice = a.hanCount < a.length.min
        ? zh ? `篇幅比要求少${a.length.min - a.hanCount}字，要把事情的经过写具体` : `${a.length.min - a.hanCount} characters short: tell the events in more detail`
        : desc < 5
          ? zh ? `细节只有${desc}处，可增加让读者看得见、听得到的细节` : `only ${desc} details: add some the reader can see and hear`
          : speech === 0
            ? zh ? '可加入人物的语言，让人物站起来' : 'let the people speak: add a line of their words'
            : zh ? `${a.paragraphs.length}段中可选最打动人的一处写得更细` : `pick the most moving of the ${a.paragraphs.length} paragraphs and slow it down`;
      return { praise, observe, advice };
    }
    case 'structure': {
      const n = a.paragraphs.length;
      const long = a.paragraphs.filter((p) => p.hanCount > 350).length;
      const unfinished = a.punctuation.filter((x) => x.kind === 'missingEnd').length;
      const observe = zh ? `全文分${n}段，平均每段${Math.round(a.hanCount / (n || 1))}字${long ? `，其中${long}段超过350字` : ''}` : `${n} paragraph(s), ${Math.round(a.hanCount / (n || 1))} characters each on average${long ? `, ${long} longer than 350` : ''}`;
      const praise = zh ? `全文分${n}段，开头、经过、结尾层次分明，平均每段${Math.round(a.hanCount / (n || 1))}字` : `${n} paragraphs with a clear opening, middle and end, ${Math.round(a.hanCount / (n || 1))} characters each on average`;
      const advice = n <= 2
        ? zh ? `只有${n}段，应按事情发展或观点层次分段` : `only ${n} paragraph(s): split by stages of the story or steps of the argument`
        : unfinished
          ? zh ? `有${unfinished}段没有写完，结尾要完整` : `${unfinished} paragraph(s) stop unfinished: complete the ending`
          : long
            ? zh ? '过长的段落可拆分，层次会更清楚' : 'split the long paragraphs to show the structure'
            : zh ? `第${Math.min(2, n)}段与第${Math.min(3, n)}段之间可加一句过渡` : `add a linking sentence between paragraphs ${Math.min(2, n)} and ${Math.min(3, n)}`;
      return { praise, observe, advice };
    }
    case 'language': {
      const good = a.vocabulary.goodWords.map((w) => w.word);
      const best = bestSentence(a);
      const long = a.sentenceStats.long.length;
      const praise = best
        ? zh ? `语句生动，如“${best}”` : `lively sentences, such as “${best}”`
        : zh ? `${q(good, lang)}等${good.length}个词语用得准确` : `${good.length} well-chosen words such as ${q(good, lang)}`;
      const observe = zh ? `全文${a.sentenceStats.count}句，平均每句${a.sentenceStats.meanHan}字${good.length ? `，用了${good.length}个较生动的词语` : ''}` : `${a.sentenceStats.count} sentences of ${a.sentenceStats.meanHan} characters on average${good.length ? `, ${good.length} vivid words` : ''}`;
      const advice = long
        ? zh ? `有${long}个长句读来吃力，可拆短` : `${long} long sentence(s) are hard to follow; shorten them`
        : a.sentenceStats.variety < 0.5
          ? zh ? '句式较单一，可长短句结合，适当用感叹句、疑问句' : 'sentences are similar; mix long and short, add a question or exclamation'
          : zh ? '可把概括的叙述换成具体的动作和神态' : 'turn summaries into concrete actions and expressions';
      return { praise, observe, advice };
    }
    case 'rhetoric': {
      const kinds = [...new Set(a.rhetoric.map((r) => r.kind))];
      const best = bestSentence(a, kinds);
      const names = kinds.map((k) => RHETORIC_NAMES[k][lang]).join(zh ? '、' : ', ');
      const praise = zh ? `运用了${names}（共${a.rhetoric.length}处）${best ? `，如“${best}”` : ''}` : `uses ${names} (${a.rhetoric.length} in all)${best ? `, e.g. “${best}”` : ''}`;
      const observe = kinds.length
        ? zh ? `全文${a.sentenceStats.count}句中有${a.rhetoric.length}处修辞（${names}）${best ? `，如“${best}”` : ''}` : `${a.rhetoric.length} device(s) (${names}) in ${a.sentenceStats.count} sentences${best ? `, e.g. “${best}”` : ''}`
        : zh ? `全文${a.sentenceStats.count}句中未见明显的修辞手法` : `no clear rhetorical device in ${a.sentenceStats.count} sentences`;
      const missing = (['simile', 'personification', 'parallelism'] as const).filter((k) => !kinds.includes(k)).map((k) => RHETORIC_NAMES[k][lang]);
      // Point at a sentence of this essay that describes something and could carry a device.
      const plainAt = a.dialogue.description.find((d) => !a.rhetoric.some((r) => d.start >= r.start && d.start < r.end))?.start ?? a.sentences[1]?.start ?? a.sentences[0]?.start;
      const plain = !kinds.length && plainAt !== undefined ? quoteSentence(a, plainAt) : undefined;
      const advice = plain
        ? zh ? `像“${plain}”这样的描写，可试用${missing.join('、')}写得更形象` : `a description such as “${plain}” could use ${missing.join(' or ')}`
        : missing.length
        ? zh ? `描写人物或景物时可再试用${missing.join('、')}，让画面更形象` : `try ${missing.join(' or ')} when describing people or places`
        : zh ? '修辞要与内容贴合，不宜堆砌' : 'keep the devices tied to the content rather than piling them up';
      return { praise, observe, advice };
    }
    case 'mechanics': {
      const w = a.wrongChars.map((x) => `${x.wrong}→${x.fix}`);
      const p = a.punctuation.length;
      const observe = zh
        ? `全文${a.hanCount}字中发现错别字${w.length}处${w.length ? `（${w.slice(0, 4).join('，')}）` : ''}，标点问题${p}处`
        : `${w.length} wrong character(s)${w.length ? ` (${w.slice(0, 4).join(', ')})` : ''} and ${p} punctuation issue(s) in ${a.hanCount} characters`;
      const praise = zh ? `全文${a.hanCount}字，${w.length ? `仅${w.length}处错别字` : '没有发现错别字'}，${p ? `标点问题${p}处` : '标点使用规范'}` : `${a.hanCount} characters with ${w.length || 'no'} wrong character(s) and ${p || 'no'} punctuation issue(s)`;
      const advice = w.length
        ? zh ? `订正${w.slice(0, 2).join('、')}等错字，写完后通读一遍` : `correct ${w.slice(0, 2).join(', ')} and read it through once more`
        : p
          ? zh ? `改正${p}处标点问题，写完后通读一遍` : `fix the ${p} punctuation issue(s) and read it through once more`
          : zh ? '书写规范，继续保持' : 'clean writing: keep it up';
      return { praise, observe, advice };
    }
    case 'description': {
      const k = a.dialogue.descriptionKinds;
      const used = (Object.keys(k) as Array<keyof typeof k>).filter((x) => k[x] > 0);
      const names = { sensory: { zh: '感官', en: 'sensory' }, psychological: { zh: '心理', en: 'inner' }, environment: { zh: '环境', en: 'setting' }, action: { zh: '动作', en: 'action' } };
      const list = used.map((x) => `${names[x][lang]}${zh ? '' : ' '}${k[x]}${zh ? '处' : ''}`).join(zh ? '、' : ', ');
      const praise = zh ? `有${list}描写，角度丰富` : `description from several angles: ${list}`;
      const observe = used.length ? (zh ? `有${list}描写` : `description: ${list}`) : zh ? `全文${a.hanCount}字中描写较少` : `little description in ${a.hanCount} characters`;
      const missing = (Object.keys(names) as Array<keyof typeof names>).filter((x) => !used.includes(x)).map((x) => names[x][lang]);
      const advice = missing.length ? (zh ? `可补充${missing.join('、')}描写` : `add ${missing.join(', ')} description`) : zh ? '可把描写集中在最重要的场面' : 'focus the description on the key scene';
      return { praise, observe, advice };
    }
    case 'emotion': {
      const feel = [...new Set(a.dialogue.description.filter((d) => d.kind === 'psychological').map((d) => d.word))];
      const praise = zh ? `${q(feel, lang)}等${feel.length}处写出了内心感受` : `${feel.length} touches of feeling such as ${q(feel, lang)}`;
      const observe = feel.length ? (zh ? `写内心感受的词语有${feel.length}处（${q(feel, lang)}）` : `${feel.length} feeling word(s) (${q(feel, lang)})`) : zh ? `全文${a.hanCount}字中较少直接写出内心感受` : `feelings are seldom expressed in ${a.hanCount} characters`;
      const advice = zh ? '情感要融在具体的事里，写出当时心里的变化' : 'let feelings come through the events: show how they changed';
      return { praise, observe, advice };
    }
    case 'creativity': {
      const best = bestSentence(a);
      const praise = zh ? `有${a.goodSentences.length}处亮点句子${best ? `，如“${best}”` : ''}` : `${a.goodSentences.length} standout sentence(s)${best ? `, e.g. “${best}”` : ''}`;
      const observe = zh ? `全文${a.sentenceStats.count}句中亮点句子${a.goodSentences.length}处` : `${a.goodSentences.length} standout sentence(s) of ${a.sentenceStats.count}`;
      const advice = a.vocabulary.fourCharRate > 80
        ? zh ? '四字词语偏多，显得套话多，可换成自己的话' : 'many four-character set phrases; say it in your own words'
        : zh ? '可从独特的角度选材，写出自己的发现' : 'pick an angle of your own and show what you noticed';
      return { praise, observe, advice };
    }
    case 'genre': {
      const g = GENRE_NAMES[a.genre.genre][lang];
      const req = a.relevance.requirements.find((r) => r.check === 'genre');
      const observe = zh ? `文章写成了${g}（特征明显程度${Math.round(a.genre.confidence * 100)}%）` : `it reads as a ${g} (${Math.round(a.genre.confidence * 100)}% typical)`;
      const advice = req && !req.met ? (zh ? '与要求的文体不符，请按要求的文体写作' : 'this is not the genre asked for') : zh ? `可更突出${g}的特点` : `make the ${g} features clearer`;
      return { praise: observe, observe, advice };
    }
  }
}

export function dimensionComment(d: DimensionScore, a: TextAnalysis, total: number, lang: Lang): string {
  const f = dimensionFacts(d.id, a, lang);
  const tone = dimensionTone(d, total, a);
  if (lang === 'zh') {
    if (tone === 'strong') return `${d.name}（${d.label}）是本文的长处：${f.praise}。`;
    if (tone === 'weak') return `${d.name}（${d.label}）需要加强：${f.observe}；${f.advice}。`;
    return `${d.name}（${d.label}）：${f.observe}；${f.advice}。`;
  }
  if (tone === 'strong') return `${d.name} (${d.label}) is a strength: ${f.praise}.`;
  if (tone === 'weak') return `${d.name} (${d.label}) needs work: ${f.observe}; ${f.advice}.`;
  return `${d.name} (${d.label}): ${f.observe}; ${f.advice}.`;
}

export function overallComment(a: TextAnalysis, s: ScoreResult, title: string, lang: Lang): string {
  const zh = lang === 'zh';
  const drift = drifted(a);
  const sorted = [...s.dimensions].sort((x, y) => y.percent - x.percent || x.id.localeCompare(y.id));
  // Praise only a strong dimension, criticise only one that is not: never the same one both ways.
  const best = sorted.find((d) => dimensionTone(d, s.percent, a) === 'strong');
  const worst = [...sorted].reverse().find((d) => d !== best && dimensionTone(d, s.percent, a) !== 'strong' && !(drift && d.id === 'theme'));
  // "Needs work" only for a dimension that is weak and shown at a lower level than the praised one: two B's
  // side by side, one a strength and one needing work, read as a contradiction; the lower one "could be better".
  const firm = worst !== undefined && dimensionTone(worst, s.percent, a) === 'weak' && (!best || worst.label !== best.label);
  const band = GRADE_BANDS.find((b) => b.band === s.band)!;
  // A level (A/B/C, 优秀…, 甲乙丙丁) says it all; an export band beside it can contradict it ("A（良好）":
  // the task's scale puts A at 85, the export bands put 优秀 at 90). A number gets its band as a word.
  const numeric = /^\d+(\.\d+)?$/.test(s.label);
  const genre = GENRE_NAMES[a.genre.genre][lang];
  const quote = bestSentence(a);
  const parts: string[] = [];
  if (zh) {
    parts.push(`本文${title ? `以“${title}”为题，` : ''}是一篇${genre}，全文${a.hanCount}字，分${a.paragraphs.length}段${a.hanCount < a.length.min ? `，未达到${a.length.source === 'teacher' ? '' : '本年级'}${a.length.min}字的要求` : ''}。`);
    if (drift) parts.push(`${driftPhrase(drift, lang)}，疑似偏题，${dimensionFacts('theme', a, lang).advice}。`);
    if (best) parts.push(`${best.name}是长处：${dimensionFacts(best.id, a, lang).praise}。`);
    else if (quote) parts.push(`写得较好的句子如“${quote}”。`);
    if (worst) parts.push(`${worst.name}方面${firm ? '还需加强' : '还可提高'}：${dimensionFacts(worst.id, a, lang).observe}，${dimensionFacts(worst.id, a, lang).advice}。`);
    parts.push(numeric ? `综合评定：${s.label}（${band.zh}）。` : `综合评定：${s.label}。`);
  } else {
    parts.push(`${title ? `“${title}” is` : 'This is'} a ${genre} of ${a.hanCount} characters in ${a.paragraphs.length} paragraph(s)${a.hanCount < a.length.min ? `, below the ${a.length.min} characters ${a.length.source === 'teacher' ? 'the task asks for' : 'expected for the grade'}` : ''}.`);
    if (drift) parts.push(`Suspected off-topic: ${driftPhrase(drift, lang)}; ${dimensionFacts('theme', a, lang).advice}.`);
    if (best) parts.push(`Strength: ${best.name.toLowerCase()}: ${dimensionFacts(best.id, a, lang).praise}.`);
    else if (quote) parts.push(`A sentence that works well: “${quote}”.`);
    if (worst) parts.push(`${firm ? 'To improve' : 'Could be better'}: ${worst.name.toLowerCase()}: ${dimensionFacts(worst.id, a, lang).observe}; ${dimensionFacts(worst.id, a, lang).advice}.`);
    parts.push(numeric ? `Overall: ${s.label} (${band.en}).` : `Overall: ${s.label}.`);
  }
  return parts.join(zh ? '' : ' ');
}

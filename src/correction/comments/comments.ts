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

function dimensionFacts(id: DimensionId, a: TextAnalysis, lang: Lang): { fact: string; advice: string } {
  const zh = lang === 'zh';
  switch (id) {
    case 'theme': {
      const used = a.relevance.titleKeywords.filter((k) => k.count > 0).map((k) => k.keyword);
      const missed = a.relevance.titleKeywords.filter((k) => k.count === 0).map((k) => k.keyword);
      const unmet = a.relevance.requirements.filter((r) => r.met === false).map((r) => r.requirement);
      const drift = drifted(a);
      if (drift) {
        return {
          fact: driftPhrase(drift, lang),
          advice: zh ? `要围绕${q(drift.subject, lang)}来写，与题目无关的内容应删减` : `keep to ${q(drift.subject, lang)} and cut what does not belong to the title`,
        };
      }
      const fact = used.length
        ? zh ? `文中多次围绕${q(used, lang)}展开` : `the essay keeps returning to ${q(used, lang)}`
        : zh ? '正文较少出现题目中的关键词' : 'the title’s key words rarely appear in the body';
      const advice = unmet.length
        ? zh ? `未做到的写作要求：${unmet.join('；')}` : `requirements not met: ${unmet.join('; ')}`
        : missed.length
          ? zh ? `可再扣住${q(missed, lang)}来写` : `tie it more closely to ${q(missed, lang)}`
          : zh ? '中心明确，注意结尾再次点题' : 'the focus is clear; restate it at the end';
      return { fact, advice };
    }
    case 'content': {
      const speech = a.dialogue.quotes.filter((x) => x.speech).length;
      const fact = zh
        ? `全文${a.hanCount}字（本年级建议不少于${a.length.min}字），${speech ? `有${speech}处人物语言，` : ''}细节描写${a.dialogue.description.length}处`
        : `${a.hanCount} characters (the grade expects at least ${a.length.min}), ${speech ? `${speech} lines of speech, ` : ''}${a.dialogue.description.length} descriptive details`;
      const advice = a.hanCount < a.length.min
        ? zh ? '篇幅不足，要把事情的经过写具体' : 'too short: tell the events in more detail'
        : a.dialogue.description.length < 5
          ? zh ? '可增加细节，让读者看得见、听得到' : 'add details the reader can see and hear'
          : zh ? '内容较充实，可突出最打动人的一处' : 'rich enough; make the most moving moment stand out';
      return { fact, advice };
    }
    case 'structure': {
      const n = a.paragraphs.length;
      const long = a.paragraphs.filter((p) => p.hanCount > 350).length;
      const fact = zh ? `全文分${n}段${long ? `，其中${long}段超过350字` : ''}` : `${n} paragraph(s)${long ? `, ${long} longer than 350 characters` : ''}`;
      const advice = n <= 2
        ? zh ? '段落太少，应按事情发展或观点层次分段' : 'too few paragraphs: split by stages of the story or steps of the argument'
        : long
          ? zh ? '过长的段落可拆分，层次会更清楚' : 'split the long paragraphs to show the structure'
          : zh ? '层次清楚，注意段与段之间的过渡' : 'clearly organised; watch the transitions between paragraphs';
      return { fact, advice };
    }
    case 'language': {
      const good = a.vocabulary.goodWords.map((w) => w.word);
      const long = a.sentenceStats.long.length;
      const fact = good.length
        ? zh ? `${q(good, lang)}等词语用得准确` : `words such as ${q(good, lang)} are well chosen`
        : zh ? '用词较平实' : 'the wording is plain';
      const advice = long
        ? zh ? `有${long}个长句读来吃力，可拆短` : `${long} long sentence(s) are hard to follow; shorten them`
        : a.sentenceStats.variety < 0.5
          ? zh ? '句式较单一，可长短句结合，适当用感叹句、疑问句' : 'sentences are similar; mix long and short, add a question or exclamation'
          : zh ? '句式有变化，继续积累生动的词语' : 'sentence patterns vary; keep collecting vivid words';
      return { fact, advice };
    }
    case 'rhetoric': {
      const kinds = [...new Set(a.rhetoric.map((r) => r.kind))];
      const fact = kinds.length
        ? zh ? `运用了${kinds.map((k) => RHETORIC_NAMES[k].zh).join('、')}（共${a.rhetoric.length}处）` : `uses ${kinds.map((k) => RHETORIC_NAMES[k].en).join(', ')} (${a.rhetoric.length} in all)`
        : zh ? '未见明显的修辞手法' : 'no clear rhetorical device';
      const advice = kinds.length >= 2
        ? zh ? '修辞运用自然，注意与内容贴合' : 'devices read naturally; keep them tied to the content'
        : zh ? '可尝试用比喻、拟人让描写更形象' : 'try a simile or personification to make the description vivid';
      return { fact, advice };
    }
    case 'mechanics': {
      const w = a.wrongChars.map((x) => `${x.wrong}→${x.fix}`);
      const fact = zh
        ? `发现错别字${w.length}处${w.length ? `（${w.slice(0, 4).join('，')}）` : ''}，标点问题${a.punctuation.length}处`
        : `${w.length} wrong character(s)${w.length ? ` (${w.slice(0, 4).join(', ')})` : ''}, ${a.punctuation.length} punctuation issue(s)`;
      const advice = w.length || a.punctuation.length
        ? zh ? '写完后通读一遍，订正错字和标点' : 'read it through once more and fix characters and punctuation'
        : zh ? '书写规范，继续保持' : 'clean writing: keep it up';
      return { fact, advice };
    }
    case 'description': {
      const k = a.dialogue.descriptionKinds;
      const used = (Object.keys(k) as Array<keyof typeof k>).filter((x) => k[x] > 0);
      const names = { sensory: { zh: '感官', en: 'sensory' }, psychological: { zh: '心理', en: 'inner' }, environment: { zh: '环境', en: 'setting' }, action: { zh: '动作', en: 'action' } };
      const fact = used.length
        ? zh ? `有${used.map((x) => names[x].zh).join('、')}描写` : `has ${used.map((x) => names[x].en).join(', ')} description`
        : zh ? '描写较少' : 'little description';
      const advice = used.length >= 3 ? (zh ? '描写角度丰富' : 'description from several angles') : zh ? '可从多个角度描写人物和场景' : 'describe people and places from more angles';
      return { fact, advice };
    }
    case 'emotion': {
      const feel = a.dialogue.description.filter((d) => d.kind === 'psychological').map((d) => d.word);
      const fact = feel.length ? (zh ? `${q(feel, lang)}等词写出了内心感受` : `${q(feel, lang)} show the writer’s feelings`) : zh ? '较少直接写出内心感受' : 'feelings are seldom expressed';
      const advice = zh ? '情感要融在具体的事里，避免空喊口号' : 'let feelings come through events rather than statements';
      return { fact, advice };
    }
    case 'creativity': {
      const fact = a.goodSentences.length
        ? zh ? `有${a.goodSentences.length}处亮点句子` : `${a.goodSentences.length} standout sentence(s)`
        : zh ? '亮点句子不多' : 'few standout sentences';
      const advice = a.vocabulary.fourCharRate > 80
        ? zh ? '四字词语偏多，显得套话多，可换成自己的话' : 'many four-character set phrases; say it in your own words'
        : zh ? '可从独特的角度选材，写出自己的发现' : 'pick an angle of your own and show what you noticed';
      return { fact, advice };
    }
    case 'genre': {
      const g = GENRE_NAMES[a.genre.genre][lang];
      const req = a.relevance.requirements.find((r) => r.check === 'genre');
      const fact = zh ? `文章写成了${g}` : `it reads as a ${g}`;
      const advice = req && !req.met ? (zh ? '与要求的文体不符，请按要求的文体写作' : 'this is not the genre asked for') : zh ? '文体特征较明显' : 'the genre is clear';
      return { fact, advice };
    }
  }
}

export function dimensionComment(d: DimensionScore, a: TextAnalysis, total: number, lang: Lang): string {
  const { fact, advice } = dimensionFacts(d.id, a, lang);
  // An essay flagged for drifting off its topic is never praised for keeping to it.
  const tone = d.percent >= total + 2 && !(d.id === 'theme' && drifted(a)) ? 'strong' : d.percent <= total - 2 ? 'weak' : 'even';
  if (lang === 'zh') {
    const t = tone === 'strong' ? '是本文的长处' : tone === 'weak' ? '是需要加强的地方' : '表现平稳';
    return `${d.name}（${d.label}）${t}：${fact}；${advice}。`;
  }
  const t = tone === 'strong' ? 'a strength' : tone === 'weak' ? 'needs work' : 'steady';
  return `${d.name} (${d.label}), ${t}: ${fact}; ${advice}.`;
}

export function overallComment(a: TextAnalysis, s: ScoreResult, title: string, lang: Lang): string {
  const zh = lang === 'zh';
  const drift = drifted(a);
  const sorted = [...s.dimensions].sort((x, y) => y.percent - x.percent || x.id.localeCompare(y.id));
  const best = sorted.find((d) => !(drift && d.id === 'theme'));
  // With drift, the theme's advice is the drift sentence itself: not repeated as the weakest dimension.
  const worst = [...sorted].reverse().find((d) => !(drift && d.id === 'theme'));
  const band = GRADE_BANDS.find((b) => b.band === s.band)!;
  const genre = GENRE_NAMES[a.genre.genre][lang];
  const good = a.goodSentences[0];
  const quote = good ? [...good.cues.filter((c) => !(c in RHETORIC_NAMES))][0] : undefined;
  const parts: string[] = [];
  if (zh) {
    parts.push(`本文${title ? `以“${title}”为题，` : ''}是一篇${genre}，全文${a.hanCount}字，分${a.paragraphs.length}段${a.hanCount < a.length.min ? `，未达到本年级${a.length.min}字的要求` : ''}。`);
    if (drift) parts.push(`${driftPhrase(drift, lang)}，疑似偏题，${dimensionFacts('theme', a, lang).advice}。`);
    if (best) parts.push(`${best.name}方面做得较好：${dimensionFacts(best.id, a, lang).fact}${quote ? `，如“${quote}”一处` : ''}。`);
    if (worst && worst !== best) parts.push(`${worst.name}方面还需加强：${dimensionFacts(worst.id, a, lang).advice}。`);
    parts.push(s.label === band.zh ? `综合评定：${s.label}。` : `综合评定：${s.label}（${band.zh}）。`);
  } else {
    parts.push(`${title ? `“${title}” is` : 'This is'} a ${genre} of ${a.hanCount} characters in ${a.paragraphs.length} paragraph(s)${a.hanCount < a.length.min ? `, below the ${a.length.min} characters expected for the grade` : ''}.`);
    if (drift) parts.push(`Suspected off-topic: ${driftPhrase(drift, lang)}; ${dimensionFacts('theme', a, lang).advice}.`);
    if (best) parts.push(`Strongest: ${best.name.toLowerCase()}: ${dimensionFacts(best.id, a, lang).fact}${quote ? `, e.g. “${quote}”` : ''}.`);
    if (worst && worst !== best) parts.push(`To improve: ${worst.name.toLowerCase()}: ${dimensionFacts(worst.id, a, lang).advice}.`);
    parts.push(s.label === band.en ? `Overall: ${s.label}.` : `Overall: ${s.label} (${band.en}).`);
  }
  return parts.join(zh ? '' : ' ');
}

// Overall and per-dimension comments, written from the analysis and the scores. Templates are fixed;
// what fills them is read from the essay (quoted sentences, named paragraphs, the errors found), so two
// essays get different comments and the same essay always gets the same one. The wording follows the
// level shown beside it (tone.ts); consistency.ts checks every generated set.
import type { DimensionScore, ScoreResult } from '../scoring/local-scorer.js';
import { GRADE_BANDS } from '../scoring/scales.js';
import type { TextAnalysis } from '../text/analyze.js';
import { endingCutOff } from '../text/ending.js';
import type { Genre } from '../text/genre.js';
import { bestSentence, dimensionFacts, driftPhrase, drifted, type Facts } from './dimension-facts.js';
import { dimensionTone } from './tone.js';

export { driftPhrase } from './dimension-facts.js';
export { dimensionTone } from './tone.js';

type Lang = 'zh' | 'en';

export const GENRE_NAMES: Record<Genre, Record<Lang, string>> = {
  narrative: { zh: '记叙文', en: 'narrative' },
  argumentative: { zh: '议论文', en: 'argumentative essay' },
  expository: { zh: '说明文', en: 'expository essay' },
  poem: { zh: '诗歌', en: 'poem' },
};

const factsOf = (d: Pick<DimensionScore, 'id'>, a: TextAnalysis, lang: Lang): Facts => dimensionFacts(d.id, a, lang, GENRE_NAMES[a.genre.genre][lang]);

export function dimensionComment(d: DimensionScore, a: TextAnalysis, total: number, lang: Lang): string {
  const f = factsOf(d, a, lang);
  const tone = dimensionTone(d, total, a);
  const advice = f.advice;
  if (lang === 'zh') {
    if (tone === 'strong') return `${d.name}（${d.label}）是本文的长处：${f.praise}。`;
    if (tone === 'weak' && advice) return `${d.name}（${d.label}）需要加强：${f.observe}；${advice}。`;
    return `${d.name}（${d.label}）：${f.observe}${advice ? `；${advice}` : ''}。`;
  }
  if (tone === 'strong') return `${d.name} (${d.label}) is a strength: ${f.praise}.`;
  if (tone === 'weak' && advice) return `${d.name} (${d.label}) needs work: ${f.observe}; ${advice}.`;
  return `${d.name} (${d.label}): ${f.observe}${advice ? `; ${advice}` : ''}.`;
}

export function overallComment(a: TextAnalysis, s: ScoreResult, title: string, lang: Lang): string {
  const zh = lang === 'zh';
  const drift = drifted(a);
  const sorted = [...s.dimensions].sort((x, y) => y.percent - x.percent || x.id.localeCompare(y.id));
  // Praise only a strong dimension, criticise only one that is not: never the same one both ways.
  const best = sorted.find((d) => dimensionTone(d, s.percent, a) === 'strong');
  const worst = [...sorted]
    .reverse()
    .find((d) => d !== best && dimensionTone(d, s.percent, a) !== 'strong' && !(drift && d.id === 'theme') && factsOf(d, a, lang).advice !== '');
  // "Needs work" only for a dimension at the bottom of the scale; otherwise it "could be better".
  const firm = worst !== undefined && dimensionTone(worst, s.percent, a) === 'weak';
  const band = GRADE_BANDS.find((b) => b.band === s.band)!;
  // A level (A/B/C, 优秀…, 甲乙丙丁) says it all; an export band beside it can contradict it ("A（良好）").
  const numeric = /^\d+(\.\d+)?$/.test(s.label);
  const quote = bestSentence(a);
  const short = a.hanCount < a.length.min;
  const cutOff = endingCutOff(a);
  const last = a.paragraphs[a.paragraphs.length - 1];
  const tail = last ? [...last.text].slice(-8).join('') : '';
  const parts: string[] = [];
  // The strength comes first: it is what a sample's reason and a parent read before anything else.
  if (zh) {
    if (best) parts.push(`${best.name}是本文的长处：${factsOf(best, a, lang).praise}。`);
    else if (quote) parts.push(`写得较好的句子如“${quote}”。`);
    if (drift) parts.push(`${driftPhrase(drift, lang)}，疑似偏题，${factsOf({ id: 'theme' }, a, lang).advice}。`);
    if (cutOff) parts.push(`结尾停在“${tail}”，文章没有写完。`);
    if (short) parts.push(`全文${a.hanCount}字，未达到${a.length.source === 'teacher' ? '' : '本年级'}${a.length.min}字的要求。`);
    if (worst) {
      parts.push(`${worst.name}方面${firm ? '还需加强' : '还可提高'}：${factsOf(worst, a, lang).advice}。`);
    }
    if (!parts.length) parts.push(`本文${title ? `以“${title}”为题，` : ''}是一篇${GENRE_NAMES[a.genre.genre].zh}。`);
    parts.push(numeric ? `综合评定：${s.label}（${band.zh}）。` : `综合评定：${s.label}。`);
  } else {
    if (best) parts.push(`Strength: ${best.name.toLowerCase()}: ${factsOf(best, a, lang).praise}.`);
    else if (quote) parts.push(`A sentence that works well: “${quote}”.`);
    if (drift) parts.push(`Suspected off-topic: ${driftPhrase(drift, lang)}; ${factsOf({ id: 'theme' }, a, lang).advice}.`);
    if (cutOff) parts.push(`The essay stops at “${tail}”, unfinished.`);
    if (short) parts.push(`${a.hanCount} characters, below the ${a.length.min} characters ${a.length.source === 'teacher' ? 'the task asks for' : 'expected for the grade'}.`);
    if (worst) {
      parts.push(`${firm ? 'To improve' : 'Could be better'}: ${worst.name.toLowerCase()}: ${factsOf(worst, a, lang).advice}.`);
    }
    if (!parts.length) parts.push(`${title ? `“${title}” is` : 'This is'} a ${GENRE_NAMES[a.genre.genre].en}.`);
    parts.push(numeric ? `Overall: ${s.label} (${band.en}).` : `Overall: ${s.label}.`);
  }
  return parts.join(zh ? '' : ' ');
}

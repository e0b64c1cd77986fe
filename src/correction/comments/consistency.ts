// The consistency checker: reads a generated comment set (overall, dimensions, paragraphs, sentence
// notes) against its own analysis and scores and lists every place where it contradicts itself or the
// essay, the way a teacher reading it would. correctText runs it on what it returns; bench and tests
// run it over whole classes, where advice repeated in most essays is caught too.
import type { DimensionScore } from '../scoring/local-scorer.js';
import type { TextAnalysis } from '../text/analyze.js';
import { endingCutOff } from '../text/ending.js';
import { hasDoubt, rejectsQuoted } from './evidence.js';
import { levelPosition } from './tone.js';

export type ConsistencyRule =
  | 'levelWording'
  | 'zeroErrorsAdvice'
  | 'unfinishedEnding'
  | 'offTopicRequirementsMet'
  | 'endingAdviceVsPraise'
  | 'countsInText'
  | 'internalWord'
  | 'rawSymbol'
  | 'praiseOfRejected'
  | 'doubtQuoted'
  | 'repeatedAdvice';

export interface Contradiction {
  rule: ConsistencyRule;
  /** where it was found: overall, dimension:<id>, paragraph:<n>, note:<start>, class */
  where: string;
  text: string;
}

/** What the checker reads: a CorrectionResult fits. */
export interface CommentSet {
  analysis: TextAnalysis;
  score?: { label: string; dimensions: Array<Pick<DimensionScore, 'id' | 'name' | 'label' | 'percent'>> } | undefined;
  comments: { overall: string; dimensions: Array<{ id: string; text: string }>; paragraphs: Array<{ paragraph: number; text: string }> };
  notes: Array<{ kind: string; start: number; end: number; message: string }>;
  flags?: Array<{ code: string }>;
}

const PRAISE = /长处|继续保持|表现突出|is a strength|keep it up/u;
const NEEDS_WORK = /需要加强|还需加强|needs work|To improve/u;
const ERROR_ADVICE = /订正|写成了|”应为“|” should be “|错别字\d|\d+处错别字|检查错别字|错别字[：:]|wrong character\(s\) \(|correct “/u;
const PUNCT_ADVICE = /改正标点|标点有\d+处|fix the punctuation/u;
const ENDING_PRAISE = /结尾扣题|回扣题目|首尾呼应|呼应“|closes back on|comes back to the title/u;
const REQUIREMENTS_MET = /写作要求都已做到|紧扣题目|requirements are met/u;
const ENDING_ADVICE = /结尾[^。；]{0,30}可再(次点明|回到)|bring the ending back to/u;
const COUNTS = /全文\d+句|全文\d+字，分\d+段|平均每[句段]|\d+句中|共\d+处|\d+个较生动|细节描写\d+处|出现\d+次|\d+ sentences|on average|lines of speech/u;
const INTERNAL = /actionChain|\b[a-z]+[A-Z][A-Za-z]*\b|\bundefined\b|\bNaN\b|\[object/u;
const RAW = /→|->|=>/u;

/** Every text of the set with where it came from. */
function texts(r: CommentSet): Array<{ where: string; text: string }> {
  return [
    { where: 'overall', text: r.comments.overall },
    ...r.comments.dimensions.map((d) => ({ where: `dimension:${d.id}`, text: d.text })),
    ...r.comments.paragraphs.map((p) => ({ where: `paragraph:${p.paragraph + 1}`, text: p.text })),
    ...r.notes.map((n) => ({ where: `note:${n.start}`, text: n.message })),
  ];
}

/** The body text of the analysis, rebuilt from its paragraphs at their offsets. */
function bodyText(a: TextAnalysis): string {
  let out = '';
  for (const p of a.paragraphs) out = out.padEnd(p.start, '\n') + p.text;
  return out;
}

/** Quoted phrases of a text: “…” and the nested ‘…’ turned back into the essay's own marks. */
function quotedPhrases(text: string): string[] {
  return [...text.matchAll(/“([^“”]+)”/gu)].map((m) => m[1]!).filter((x) => [...x].length >= 2);
}

/** Every offset where a quoted phrase occurs in the body (nested marks tried both ways). */
function occurrences(body: string, phrase: string): number[] {
  const out: number[] = [];
  for (const variant of new Set([phrase, phrase.replace(/‘/g, '“').replace(/’/g, '”')])) {
    for (let at = body.indexOf(variant); at >= 0; at = body.indexOf(variant, at + 1)) out.push(at);
  }
  return out;
}

export function checkComments(r: CommentSet): Contradiction[] {
  const a = r.analysis;
  const out: Contradiction[] = [];
  const add = (rule: ConsistencyRule, where: string, text: string) => out.push({ rule, where, text });
  const all = texts(r);
  const dims = new Map((r.score?.dimensions ?? []).map((d) => [d.id, d] as const));

  // The level shown and the words beside it.
  for (const d of r.comments.dimensions) {
    const s = dims.get(d.id as DimensionScore['id']);
    if (!s) continue;
    const at = levelPosition(s);
    if (at === 'bottom' && PRAISE.test(d.text)) add('levelWording', `dimension:${d.id}`, d.text);
    if (at !== 'bottom' && NEEDS_WORK.test(d.text)) add('levelWording', `dimension:${d.id}`, d.text);
  }
  for (const sentence of r.comments.overall.split(/(?<=[。.])/u)) {
    const named = [...dims.values()].find((d) => sentence.startsWith(d.name) || sentence.toLowerCase().includes(`: ${d.name.toLowerCase()}:`));
    if (!named) continue;
    if (/长处|Strength/u.test(sentence) && levelPosition(named) === 'bottom') add('levelWording', 'overall', sentence);
    if (NEEDS_WORK.test(sentence) && levelPosition(named) !== 'bottom') add('levelWording', 'overall', sentence);
  }

  // Nothing found, nothing to correct.
  for (const t of all) {
    if (!a.wrongChars.length && ERROR_ADVICE.test(t.text)) add('zeroErrorsAdvice', t.where, t.text);
    if (!a.punctuation.length && PUNCT_ADVICE.test(t.text)) add('zeroErrorsAdvice', t.where, t.text);
    if (/错别字0处|0 wrong/u.test(t.text)) add('zeroErrorsAdvice', t.where, t.text);
  }

  // An unfinished essay has no ending to praise; an off-topic one has not met its requirements.
  const unfinished = endingCutOff(a) || (r.flags ?? []).some((f) => f.code === 'INCOMPLETE_ESSAY');
  const offTopic = a.relevance.drift?.drifted === true || (r.flags ?? []).some((f) => f.code === 'OFF_TOPIC');
  for (const t of all) {
    if (unfinished && ENDING_PRAISE.test(t.text)) add('unfinishedEnding', t.where, t.text);
    if (offTopic && REQUIREMENTS_MET.test(t.text)) add('offTopicRequirementsMet', t.where, t.text);
  }
  const endingPraised = r.comments.paragraphs.some((p) => ENDING_PRAISE.test(p.text));
  for (const t of all) if (endingPraised && ENDING_ADVICE.test(t.text)) add('endingAdviceVsPraise', t.where, t.text);

  // Words a pupil or parent should never read.
  for (const t of all) {
    if (COUNTS.test(t.text)) add('countsInText', t.where, t.text);
    if (INTERNAL.test(t.text)) add('internalWord', t.where, t.text);
    if (RAW.test(t.text)) add('rawSymbol', t.where, t.text);
  }

  // Praise of what the essay rejects, and quotes of what the OCR was not sure of.
  for (const n of r.notes) {
    if (n.kind !== 'goodSentence') continue;
    const s = a.sentences.find((x) => n.start >= x.start && n.start < x.end);
    if (s && rejectsQuoted(a, s.index)) add('praiseOfRejected', `note:${n.start}`, n.message);
    if (hasDoubt(a, n.start, n.end)) add('doubtQuoted', `note:${n.start}`, n.message);
  }
  const body = bodyText(a);
  for (const t of all) {
    for (const phrase of quotedPhrases(t.text)) {
      const at = occurrences(body, phrase);
      if (!at.length) continue;
      if (at.every((o) => hasDoubt(a, o, o + phrase.length))) add('doubtQuoted', t.where, phrase);
      const praised = /如“|好句|写得较好|长处|用得准确|生动/u.test(t.text);
      if (praised && at.every((o) => rejectsQuoted(a, a.sentences.find((s) => o >= s.start && o < s.end)?.index ?? -1))) add('praiseOfRejected', t.where, phrase);
    }
  }
  return out;
}

/** The advice of a comment: what follows its last ；outside quotation marks (dimension comments), else nothing. */
function adviceOf(text: string): string | undefined {
  let depth = 0;
  let cut = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '“' || c === '‘') depth++;
    else if ((c === '”' || c === '’') && depth > 0) depth--;
    else if ((c === '；' || c === ';') && depth === 0) cut = i;
  }
  return cut < 0 ? undefined : text.slice(cut + 1).replace(/[。.]$/u, '').trim();
}

/** Advice exempt from the class rule: a requirement check is made for each essay on its own. */
const PER_ESSAY_FACT = /^(还未做到的写作要求|requirements not met yet)/u;

/**
 * A class's comment sets: each checked on its own, plus the same advice given in more than half the
 * essays (from four essays up), which reads as a template rather than a reading of each essay.
 */
export function checkClassComments(sets: CommentSet[]): Contradiction[] {
  const out = sets.flatMap((r, i) => checkComments(r).map((c) => ({ ...c, where: `essay:${i + 1}/${c.where}` })));
  if (sets.length < 4) return out;
  const seen = new Map<string, Set<number>>();
  sets.forEach((r, i) => {
    for (const d of r.comments.dimensions) {
      const advice = adviceOf(d.text);
      if (!advice || PER_ESSAY_FACT.test(advice)) continue;
      seen.set(advice, (seen.get(advice) ?? new Set()).add(i));
    }
  });
  for (const [advice, essays] of seen) if (essays.size * 2 > sets.length) out.push({ rule: 'repeatedAdvice', where: 'class', text: `${advice}（${essays.size}/${sets.length}）` });
  return out;
}

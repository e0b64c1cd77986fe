// How an essay reads from start to end, measured the same way whatever its topic: whether it ends or
// just stops, whether its last paragraph closes (reflection, summing up) more than the others do,
// whether its time markers run forward, and how fluent its wording is under a general-language model
// (wrong characters and broken word order make text improbable). Inputs of the monotone scorer.
import type { TextAnalysis } from '../text/analyze.js';
import { clauseCost, getWordLm } from '../spelling/word-lm.js';

export const ORDER_FEATURES = ['unfinished', 'closingContrast', 'positionCues', 'paragraphCohesion', 'orderInversions', 'framing', 'sequelStart', 'lmCost', 'repeatedShare', 'openingRole', 'closingRole', 'closingExclaim', 'sentenceCues', 'sequelOpening'] as const;
export type OrderFeatures = Record<(typeof ORDER_FEATURES)[number], number>;

// Words that close a school narrative: what the writer learned, felt, or will do from now on.
const CLOSING_CUES = ['总之', '这就是', '明白', '懂得', '从此', '难忘', '永远', '忘不了', '感谢', '谢谢', '我想', '相信', '希望', '今后', '以后', '一直', '心中', '心里', '记忆', '回想', '每当', '原来', '终于'];
// Words that open one: the occasion, the time, the person introduced.
const OPENING_CUES = ['有一次', '记得', '那是', '那年', '那天', '小时候', '一天', '曾经', '从小', '第一次', '说起', '我的', '是一位', '是一个', '姓'];
// Words that carry on from something said before: a paragraph that starts with one cannot open an essay.
const SEQUEL_STARTS = /^[\s“"]*(后来|于是|接着|然后|但是|可是|不过|因此|所以|而且|并且|还有|另外|这时|这样|那时|从此|最后|终于|他|她|它|这|那)/u;
// Time and discourse markers by the stage of a text they belong to: beginning, middle, end.
const STAGES: ReadonlyArray<readonly string[]> = [
  ['首先', '起初', '一开始', '刚开始', '小时候', '那时', '记得', '第一'],
  ['然后', '接着', '后来', '随后', '不久', '过了一会', '其次', '第二'],
  ['最后', '终于', '从此', '如今', '至今', '今后', '总之', '总而言之', '综上所述'],
];
// Words that sum up or reflect: they belong to a closing sentence, not an opening one.
const SUMMING_UP = ['总之', '总而言之', '这就是', '这便是', '这就是我的', '我明白了', '我懂得了', '让我明白', '让我懂得', '使我明白', '我永远', '永远不会忘记', '忘不了', '难忘', '从此以后', '从那以后', '今后', '每当', '我爱', '感谢', '谢谢'];
// Words that draw a conclusion: an argument's or a reflection's last step.
const CONCLUDING = ['因此', '所以', '由此可见', '可见', '道理', '人生', '才是', '真正', '啊', '吧'];
// Words that set the scene or introduce: they belong to an opening sentence.
const SETTING = ['记得', '那是', '那年', '那天', '小时候', '有一次', '一天', '曾经', '从小', '说起', '是一位', '是一个', '是我们', '我的', '我有', '我们班', '我们学校', '今年', '去年', '上学期', '这学期', '开学'];

const HAN_RUN = /\p{Script=Han}+/gu;
/** longest clause scored at once: the LM's Viterbi grows with it, and longer runs are rare */
const MAX_CLAUSE = 40;

function cueDensity(text: string, cues: readonly string[] = CLOSING_CUES): number {
  let n = 0;
  for (const c of cues) for (let at = text.indexOf(c); at >= 0; at = text.indexOf(c, at + 1)) n++;
  return (n * 100) / Math.max(text.length, 20);
}

/** Closing words late and opening words early: Σ (relative position − ½) × (closing − opening density). */
function positionCues(paras: string[]): number {
  if (paras.length < 2) return 0;
  return paras.reduce((s, p, i) => s + (i / (paras.length - 1) - 0.5) * (cueDensity(p) - cueDensity(p, OPENING_CUES)), 0) / paras.length;
}

function bigrams(text: string): Set<string> {
  const han = text.replace(/[^\p{Script=Han}]/gu, '');
  const out = new Set<string>();
  for (let i = 0; i + 2 <= han.length; i++) out.add(han.slice(i, i + 2));
  return out;
}
const jaccard = (a: Set<string>, b: Set<string>) => {
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both || 1);
};

/** How much more neighbouring paragraphs share than paragraphs do on average (0 for fewer than three):
 * in an essay that flows, each paragraph picks up from the one before. */
function paragraphCohesion(paras: string[]): number {
  if (paras.length < 3) return 0;
  const sets = paras.map(bigrams);
  let adjacent = 0;
  let all = 0;
  let pairs = 0;
  for (let i = 0; i < sets.length; i++)
    for (let j = i + 1; j < sets.length; j++) {
      const s = jaccard(sets[i]!, sets[j]!);
      all += s;
      pairs++;
      if (j === i + 1) adjacent += s;
    }
  return (adjacent / (sets.length - 1) - all / pairs) * 100;
}

/** 凤头豹尾: how much shorter the opening and closing paragraphs are than the body's (relative to the
 * mean paragraph; 0 for fewer than three paragraphs). */
function framing(paras: string[]): number {
  if (paras.length < 3) return 0;
  const len = paras.map((p) => p.replace(/[^\p{Script=Han}]/gu, '').length);
  const middle = len.slice(1, -1).reduce((s, v) => s + v, 0) / (len.length - 2);
  const all = len.reduce((s, v) => s + v, 0) / len.length || 1;
  return (middle - (len[0]! + len.at(-1)!) / 2) / all;
}

/** Share of Han characters inside an 8-character run already written earlier (any offset): padding by
 * repeating itself, or an OCR loop. */
export function repeatedShare(body: string): number {
  const han = body.replace(/[^\p{Script=Han}]/gu, '');
  const seen = new Set<string>();
  const covered = new Uint8Array(han.length);
  for (let i = 0; i + 8 <= han.length; i++) {
    const w = han.slice(i, i + 8);
    if (seen.has(w)) covered.fill(1, i, i + 8);
    // the window counts as written once it has ended, so a run never repeats itself by overlapping
    if (i >= 8) seen.add(han.slice(i - 8, i));
  }
  return han.length ? covered.reduce((s, v) => s + v, 0) / han.length : 0;
}

/** Stage of each time marker in text order; an inversion is a marker of an earlier stage after a later one. */
function inversions(body: string): number {
  const hits: Array<{ at: number; stage: number }> = [];
  STAGES.forEach((words, stage) => words.forEach((w) => {
    for (let at = body.indexOf(w); at >= 0; at = body.indexOf(w, at + 1)) hits.push({ at, stage });
  }));
  hits.sort((a, b) => a.at - b.at);
  let inv = 0;
  for (let i = 1; i < hits.length; i++) if (hits[i]!.stage < hits[i - 1]!.stage) inv++;
  return hits.length > 1 ? inv / (hits.length - 1) : 0;
}

/** Mean cost (nats) per Han character of the body's clauses under the general word LM. */
export function lmCostPerChar(body: string): number {
  const lm = getWordLm();
  let cost = 0;
  let chars = 0;
  for (const m of body.matchAll(HAN_RUN)) {
    const run = [...m[0]];
    for (let i = 0; i < run.length; i += MAX_CLAUSE) {
      const piece = run.slice(i, i + MAX_CLAUSE);
      if (piece.length < 2) continue;
      cost += clauseCost(lm, piece).cost;
      chars += piece.length;
    }
  }
  return chars ? cost / chars : 0;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const count = (text: string, cues: readonly string[]) => cues.reduce((n, c) => n + (text.includes(c) ? 1 : 0), 0);

/** The body's sentences (text only, Han-bearing), in order. */
function sentenceTexts(a: TextAnalysis): string[] {
  return a.sentences.filter((s) => s.hanCount > 0).map((s) => s.text);
}

/** How much more the text's first sentences open than its last ones do: scene-setting words and the
 * title's words in the first two sentences, against the same in the last two (a text whose opening was
 * moved to the end reads the other way round). */
function openingRole(sent: string[], keywords: string[]): number {
  if (sent.length < 4) return 0;
  const head = sent.slice(0, 2).join('');
  const tail = sent.slice(-2).join('');
  return count(head, SETTING) - count(tail, SETTING) + (count(head, keywords) - count(tail, keywords)) / Math.max(1, keywords.length);
}

/** How much more the last paragraph closes than the first: summing-up, reflecting and concluding
 * words per 100 characters (the first paragraph of one paragraph's text: its first two sentences). */
function closingRole(paras: string[], sent: string[]): number {
  const [first, last] = paras.length > 1 ? [paras[0]!, paras.at(-1)!] : [sent.slice(0, 2).join(''), sent.slice(-2).join('')];
  if (!first || !last) return 0;
  const cues = [...SUMMING_UP, ...CLOSING_CUES, ...CONCLUDING];
  return cueDensity(last, cues) - cueDensity(first, cues);
}

/** Exclamations and questions that close (a last paragraph that calls out, a first that states): the
 * count of ！ and ？ in the last paragraph less the first's. */
function closingExclaim(paras: string[]): number {
  if (paras.length < 2) return 0;
  const marks = (t: string) => (t.match(/[！？!?]/gu) ?? []).length;
  return marks(paras.at(-1)!) - marks(paras[0]!);
}

/** Closing words late and opening words early, sentence by sentence (so a text of one paragraph counts too). */
function sentenceCues(sent: string[]): number {
  if (sent.length < 3) return 0;
  return sent.reduce((s, t, i) => s + (i / (sent.length - 1) - 0.5) * (count(t, SUMMING_UP) + count(t, CLOSING_CUES) - count(t, SETTING) - count(t, OPENING_CUES)), 0);
}

export function extractOrderFeatures(a: TextAnalysis): OrderFeatures {
  const paras = a.paragraphs.map((p) => p.text);
  const body = paras.join('\n');
  const last = a.sentences.filter((s) => s.hanCount > 0).at(-1);
  // an essay that stops mid-sentence: its last sentence has no closing mark
  const unfinished = last && !last.end_mark && !/[。！？…”’」]\s*$/u.test(last.text) ? 1 : 0;
  const others = paras.slice(0, -1);
  const sent = sentenceTexts(a);
  const keywords = a.relevance.titleKeywords.map((u) => u.keyword);
  const closingContrast = paras.length > 1 ? cueDensity(paras.at(-1)!) - others.reduce((s, p) => s + cueDensity(p), 0) / others.length : 0;
  return {
    unfinished,
    closingContrast: r3(closingContrast),
    positionCues: r3(positionCues(paras)),
    paragraphCohesion: r3(paragraphCohesion(paras)),
    orderInversions: r3(inversions(body)),
    framing: r3(framing(paras)),
    sequelStart: paras.length > 1 && SEQUEL_STARTS.test(paras[0]!) ? 1 : 0,
    lmCost: r3(lmCostPerChar(body)),
    repeatedShare: r3(repeatedShare(body)),
    openingRole: r3(openingRole(sent, keywords)),
    closingRole: r3(closingRole(paras, sent)),
    closingExclaim: closingExclaim(paras),
    sentenceCues: r3(sentenceCues(sent)),
    // the text's first sentence carries on from something said before, or opens on a he/she nobody has
    // been named for yet (a text of one paragraph too)
    sequelOpening: sent.length > 1 && SEQUEL_STARTS.test(sent[0]!) ? 1 : 0,
  };
}

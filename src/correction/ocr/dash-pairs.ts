// A dash (——) written as two strokes, one per cell or side by side, is read as 一一: the recogniser
// weighs — or － at those positions, but 一 wins by a little. Two 一 side by side are rare in running
// text (一一 "one by one" before a verb), a dash is common (before an explanation, a quote, a pause).
// So a pair of 一 that both give the dash real weight is read as —— unless the language model
// clearly prefers 一一 where it stands (product-rules.md#ocr).
import type { CharLm } from './char-lm.js';
import { START } from './char-lm.js';

interface Pos {
  text: string;
  confidence: number;
  candidates?: Array<{ text: string; p: number }>;
}

const DASHES = new Set(['—', '－', '─', '-', '_', '一']);
/** the dash's weight the recogniser must give at both positions */
const DASH_MIN = 0.1;

const dashP = (c: Pos): number => (c.candidates ?? []).filter((k) => k.text !== '一' && DASHES.has(k.text)).reduce((a, k) => a + k.p, 0);
const yiP = (c: Pos): number => (c.candidates ?? []).find((k) => k.text === '一')?.p ?? (c.text === '一' ? c.confidence : 0);

/**
 * Positions i, i+1 that read 一一 (or 一— / —一) and are a dash by the recogniser's weights and the
 * model's view of the neighbours: both texts become —. Returns the line with those positions re-read.
 */
export function readDashPairs<T extends Pos>(line: T[], lm: CharLm, weight: number): T[] {
  const out = line.slice();
  for (let i = 0; i + 1 < out.length; i++) {
    const a = out[i]!;
    const b = out[i + 1]!;
    if (!DASHES.has(a.text) || !DASHES.has(b.text) || (a.text !== '一' && b.text !== '一')) continue;
    const da = a.text === '一' ? dashP(a) : a.confidence;
    const db = b.text === '一' ? dashP(b) : b.confidence;
    if (da < DASH_MIN || db < DASH_MIN) continue;
    const next = out[i + 2]?.text;
    const han = (t: string | undefined): t is string => !!t && /^\p{Script=Han}$/u.test(t);
    // 一一 as text: the model's bigrams inside it and into the next character; as a dash: the next run
    // starts afresh. The character before is scored on neither side: the model has no — (its floor), and
    // charging 一一 for P(一 | prev) alone tipped 一一 after any character (他一一检查) towards the dash.
    const lmYi = lm.logP('一', '一') + (han(next) ? lm.logP('一', next) : 0);
    const lmDash = han(next) ? lm.logP(START, next) : 0;
    const yi = Math.log(Math.max(1e-6, yiP(a))) + Math.log(Math.max(1e-6, yiP(b))) + weight * lmYi;
    const dash = Math.log(da) + Math.log(db) + weight * lmDash;
    if (dash <= yi) continue;
    for (const [k, c] of [[i, a], [i + 1, b]] as const) {
      out[k] = { ...c, text: '—', confidence: Math.min(c.confidence, Math.max(da, db)) };
    }
    i++;
  }
  return out;
}

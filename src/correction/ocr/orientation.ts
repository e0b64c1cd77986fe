// The page levelled (its skew undone) and turned when upside down (there is no angle classifier: the
// recogniser's confidence on a few rows as they are and turned by 180° decides).
import { estimateSkew, inkMask, rotate180, rotateGray, type Gray } from '../image/raster.js';
import { meanConf, recognizeLineImage } from './ctc-decode.js';
import { pack } from './line-pack.js';
import type { Models } from './paddle-models.js';
import type { RowPlan } from './row-plan.js';

export interface Levelled {
  gray: Gray;
  /** levelled point -> working-image point */
  toWork: (x: number, y: number) => [number, number];
  skew: number;
  skewSharpness: number;
}

export async function level(norm: Gray, known?: { skewDegrees: number; skewSharpness: number }): Promise<Levelled> {
  const { degrees, sharpness } = known ? { degrees: known.skewDegrees, sharpness: known.skewSharpness } : estimateSkew(inkMask(norm, 165), norm.width, norm.height);
  if (Math.abs(degrees) < 0.15) return { gray: norm, toWork: (x, y) => [x, y], skew: degrees, skewSharpness: sharpness };
  const r = await rotateGray(norm, -degrees);
  return { gray: r.gray, toWork: r.toSource, skew: degrees, skewSharpness: sharpness };
}

/** A page is turned by 180° only when its turned rows read at least this confidently. */
const FLIP_MIN_CONFIDENCE = 0.5;

/**
 * Rows read upright at least this confidently are not read turned: a page upside down reads at 0.3–0.5
 * as given, and a page read this surely as given is upright (two of the six recogniser calls of the
 * check, on the longest rows, were spent on every upright page for nothing).
 */
const UPRIGHT_SURE = 0.85;

/**
 * Is the page upside down? Compare the recogniser's confidence on a few rows with and without a 180° turn
 * (`turned` is 0 when the rows read as given were sure enough not to look: UPRIGHT_SURE).
 */
export async function looksUpsideDown(m: Models, g: Gray, rows: RowPlan[], cellMode: boolean): Promise<{ flipped: boolean; upright: number; turned: number }> {
  const sample = [...rows].sort((a, b) => b.segs.length - a.segs.length).slice(0, 3);
  const packed = sample.map((r) => pack(g, r.segs.slice(0, 12), cellMode || r.segs.length > 1).img);
  let up = 0;
  for (const img of packed) up += meanConf(await recognizeLineImage(m, img));
  const n = Math.max(1, sample.length);
  if (up / n >= UPRIGHT_SURE) return { flipped: false, upright: up / n, turned: 0 };
  let down = 0;
  for (const img of packed) down += meanConf(await recognizeLineImage(m, rotate180(img)));
  // (turned only when it then reads with some confidence: a hard hand reads badly both ways, and a
  // cursive lined photo at 0.27 upright, 0.41 turned was read upside down into nothing)
  return { flipped: down / n > up / n + 0.08 && down / n >= FLIP_MIN_CONFIDENCE, upright: up / n, turned: down / n };
}

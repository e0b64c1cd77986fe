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

/** Is the page upside down? Compare the recogniser's confidence on a few rows with and without a 180° turn. */
export async function looksUpsideDown(m: Models, g: Gray, rows: RowPlan[], cellMode: boolean): Promise<{ flipped: boolean; upright: number; turned: number }> {
  const sample = [...rows].sort((a, b) => b.segs.length - a.segs.length).slice(0, 3);
  let up = 0;
  let down = 0;
  for (const r of sample) {
    const p = pack(g, r.segs.slice(0, 12), cellMode || r.segs.length > 1);
    up += meanConf(await recognizeLineImage(m, p.img));
    down += meanConf(await recognizeLineImage(m, rotate180(p.img)));
  }
  const n = Math.max(1, sample.length);
  // (turned only when it then reads with some confidence: a hard hand reads badly both ways, and a
  // cursive lined photo at 0.27 upright, 0.41 turned was read upside down into nothing)
  return { flipped: down / n > up / n + 0.08 && down / n >= FLIP_MIN_CONFIDENCE, upright: up / n, turned: down / n };
}

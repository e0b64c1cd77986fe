// A grid row read two ways, the better kept. Cell by cell is right for a hand that keeps to its cells
// (punctuation in its own cell, 一 and digits kept); a pupil who writes across the cell borders has
// characters cut in two by the cells, and the recogniser reads the halves as other characters. The row
// read as one line (its written span, the printed rules between the cells whitened) has each character
// whole. The recogniser's own confidence, after the language model, decides per row.
import type { Span } from '../image/layout.js';
import type { Gray } from '../image/raster.js';

export interface RowChar {
  text: string;
  confidence: number;
}

/** The line reading replaces the cells' when its characters are surer on average by this much. */
export const LINE_GAIN = 0.06;
/** ... and it reads at least this share of the characters the cells read (a line that lost ink is no better). */
export const LINE_MIN_SHARE = 0.8;
/** A row is read as a line too only when ROW_DOUBT_MIN of its characters were read under this confidence. */
export const ROW_DOUBT = 0.75;
/**
 * A hand across the borders has characters cut in two all along the row, each read with doubt; one doubtful
 * character is a hard character in a hand that keeps to its cells (on the development set's grid pages the
 * line reading, asked for on most rows for one such character, was never kept and cost a quarter of the page's time).
 */
export const ROW_DOUBT_MIN = 2;

const HAN = /^\p{Script=Han}$/u;

function meanHan(cs: RowChar[]): { mean: number; n: number } {
  const han = cs.filter((c) => HAN.test(c.text));
  return { mean: han.length ? han.reduce((a, c) => a + c.confidence, 0) / han.length : 0, n: han.length };
}

/** Keep the row's line reading instead of its cells' reading? */
export function lineReadsBetter(cells: RowChar[], line: RowChar[]): boolean {
  const a = meanHan(cells);
  const b = meanHan(line);
  if (!b.n) return false;
  return b.mean >= a.mean + LINE_GAIN && b.n >= a.n * LINE_MIN_SHARE;
}

/**
 * The written span of a grid row as one grey image: from its first written cell to its last, with the
 * printed rules between columns (the gaps between column interiors) painted white, so the recogniser sees
 * ink only. `x0` is where the image starts on the page.
 */
export function rowBand(g: Gray, band: { x0: number; y0: number; x1: number; y1: number }, cols: Span[]): { img: Gray; x0: number } {
  const x0 = Math.max(0, Math.floor(band.x0));
  const y0 = Math.max(0, Math.floor(band.y0));
  const x1 = Math.min(g.width, Math.ceil(band.x1));
  const y1 = Math.min(g.height, Math.ceil(band.y1));
  const width = Math.max(1, x1 - x0);
  const height = Math.max(1, y1 - y0);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) data.set(g.data.subarray((y0 + y) * g.width + x0, (y0 + y) * g.width + x0 + width), y * width);
  for (let k = 0; k + 1 < cols.length; k++) {
    const a = Math.max(0, Math.floor(cols[k]!.end) - x0 - 1);
    const b = Math.min(width, Math.ceil(cols[k + 1]!.start) - x0 + 1);
    for (let x = a; x < b; x++) for (let y = 0; y < height; y++) data[y * width + x] = 255;
  }
  return { img: { data, width, height }, x0 };
}

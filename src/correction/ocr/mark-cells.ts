// Grid cells that hold a small mark the recogniser reads badly (product-rules.md#ocr). In a 作文 grid a quote mark
// has a cell of its own and sits in the cell's upper part; packed into a line with the characters
// around it, it is scaled like a character and came back as nothing, as · or as a stray letter (8, S,
// R): quotes were lost and sentences ran together. An ellipsis half (…) in its own cell, a row of dots
// across the middle, read as S. The cell's ink says what such a mark is, whatever the hand: ink only in
// the upper part of the cell is a quote mark (“ ”), a few dots on one level across
// the middle is …. Which way a quote faces is left to the text (resolveQuotes: the open quote closes).
import type { Gray } from '../image/raster.js';

export interface CellBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** a straight double quote: opening or closing is decided from the text around it (resolveQuotes) */
export const QUOTE = '"';

/**
 * A dash's half: one flat stroke across nearly the whole cell (a written 一 leaves room on both sides).
 * Returns the stroke's height in the cell (0 top … 1 bottom), to pair it with the next cell's.
 */
export function dashStrokeInCell(g: Gray, cell: CellBox, inkBelow: number): number | undefined {
  const c = cellInk(g, cell, inkBelow);
  if (!c) return undefined;
  const { w, h, blobs } = c;
  const big = blobs.filter((b) => b.n >= c.n * 0.1);
  if (big.length !== 1) return undefined;
  const b = big[0]!;
  if (b.x1 - b.x0 < w * 0.86 || b.y1 - b.y0 > h * 0.22) return undefined;
  const cy = (b.y0 + b.y1) / 2 / h;
  return cy > 0.3 && cy < 0.7 ? cy : undefined;
}

/** A cell's ink (inside a small inset from its rules): its size, dark pixels and strokes. */
function cellInk(g: Gray, cell: CellBox, inkBelow: number): { w: number; h: number; n: number; blobs: Blob[] } | undefined {
  const inset = Math.max(2, Math.round((cell.y1 - cell.y0) * 0.07));
  const x0 = Math.max(0, Math.round(cell.x0 + inset));
  const y0 = Math.max(0, Math.round(cell.y0 + inset));
  const x1 = Math.min(g.width, Math.round(cell.x1 - inset));
  const y1 = Math.min(g.height, Math.round(cell.y1 - inset));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 10 || h < 10) return undefined;
  const mask = new Uint8Array(w * h);
  let n = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (g.data[(y0 + y) * g.width + x0 + x]! < inkBelow) {
    mask[y * w + x] = 1;
    n++;
  }
  if (n < 6) return undefined;
  return { w, h, n, blobs: components(mask, w, h).filter((b) => b.n >= Math.max(3, n * 0.04)) };
}

/** What a grid cell's ink shows when it is a small mark the recogniser misreads: a quote, an ellipsis, or nothing known. */
export function markInCell(g: Gray, cell: CellBox, inkBelow: number): typeof QUOTE | '…' | undefined {
  const c = cellInk(g, cell, inkBelow);
  if (!c) return undefined;
  const { w, h, n, blobs } = c;
  if (!blobs.length) return undefined;
  const top = Math.min(...blobs.map((b) => b.y0));
  const bottom = Math.max(...blobs.map((b) => b.y1));
  const left = Math.min(...blobs.map((b) => b.x0));
  const right = Math.max(...blobs.map((b) => b.x1));
  // a mark is small: a character fills much more of its cell
  if (n > w * h * 0.12) return undefined;
  // upper part only (a comma or full stop sits low; a character reaches the lower half)
  // (each stroke a tick, not a flat stroke: a dash written high is no quote)
  if (bottom <= h * 0.55 && bottom - top <= h * 0.4 && right - left <= w * 0.75 && blobs.length <= 3 && blobs.every((b) => b.x1 - b.x0 <= 2 * (b.y1 - b.y0) + 2) && sideBySide(blobs, h)) {
    // two strokes side by side, or one where blur or a quick hand joined them: “ ” (‘ ’ are rare in pupils'
    // essays, and a single tick is more often a double quote whose strokes touch)
    return QUOTE;
  }
  // dots on one level across the middle: two or more blobs, each small, none tall
  const mid = (top + bottom) / 2;
  if (blobs.length >= 2 && blobs.length <= 4 && bottom - top <= h * 0.25 && mid > h * 0.3 && mid < h * 0.7 && right - left >= w * 0.4) {
    if (blobs.every((b) => b.x1 - b.x0 <= w * 0.3 && b.y1 - b.y0 <= h * 0.25)) return '…';
  }
  return undefined;
}

/**
 * Quote strokes stand side by side at one height (a ！ or ： stands one above the other); one stroke alone
 * (two joined) is about as wide as tall, not a narrow upright bar.
 */
function sideBySide(blobs: Blob[], h: number): boolean {
  if (blobs.length === 1) return blobs[0]!.x1 - blobs[0]!.x0 >= (blobs[0]!.y1 - blobs[0]!.y0) * 0.6;
  const s = [...blobs].sort((a, b) => a.x0 - b.x0);
  return s.every((b, i) => i === 0 || (b.x0 >= s[i - 1]!.x1 - 1 && Math.abs((b.y0 + b.y1) / 2 - (s[i - 1]!.y0 + s[i - 1]!.y1) / 2) <= h * 0.15));
}

interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  n: number;
}

/** 8-connected components of a mask (cells are small: a flood fill is enough) */
function components(mask: Uint8Array, w: number, h: number): Blob[] {
  const seen = new Uint8Array(w * h);
  const out: Blob[] = [];
  const stack: number[] = [];
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i] || seen[i]) continue;
    const b: Blob = { x0: w, y0: h, x1: 0, y1: 0, n: 0 };
    seen[i] = 1;
    stack.push(i);
    while (stack.length) {
      const k = stack.pop()!;
      const x = k % w;
      const y = (k - x) / w;
      b.n++;
      b.x0 = Math.min(b.x0, x);
      b.y0 = Math.min(b.y0, y);
      b.x1 = Math.max(b.x1, x + 1);
      b.y1 = Math.max(b.y1, y + 1);
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const j = ny * w + nx;
        if (mask[j] && !seen[j]) {
          seen[j] = 1;
          stack.push(j);
        }
      }
    }
    out.push(b);
  }
  return out;
}

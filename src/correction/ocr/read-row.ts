// Reading a planned row: its segments packed (after any context segments, whose characters are dropped),
// recognised, decoded with the language model, and each character placed in its segment; and a grid row
// read as one line with the rules between its cells whitened.
import type { Span } from '../image/layout.js';
import type { Gray } from '../image/raster.js';
import { recognizeLineImage, type RecChar } from './ctc-decode.js';
import { rowBand } from './grid-row-line.js';
import { pack, type Packed, type Segment } from './line-pack.js';
import { lmDecode } from './lm-decode.js';
import type { Models } from './paddle-models.js';

/**
 * Recognise a row's segments packed after context segments. Returns the packing and the characters read
 * in the row (those in the context dropped), each with the index of its segment in the row.
 */
export async function readRow(m: Models, g: Gray, ctx: Segment[], segs: Segment[], cells: boolean, tail: number, useLm = true): Promise<{ p: Packed; found: Array<{ si: number; c: RecChar; mark?: boolean }> }> {
  const nc = ctx.length;
  const p = pack(g, [...ctx, ...segs], cells, tail);
  // the context ends where the row starts (mid-gap between cells), with no tolerance: a mark written
  // close to the row's start is read a few pixels into it and is the row's
  const ctxEnd = nc ? (p.at[nc - 1]!.end + p.at[nc]!.start) / 2 : -Infinity;
  const found: Array<{ si: number; c: RecChar; mark?: boolean }> = [];
  const read = await recognizeLineImage(m, p.img);
  for (const c of useLm ? lmDecode(read) : read) {
    if (c.x < ctxEnd) continue;
    // the segment whose packed range holds the character's frame centre (nearest when in a gap)
    let si = p.at.findIndex((a) => c.x >= a.start - 3 && c.x < a.end + 3);
    if (si < 0) si = p.at.reduce((best, a, i) => (Math.abs((a.start + a.end) / 2 - c.x) < Math.abs((p.at[best]!.start + p.at[best]!.end) / 2 - c.x) ? i : best), 0);
    found.push({ si: Math.max(si, nc) - nc, c });
  }
  return { p, found };
}

/**
 * A grid row's written span read as one line (rules whitened: rowBand), each character placed back in the
 * cell under its frame centre, its x in the row's own packing (`at`: the cells' spans in the packed row).
 */
export async function readGridRowAsLine(m: Models, g: Gray, segs: Segment[], cols: Span[], at: Span[]): Promise<Array<{ si: number; c: RecChar }>> {
  const band = { x0: segs[0]!.x0, y0: Math.min(...segs.map((s) => s.y0)), x1: segs.at(-1)!.x1, y1: Math.max(...segs.map((s) => s.y1)) };
  const { img, x0 } = rowBand(g, band, cols);
  const { p, found } = await readRow(m, img, [], [{ x0: 0, y0: 0, x1: img.width, y1: img.height }], false, 0);
  const a = p.at[0]!;
  return found.map(({ c }) => {
    // the character's centre on the page, then its cell (the nearest written one when between cells)
    const x = x0 + ((c.x - a.start) * img.width) / Math.max(1, a.end - a.start);
    let si = segs.findIndex((s) => x >= s.x0 && x < s.x1);
    if (si < 0) si = segs.reduce((best, s, i) => (Math.abs((s.x0 + s.x1) / 2 - x) < Math.abs((segs[best]!.x0 + segs[best]!.x1) / 2 - x) ? i : best), 0);
    const s = segs[si]!;
    const span = at[si]!;
    const within = Math.min(1, Math.max(0, (x - s.x0) / Math.max(1, s.x1 - s.x0)));
    return { si, c: { ...c, x: span.start + within * (span.end - span.start) } };
  });
}

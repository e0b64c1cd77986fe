// Where a stretch of the transcript sits on the page images: the boxes of its characters, merged into one
// box per written line. Shared by the engine (AI notes) and the correction panel (the teacher's own
// sentence notes, drawn from the character boxes the review workspace sends).

import type { Box, PageBox } from './box';

export type { Box, PageBox } from './box';

/** One character of the transcript shown: its offset, and the page, OCR line and box it was read from. */
export interface PlacedChar {
  offset: number;
  page: number;
  line: number;
  box: Box;
}

/** On the wire: [offset, page, line, x, y, width, height] (compact: an essay has hundreds of characters). */
export type CharBoxTuple = [number, number, number, number, number, number, number];

export const toTuple = (c: PlacedChar): CharBoxTuple => [c.offset, c.page, c.line, Math.round(c.box.x), Math.round(c.box.y), Math.round(c.box.width), Math.round(c.box.height)];
export const fromTuple = ([offset, page, line, x, y, width, height]: CharBoxTuple): PlacedChar => ({ offset, page, line, box: { x, y, width, height } });

/** Boxes of the characters in [start, end), merged per page line, in reading order. */
export function boxesForRange(chars: Iterable<PlacedChar>, start: number, end: number): PageBox[] {
  const out: Array<PageBox & { line: number }> = [];
  for (const c of chars) {
    if (c.offset < start || c.offset >= end) continue;
    const last = out[out.length - 1];
    if (last && last.page === c.page && last.line === c.line) {
      const x0 = Math.min(last.box.x, c.box.x);
      const y0 = Math.min(last.box.y, c.box.y);
      const x1 = Math.max(last.box.x + last.box.width, c.box.x + c.box.width);
      const y1 = Math.max(last.box.y + last.box.height, c.box.y + c.box.height);
      last.box = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
    } else out.push({ page: c.page, line: c.line, box: { ...c.box } });
  }
  return out.map(({ page, box }) => ({ page, box }));
}

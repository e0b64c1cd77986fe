// A row to read, as a layout plans it (grid cells, a strip between rules, the detector's line), and the
// ink thresholds the layouts share.
import type { Segment } from './line-pack.js';

export interface RowPlan {
  /** segments in reading order */
  segs: Segment[];
  /** for grid rows: column index of each segment; -1 otherwise */
  colIndex: number[];
  /** empty cells before the first written cell and after the last (grid), or indent in chars (lined) */
  lead: number;
  trail: number;
  /** lined and plain: pixels from the row's end to the text's right margin */
  rightGap?: number;
  /** lined and plain: the distance between lines of the page */
  linePitch?: number;
  /** read only as the wrapped end of the line above (stripWrapContext): too little ink, or ink in which the detector found no text */
  wrapOnly?: boolean;
}

export const CONTENT_INK = 165;
/** dark pixels of the faintest mark worth a look (a small 。 in a photo: ≈ 40) */
export const MARK_INK = 20;

/**
 * A grid cell is written when this many of its pixels are darker than CELL_INK: lighter than the content
 * threshold, since pencil on a photographed sheet levels out at 170–200 (at 165 its cells read as empty
 * and were dropped: every third character of such a page was lost), while an empty cell stays above 235.
 */
export const CELL_INK = 205;

/** a trace of ink in a cell between written cells: this many pixels darker than FAINT_INK (an empty cell stays above 235) */
export const FAINT_INK = 222;
export const FAINT_MARK = 6;

/** a row's bounding box */
export function bounds(r: RowPlan): Segment {
  return { x0: Math.min(...r.segs.map((s) => s.x0)), y0: Math.min(...r.segs.map((s) => s.y0)), x1: Math.max(...r.segs.map((s) => s.x1)), y1: Math.max(...r.segs.map((s) => s.y1)) };
}

export const overlaps = (a: Segment, b: Segment): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

export const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

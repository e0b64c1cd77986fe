// Grid paper (作文纸): the written cells of each row (a trace of ink between written cells is a mark), and the
// closing marks of a wrapped sentence read after the row above.
import type { GridLayout } from '../image/layout.js';
import { inkMask, Integral, type Gray } from '../image/raster.js';
import type { Segment } from './line-pack.js';
import { CELL_INK, FAINT_INK, FAINT_MARK, type RowPlan } from './row-plan.js';

export function gridRows(g: Gray, layout: GridLayout): RowPlan[] {
  const integ = new Integral(inkMask(g, CELL_INK), g.width, g.height);
  const faint = new Integral(inkMask(g, FAINT_INK), g.width, g.height);
  const plans: RowPlan[] = [];
  const inset = Math.max(2, Math.round(layout.cell * 0.07));
  for (const row of layout.rows) {
    const segs: Segment[] = [];
    const colIndex: number[] = [];
    layout.cols.forEach((col, ci) => {
      const x0 = col.start + inset;
      const x1 = col.end - inset;
      const y0 = row.start + inset;
      const y1 = row.end - inset;
      const area = Math.max(1, (x1 - x0) * (y1 - y0));
      const ink = integ.count(x0, y0, x1, y1);
      // a written cell: enough ink for a 、 or 。 (about 1% of the cell), empty cells stay out
      if (ink / area >= 0.006 && ink >= 12) {
        segs.push({ x0: col.start + 1, y0: row.start + 1, x1: col.end - 1, y1: row.end - 1 });
        colIndex.push(ci);
      }
    });
    if (!segs.length) continue;
    // a cell between written cells of the row is not left empty in a 作文 grid: with a trace of ink (a
    // faint pencil ，or 、 in its corner, a few pixels at CELL_INK) it is a mark, read by the second look
    for (let ci = colIndex[0]! + 1; ci < colIndex[colIndex.length - 1]!; ci++) {
      if (colIndex.includes(ci)) continue;
      const col = layout.cols[ci]!;
      if (faint.count(col.start + inset, row.start + inset, col.end - inset, row.end - inset) < FAINT_MARK) continue;
      const at = colIndex.findIndex((c) => c > ci);
      segs.splice(at, 0, { x0: col.start + 1, y0: row.start + 1, x1: col.end - 1, y1: row.end - 1 });
      colIndex.splice(at, 0, ci);
    }
    plans.push({ segs, colIndex, lead: colIndex[0]!, trail: layout.cols.length - 1 - colIndex[colIndex.length - 1]! });
  }
  return plans;
}

/**
 * Grid: a row of one or two written cells that starts in the first column right under a row written
 * to its last column is, as a rule, the closing marks of a wrapped sentence (。 ！ ” …). Alone a mark
 * reads badly or not at all (and the row was then dropped as a smudge), so the previous row's last two
 * cells are read in front of it as context, as the marks were written: right after them.
 */
export function wrapContext(prev: RowPlan | undefined, r: RowPlan): Segment[] {
  if (!prev || prev.trail !== 0 || prev.segs.length < 2 || r.colIndex[0] !== 0 || r.segs.length > 2) return [];
  return prev.segs.slice(-2);
}

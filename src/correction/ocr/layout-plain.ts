// Plain paper: the detector's text boxes grouped into lines, and a lone wrapped mark the detector missed
// read in the line band where it sits.
import { inkMask, Integral, type Gray } from '../image/raster.js';
import { detectBoxes } from './detect.js';
import type { Segment } from './line-pack.js';
import type { Models } from './paddle-models.js';
import { bounds, CONTENT_INK, MARK_INK, median, overlaps, type RowPlan } from './row-plan.js';

export async function plainRows(m: Models, g: Gray): Promise<RowPlan[]> {
  const boxes = await detectBoxes(m, g);
  if (!boxes.length) return [];
  // group boxes into lines by vertical overlap, then read each line left to right
  boxes.sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
  const groups: Segment[][] = [];
  for (const b of boxes) {
    const cy = (b.y0 + b.y1) / 2;
    const g0 = groups.find((gr) => {
      const r = gr[0]!;
      return Math.abs((r.y0 + r.y1) / 2 - cy) < Math.min(r.y1 - r.y0, b.y1 - b.y0) * 0.5;
    });
    if (g0) g0.push(b);
    else groups.push([b]);
  }
  const left = Math.min(...boxes.map((b) => b.x0));
  const right = Math.max(...boxes.map((b) => b.x1));
  const plans: RowPlan[] = groups.map((group) => {
    const segs = lineSegments(group);
    return { segs, colIndex: segs.map(() => -1), lead: segs[0]!.x0 - left, trail: 0, rightGap: right - Math.max(...segs.map((s) => s.x1)) };
  });
  // a row lower than the lines (a lone mark, which the detector crops to its own few pixels) is no line:
  // where it sits in a line missing under another, it is read in that line's band (missedMarkRows)
  const h = median(plans.map((p) => bounds(p).y1 - bounds(p).y0));
  const lines = plans.filter((p) => bounds(p).y1 - bounds(p).y0 >= h * 0.85);
  const cys = lines.map((p) => (bounds(p).y0 + bounds(p).y1) / 2).sort((a, b) => a - b);
  const pitch = median(cys.slice(1).map((y, i) => y - cys[i]!));
  if (lines.length < 3 || pitch < h) return plans;
  for (const p of plans) p.linePitch = pitch;
  const marks = missedMarkRows(g, lines, h, pitch, left, right);
  const inMark = (p: RowPlan): boolean => marks.some((mk) => overlaps(bounds(p), bounds(mk.row)));
  return plans.filter((p) => lines.includes(p) || !inMark(p)).flatMap((p) => [p, ...marks.filter((mk) => mk.after === p).map((mk) => mk.row)]);
}

/**
 * A line's boxes left to right. A box much lower than its line (a mark the detector cut to its own few
 * pixels, e.g. the 。 of 6。) would be scaled up to a whole character's height and misread: it is read
 * at the line's height, and as part of the box it overlaps, if any.
 */
function lineSegments(group: Segment[]): Segment[] {
  const y0 = Math.min(...group.map((s) => s.y0));
  const y1 = Math.max(...group.map((s) => s.y1));
  const out: Segment[] = [];
  for (const s of [...group].sort((a, b) => a.x0 - b.x0)) {
    const low = s.y1 - s.y0 < (y1 - y0) * 0.6;
    const t = low ? { ...s, y0, y1 } : s;
    const prev = out.at(-1);
    if (prev && t.x0 < prev.x1 && (low || prev.y1 - prev.y0 < (y1 - y0) * 0.6)) out[out.length - 1] = { x0: prev.x0, y0: Math.min(prev.y0, t.y0), x1: Math.max(prev.x1, t.x1), y1: Math.max(prev.y1, t.y1) };
    else out.push(t);
  }
  return out;
}

/**
 * Plain: the detector finds no text in a line that holds only a mark (a 。 wrapped onto a line of its
 * own), so the mark was lost. Where a line is missing right under a detected one (the next is 1.6 line
 * pitches down or more, or there is none), a patch of ink at most two characters wide at the left
 * margin of the missing line becomes a row, read only as the wrapped end of the line above.
 */
function missedMarkRows(g: Gray, lines: RowPlan[], h: number, pitch: number, left: number, right: number): Array<{ after: RowPlan; row: RowPlan }> {
  const ext = lines.map((r) => ({ ...bounds(r), cy: (bounds(r).y0 + bounds(r).y1) / 2, r })).sort((a, b) => a.cy - b.cy);
  const integ = new Integral(inkMask(g, CONTENT_INK), g.width, g.height);
  const out: Array<{ after: RowPlan; row: RowPlan }> = [];
  ext.forEach((a, i) => {
    const b = ext[i + 1];
    if (b && b.cy - a.cy < 1.6 * pitch) return;
    const y0 = Math.round(Math.max(a.y1, a.cy + pitch - h / 2));
    const y1 = Math.round(Math.min(b?.y0 ?? g.height, a.cy + pitch + h / 2));
    if (y1 - y0 < h * 0.6) return;
    // the ink's x extent from the left margin on; it must end within two characters
    const lo = Math.max(0, Math.round(left - h * 0.5));
    const hi = Math.min(g.width, Math.round(Math.min(right, left + h * 3)));
    let xa = -1;
    let xb = -1;
    for (let x = lo; x < hi; x++) {
      if (integ.count(x, y0, x + 1, y1) > 0) {
        if (xa < 0) xa = x;
        xb = x + 1;
      }
    }
    if (xa < 0 || xa - left > h * 0.8 || xb - xa > h * 1.6 || integ.count(xa, y0, xb, y1) < MARK_INK) return;
    const pad = Math.round((y1 - y0) * 0.15);
    const seg = { x0: Math.max(0, xa - pad), y0, x1: Math.min(g.width, xb + pad), y1 };
    out.push({ after: a.r, row: { segs: [seg], colIndex: [-1], lead: seg.x0 - left, trail: 0, rightGap: right - seg.x1, linePitch: pitch, wrapOnly: true } });
  });
  return out;
}

// Lined paper: each strip between two rules is one line; and, on lined and plain paper, a line holding only
// the wrapped end of the line above (a lone 。, ！”, 了。) is read after that line's last characters.
import type { LinedLayout } from '../image/layout.js';
import { inkMask, Integral, type Gray } from '../image/raster.js';
import type { Segment } from './line-pack.js';
import { CONTENT_INK, MARK_INK, type RowPlan } from './row-plan.js';

export function linedRows(g: Gray, layout: LinedLayout): RowPlan[] {
  const integ = new Integral(inkMask(g, CONTENT_INK), g.width, g.height);
  const plans: RowPlan[] = [];
  for (const row of layout.rows) {
    const y0 = row.start + 2;
    const y1 = row.end - 2;
    if (y1 - y0 < 8) continue;
    let xa = -1;
    let xb = -1;
    const minCol = 1;
    const lo = Math.max(0, layout.left - layout.pitch * 0.5);
    const hi = Math.min(g.width, layout.right + layout.pitch * 0.5);
    for (let x = Math.round(lo); x < hi; x++) {
      if (integ.count(x, y0, x + 1, y1) >= minCol) {
        if (xa < 0) xa = x;
        xb = x + 1;
      }
    }
    const ink = xa < 0 ? 0 : integ.count(xa, y0, xb, y1);
    // under 40 dark pixels: a speck, or a lone 。 (≈ 40–50 at this scale), read only if it ends the line above
    if (ink < MARK_INK) continue;
    const pad = Math.round((y1 - y0) * 0.15);
    plans.push({ segs: [{ x0: Math.max(0, xa - pad), y0, x1: Math.min(g.width, xb + pad), y1 }], colIndex: [-1], lead: xa, trail: xb, ...(ink < 40 ? { wrapOnly: true } : {}) });
  }
  // indents against the text's own margins (the rules may run past them; a faint speck does not set them)
  const inked = plans.filter((p) => !p.wrapOnly);
  const left = Math.min(...inked.map((p) => p.lead));
  const right = Math.max(...inked.map((p) => p.trail));
  for (const p of plans) {
    p.lead -= left;
    p.trail = right - p.trail;
    p.rightGap = p.trail;
    p.linePitch = layout.pitch;
  }
  return plans;
}

/** The segment cut right after its last dark column. */
function inkTrimRight(g: Gray, s: Segment): Segment {
  const y0 = Math.max(0, Math.round(s.y0));
  const y1 = Math.min(g.height, Math.round(s.y1));
  for (let x = Math.min(g.width, Math.round(s.x1)) - 1; x > s.x0; x--) {
    for (let y = y0; y < y1; y++) if (g.data[y * g.width + x]! < CONTENT_INK) return { ...s, x1: x + 1 };
  }
  return s;
}

/** A strip row as read: its plan and the levelled x centre of each character read in it. */
export interface ReadRow {
  plan: RowPlan;
  centres: number[];
}

/**
 * Lined and plain: a line of about two characters at most (three pitches with its margins) that starts
 * at the left margin right under a line written to the right margin is, as a rule, the wrapped end of
 * a sentence (。 ！” 了。). A lone 。 cropped to its own width reads as 0 (confidence ≈ 0.5) or not
 * at all, and its line was dropped as a smudge; read after the previous line's last two characters,
 * as it was written, it reads as 。 (and a digit there still reads as a digit).
 * Returns those two characters' part of the line above (none when the line is not such an end).
 * (Grid rows: wrapContext.)
 */
export function stripWrapContext(g: Gray, prev: ReadRow | undefined, r: RowPlan): Segment[] {
  const seg = r.segs[0]!;
  const last = prev?.plan.segs.at(-1);
  if (!prev || !last || r.segs.length !== 1 || prev.plan.rightGap === undefined) return [];
  const h = seg.y1 - seg.y0;
  // the character pitch of the line above as read (else 0.8 of the line's height)
  const all = prev.centres;
  const pitch = all.length >= 4 ? (all.at(-1)! - all[0]!) / (all.length - 1) : h * 0.8;
  // the next line: one line pitch down (strips rule to rule on lined paper, the detector's boxes on plain)
  const down = (seg.y0 + seg.y1) / 2 - (last.y0 + last.y1) / 2;
  const linePitch = r.linePitch ?? h * 1.1;
  const nextLine = down > linePitch * 0.5 && down < linePitch * 1.5;
  if (!nextLine || prev.plan.rightGap > pitch || r.lead > pitch || seg.x1 - seg.x0 > 3 * pitch) return [];
  // cut between the third- and second-last characters (their centres as read), not through one
  const cs = all.filter((x) => x >= last.x0 && x <= last.x1);
  const cut = cs.length >= 3 ? (cs.at(-3)! + cs.at(-2)!) / 2 : last.x0;
  // and right after their ink: the blank the strip keeps around its ink would stand between them and the mark
  return [inkTrimRight(g, { ...last, x0: Math.max(last.x0, cut) })];
}

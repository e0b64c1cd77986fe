// Anchor essays: the teacher marks a few essays of a task, and the AI's scores of the rest of the class
// are put on that teacher's scale. The AI keeps its order of the essays (the map is increasing); only
// where the class sits and how far apart the teacher spreads it come from the anchors. With 3-5 anchors
// a free line would swing on one odd mark, so the slope is pulled toward 1 (the AI's own spread) and
// kept between ½ and 2; below the minimum of anchors, or when the anchors' AI scores are too close
// together to show a spread, only the level moves.
import { ANCHOR_MIN } from '../../core/api/contracts/anchors.js';

export interface AnchorPair {
  /** the AI's percent (0-100) */
  ai: number;
  /** the teacher's percent (0-100) for the same essay */
  teacher: number;
}

export interface AnchorMap {
  slope: number;
  intercept: number;
  anchors: number;
}

/** How strongly the slope is pulled toward 1: as if one more essay 10 points from the mean agreed with the AI's spread. */
const PRIOR_SXX = 100;
/** AI scores of the anchors closer together than this (sd, points) show no spread: level only. */
const MIN_SPREAD = 2;

const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));

export function fitAnchorMap(pairs: readonly AnchorPair[]): AnchorMap {
  const n = pairs.length;
  if (!n) return { slope: 1, intercept: 0, anchors: 0 };
  const mx = pairs.reduce((s, p) => s + p.ai, 0) / n;
  const my = pairs.reduce((s, p) => s + p.teacher, 0) / n;
  const sxx = pairs.reduce((s, p) => s + (p.ai - mx) ** 2, 0);
  const sxy = pairs.reduce((s, p) => s + (p.ai - mx) * (p.teacher - my), 0);
  const spread = Math.sqrt(sxx / n);
  const slope = n < ANCHOR_MIN || spread < MIN_SPREAD ? 1 : clamp((sxy + PRIOR_SXX) / (sxx + PRIOR_SXX), 0.5, 2);
  return { slope, intercept: my - slope * mx, anchors: n };
}

/** An AI percent on the teacher's scale (0-100). */
export function applyAnchorMap(map: AnchorMap, ai: number): number {
  return Math.round(clamp(map.intercept + map.slope * ai, 0, 100) * 10) / 10;
}

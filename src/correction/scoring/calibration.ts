// From the model's output to the task's 100-point scale, for any grade. Three stated principles, none
// fitted to the demo class:
//  1. Reference: the model's combined z on essays it did not see (out-of-fold, training essays), kept as
//     quantile knots in monotone-model.json, so a z is read as a percentile of the reference essays.
//  2. Grade: the reference essays are placed at the grade whose curriculum length they meet (grade.ts;
//     their median length, found by train-monotone-scorer.ts). A pupil of a younger grade is read against their own
//     grade: their z is raised by the typical annual growth between the two grades, in standard
//     deviations of a grade's spread (ANNUAL_GROWTH_SD).
//  3. Scale: the one real teachers used on the reference essays. A percentile of the reference essays
//     is given the points their own teachers gave at that percentile (the mean and sd of their marks,
//     stored with the model: 80.9 ± 8.8 on aes-calibration), so the AI marks on a teacher's scale, not
//     an invented one. Against the school cut-offs (A/优秀/甲 ≥ 85, 良好/乙 ≥ 75, 中等/丙 ≥ 60) an essay
//     at the grade's expectation (the median) is B/良好, a third of a class reaches A, and below 60
//     (较差/丁/待提高) is left to what teachers fail: off the title, unfinished, far too short (the rules
//     of local-scorer.ts). Models without the two figures fall back to 75 ± 10.

/**
 * Typical growth in one school year, in standard deviations of a grade's spread: the mean annual gains
 * in reading of seven nationally normed tests (Hill, Bloom, Black & Lipsey 2008, "Empirical benchmarks
 * for interpreting effect sizes in research", Child Development Perspectives 2(3), table 1). Key: the
 * grade the year ends in (2 = grade 1 → 2). Writing has no such table; reading is the nearest measured
 * literacy growth. Large in the first years, small in the last.
 */
export const ANNUAL_GROWTH_SD: Readonly<Record<number, number>> = {
  2: 0.97,
  3: 0.6,
  4: 0.36,
  5: 0.4,
  6: 0.32,
  7: 0.23,
  8: 0.26,
  9: 0.24,
  10: 0.19,
  11: 0.19,
  12: 0.06,
};

/** the task scale's centre and spread when a model does not carry its reference teachers' (principle 3) */
export const SCALE_CENTER = 75;
export const SCALE_SPREAD = 10;

/** Percentiles at which the reference essays' z is stored (train-monotone-scorer.ts). */
export const CALIBRATION_PERCENTILES = [0.02, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.98] as const;

export interface ScaleCalibration {
  /** the grade the reference essays are read as (their median length against the curriculum table) */
  referenceGrade: number;
  /** the reference essays' out-of-fold combined z at CALIBRATION_PERCENTILES, ascending */
  zKnots: number[];
  /** the mean and sd of the marks the reference essays' own teachers gave (principle 3) */
  center?: number;
  spread?: number;
}

/** How many standard deviations a pupil of `grade` is expected to sit below the reference grade
 * (negative when older). Grades outside 1-12 are clamped. */
export function gradeGapSd(grade: number, referenceGrade: number): number {
  const g = Math.max(1, Math.min(12, Math.round(grade)));
  let gap = 0;
  for (let y = g + 1; y <= referenceGrade; y++) gap += ANNUAL_GROWTH_SD[y] ?? 0;
  for (let y = referenceGrade + 1; y <= g; y++) gap -= ANNUAL_GROWTH_SD[y] ?? 0;
  return gap;
}

/** Inverse of the standard normal distribution function (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  if (p < lo || p > 1 - lo) {
    const q = Math.sqrt(-2 * Math.log(p < lo ? p : 1 - p));
    const x = (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
    return p < lo ? x : -x;
  }
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}

const NORMAL_KNOTS = CALIBRATION_PERCENTILES.map(normalQuantile);

/** A z of the reference distribution → the normal score of its percentile there (piecewise linear
 * between the knots; beyond the end knots, one normal score per sd, as the z's own spread is 1). */
export function normalScore(z: number, zKnots: readonly number[]): number {
  const k = zKnots;
  const n = k.length;
  if (n !== NORMAL_KNOTS.length) throw new Error(`calibration needs ${NORMAL_KNOTS.length} knots, got ${n}`);
  if (z <= k[0]!) return NORMAL_KNOTS[0]! + (z - k[0]!);
  if (z >= k[n - 1]!) return NORMAL_KNOTS[n - 1]! + (z - k[n - 1]!);
  let i = 0;
  while (z > k[i + 1]!) i++;
  const t = (z - k[i]!) / (k[i + 1]! - k[i]! || 1);
  return NORMAL_KNOTS[i]! + t * (NORMAL_KNOTS[i + 1]! - NORMAL_KNOTS[i]!);
}

/** The model's combined z → points on the task's scale for a pupil of `grade` (0-100, before rules). */
export function taskPoints(z: number, grade: number, cal: ScaleCalibration): number {
  const q = normalScore(z + gradeGapSd(grade, cal.referenceGrade), cal.zKnots);
  return Math.max(0, Math.min(100, (cal.center ?? SCALE_CENTER) + (cal.spread ?? SCALE_SPREAD) * q));
}

/** Percentile knots of a sample (type-7 interpolation), for train-monotone-scorer.ts. */
export function quantileKnots(values: number[]): number[] {
  const s = [...values].sort((x, y) => x - y);
  return CALIBRATION_PERCENTILES.map((p) => {
    const h = (s.length - 1) * p;
    const lo = Math.floor(h);
    return s[lo]! + (h - lo) * ((s[Math.min(lo + 1, s.length - 1)] ?? s[lo]!) - s[lo]!);
  });
}

// Expected essay length by grade (1-9, and 10-12 for senior high 1-3), after the national Chinese
// curriculum standard's writing targets: 写话 in grades 1-2, 习作 of ~300 characters in 3-4, ~400 in
// 5-6, not under 500-600 in junior high and ~800 in senior high exams.

export interface LengthExpectation {
  grade: number;
  /** below this the essay is short for the grade */
  min: number;
  /** a typical full-length essay */
  target: number;
  /** the grade's curriculum figure, or the teacher's own minimum */
  source: 'grade' | 'teacher';
}

const TABLE: Record<number, [number, number]> = {
  1: [50, 100],
  2: [100, 200],
  3: [200, 300],
  4: [250, 350],
  5: [350, 450],
  6: [400, 500],
  7: [450, 600],
  8: [500, 600],
  9: [550, 650],
  10: [700, 800],
  11: [700, 800],
  12: [750, 850],
};

/** Grades outside 1-12 fall back to grade 8 (the middle of the calibration data). */
export function normalizeGrade(grade: number | undefined): number {
  return grade !== undefined && Number.isInteger(grade) && grade >= 1 && grade <= 12 ? grade : 8;
}

/**
 * The grade's expected length, or the teacher's own figure when the writing is set shorter or longer
 * (a practice of "不少于200字"): the teacher's figure is the minimum the comments quote, and a typical
 * full answer runs a fifth over it (as the grade table's targets do over their minimums).
 */
export function expectedLength(grade: number | undefined, lengthTarget?: number): LengthExpectation {
  const g = normalizeGrade(grade);
  if (lengthTarget !== undefined && Number.isFinite(lengthTarget) && lengthTarget > 0) {
    return { grade: g, min: Math.round(lengthTarget), target: Math.round(lengthTarget * 1.2), source: 'teacher' };
  }
  const [min, target] = TABLE[g]!;
  return { grade: g, min, target, source: 'grade' };
}

/** Long-sentence limit in Han characters: younger writers get shorter limits. */
export function longSentenceLimit(grade: number | undefined): number {
  const g = normalizeGrade(grade);
  return g <= 2 ? 30 : g <= 4 ? 45 : g <= 6 ? 55 : g <= 9 ? 65 : 75;
}

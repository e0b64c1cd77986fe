// Score types of product-rules.md#limits and the five export grade bands. Everything is scored internally on a
// 0-100 scale, then shown in the task's score type.
//   1: A/B/C          A ≥ 85, B ≥ 70, else C
//   2: 优秀/良好/中等/较差 (excellent/good/medium/poor)  ≥ 85 / ≥ 75 / ≥ 60 / below (the usual school
//      cut-offs, in line with A ≥ 85 and 甲 ≥ 85, so a class's best essays reach 优秀)
//   3: a number out of the chosen full mark (default 100)
//   4: traditional 甲/乙/丙/丁 (the old school grades; chosen over 优/良/中/差 so it differs from type 2)
//      ≥ 85 / ≥ 75 / ≥ 60 / below
export type ScoreType = 1 | 2 | 3 | 4;
export type Difficulty = 0 | 1;
export type GradeBand = 'excellent' | 'good' | 'medium' | 'qualified' | 'needsImprovement';

export const GRADE_BANDS: ReadonlyArray<{ band: GradeBand; min: number; zh: string; en: string }> = [
  { band: 'excellent', min: 90, zh: '优秀', en: 'Excellent' },
  { band: 'good', min: 80, zh: '良好', en: 'Good' },
  { band: 'medium', min: 70, zh: '中等', en: 'Medium' },
  { band: 'qualified', min: 60, zh: '合格', en: 'Qualified' },
  { band: 'needsImprovement', min: -Infinity, zh: '待提高', en: 'Needs improvement' },
];

export function gradeBand(percent: number): GradeBand {
  return GRADE_BANDS.find((b) => percent >= b.min)!.band;
}

export function bandIndex(percent: number): number {
  return GRADE_BANDS.length - 1 - GRADE_BANDS.findIndex((b) => percent >= b.min);
}

const LEVELS: Record<Exclude<ScoreType, 3>, Array<{ min: number; zh: string; en: string }>> = {
  1: [
    { min: 85, zh: 'A', en: 'A' },
    { min: 70, zh: 'B', en: 'B' },
    { min: -Infinity, zh: 'C', en: 'C' },
  ],
  2: [
    { min: 85, zh: '优秀', en: 'Excellent' },
    { min: 75, zh: '良好', en: 'Good' },
    { min: 60, zh: '中等', en: 'Medium' },
    { min: -Infinity, zh: '较差', en: 'Poor' },
  ],
  4: [
    { min: 85, zh: '甲', en: 'Jia (A)' },
    { min: 75, zh: '乙', en: 'Yi (B)' },
    { min: 60, zh: '丙', en: 'Bing (C)' },
    { min: -Infinity, zh: '丁', en: 'Ding (D)' },
  ],
};

/** The level labels of a score type, best first (none for type 3, which is a number). */
export function levelLabels(type: ScoreType, lang: 'zh' | 'en'): string[] {
  return type === 3 ? [] : LEVELS[type].map((l) => l[lang]);
}

export interface ShownScore {
  /** the numeric score for type 3 (out of fullMark), else undefined */
  value?: number;
  fullMark?: number;
  /** the level label for types 1, 2, 4 (and the number as text for type 3) */
  label: string;
}

export function showScore(percent: number, type: ScoreType, lang: 'zh' | 'en', fullMark = 100): ShownScore {
  if (type === 3) {
    const value = Math.round((percent / 100) * fullMark);
    return { value, fullMark, label: String(value) };
  }
  return { label: LEVELS[type].find((l) => percent >= l.min)![lang] };
}

/**
 * Hard difficulty (tests and exams) marks stricter: the distance below 100 grows by a quarter.
 * 90 -> 87.5, 80 -> 75, 60 -> 50.
 */
export function applyDifficulty(percent: number, difficulty: Difficulty): number {
  return difficulty === 1 ? 100 - (100 - percent) * 1.25 : percent;
}

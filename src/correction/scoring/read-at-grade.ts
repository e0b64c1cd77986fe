// The analysis of an essay as if it had been written at another grade: only the grade's length
// expectation and long-sentence limit change (the only grade-dependent parts of analyzeText). The model
// reads every essay at the reference essays' grade except its length, so that the grade's expectation
// is stated on its own lines (local-scorer.ts). A teacher's own length target is the task's, and is kept.
import type { TextAnalysis } from '../text/analyze.js';
import { expectedLength, longSentenceLimit } from '../text/grade.js';
import { round } from '../text/vocabulary.js';

export function atGrade(a: TextAnalysis, grade: number): TextAnalysis {
  if (a.length.grade === grade) return a;
  const exp = a.length.source === 'teacher' ? { ...a.length, grade } : expectedLength(grade);
  const limit = longSentenceLimit(grade);
  return {
    ...a,
    length: { ...exp, ratio: round(a.hanCount / exp.target) },
    sentenceStats: { ...a.sentenceStats, long: a.sentences.filter((s) => s.hanCount > limit).map((s) => s.index) },
  };
}

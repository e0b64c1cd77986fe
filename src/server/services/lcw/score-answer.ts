import type { LcwKind } from '../../../core/api/contracts/lcw';

export interface ScoredAnswer {
  correct: boolean | null;
  /** null: a short answer waiting for the teacher */
  score: number | null;
}

/**
 * Scores one answer on the server. Choice and true/false earn full points only when the chosen set
 * equals the right set (a multiple choice with one option missing or one extra earns nothing — the
 * usual rule of school quizzes, and the one the students are told); short answers wait for marking.
 */
export function scoreAnswer(q: { kind: LcwKind; answer: readonly number[]; points: number }, choice: readonly number[]): ScoredAnswer {
  if (q.kind === 'short') return { correct: null, score: null };
  const chosen = [...new Set(choice)].sort((a, b) => a - b);
  const right = [...q.answer].sort((a, b) => a - b);
  const correct = chosen.length === right.length && chosen.every((c, i) => c === right[i]);
  return { correct, score: correct ? q.points : 0 };
}

/** Difficulty from the share of points earned: easy ≥ 80 %, medium ≥ 50 %, hard below. */
export function difficultyOf(scoreRate: number | null): 'easy' | 'medium' | 'hard' | null {
  if (scoreRate === null) return null;
  return scoreRate >= 0.8 ? 'easy' : scoreRate >= 0.5 ? 'medium' : 'hard';
}

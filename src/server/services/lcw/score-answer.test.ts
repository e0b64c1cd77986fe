import { describe, expect, it } from 'vitest';
import { difficultyOf, scoreAnswer } from './score-answer';

describe('etiquette test scoring', () => {
  it('gives full points only for the exact set of right options', () => {
    expect(scoreAnswer({ kind: 'single', answer: [2], points: 5 }, [2])).toEqual({ correct: true, score: 5 });
    expect(scoreAnswer({ kind: 'single', answer: [2], points: 5 }, [1])).toEqual({ correct: false, score: 0 });
    expect(scoreAnswer({ kind: 'multiple', answer: [0, 2], points: 4 }, [2, 0])).toEqual({ correct: true, score: 4 });
    expect(scoreAnswer({ kind: 'multiple', answer: [0, 2], points: 4 }, [0])).toEqual({ correct: false, score: 0 });
    expect(scoreAnswer({ kind: 'multiple', answer: [0, 2], points: 4 }, [0, 1, 2])).toEqual({ correct: false, score: 0 });
    expect(scoreAnswer({ kind: 'judge', answer: [0], points: 2 }, [0])).toEqual({ correct: true, score: 2 });
    expect(scoreAnswer({ kind: 'judge', answer: [0], points: 2 }, [])).toEqual({ correct: false, score: 0 });
  });
  it('leaves short answers to the teacher', () => {
    expect(scoreAnswer({ kind: 'short', answer: [], points: 10 }, [])).toEqual({ correct: null, score: null });
  });
  it('names difficulty by the share of points earned', () => {
    expect([difficultyOf(0.9), difficultyOf(0.5), difficultyOf(0.2), difficultyOf(null)]).toEqual(['easy', 'medium', 'hard', null]);
  });
});

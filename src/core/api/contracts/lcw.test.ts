import { describe, expect, it } from 'vitest';
import { questionBody } from './lcw';

const single = (answer: number[]) => questionBody.safeParse({ kind: 'single', stem: '见到老师应当？', options: ['问好', '走开'], answer });

describe('etiquette question rules', () => {
  it('a single-choice question saved without an answer is told to choose one, not that it has too many', () => {
    expect(single([]).error?.issues.map((i) => i.message)).toEqual(['lcw.singleNoAnswer']);
    expect(single([0, 1]).error?.issues.map((i) => i.message)).toEqual(['lcw.singleOneAnswer']);
    expect(single([0]).success).toBe(true);
  });
});

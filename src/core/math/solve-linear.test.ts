import { describe, expect, it } from 'vitest';
import { solveLinear } from './solve-linear.js';

describe('solveLinear', () => {
  it('solves a system whose first pivot is zero (rows must be swapped)', () => {
    const x = solveLinear([[0, 2, 1], [1, 1, 0], [2, 0, 3]], [7, 3, 11]);
    // x = (1, 2, 3)
    x.forEach((v, i) => expect(v).toBeCloseTo(i + 1, 10));
  });

  it('gives finite values, not NaN, for a singular system', () => {
    for (const v of solveLinear([[1, 1], [1, 1]], [1, 2])) expect(Number.isNaN(v)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { applyAnchorMap, fitAnchorMap } from './anchors.js';

describe('anchor essays', () => {
  it('moves the AI’s scores to the teacher’s level: anchors 6 points higher move every essay 6 points', () => {
    const map = fitAnchorMap([{ ai: 70, teacher: 76 }, { ai: 80, teacher: 86 }, { ai: 60, teacher: 66 }]);
    expect(map.slope).toBeCloseTo(1, 10);
    expect(applyAnchorMap(map, 75)).toBe(81);
  });

  it('follows the teacher’s spread but pulls a slope from 3 anchors toward the AI’s own, within ½ to 2', () => {
    const wide = fitAnchorMap([{ ai: 70, teacher: 70 }, { ai: 80, teacher: 95 }, { ai: 60, teacher: 45 }]);
    expect(wide.slope).toBeGreaterThan(1.5);
    expect(wide.slope).toBeLessThan(2.5);
    const steep = fitAnchorMap([{ ai: 70, teacher: 70 }, { ai: 72, teacher: 100 }, { ai: 68, teacher: 40 }, { ai: 75, teacher: 100 }]);
    expect(steep.slope).toBeLessThanOrEqual(2);
    const flat = fitAnchorMap([{ ai: 50, teacher: 80 }, { ai: 90, teacher: 80 }, { ai: 70, teacher: 80 }]);
    expect(flat.slope).toBeGreaterThanOrEqual(0.5);
  });

  it('keeps the AI’s order of the essays (the map always rises) and stays within 0-100', () => {
    const map = fitAnchorMap([{ ai: 70, teacher: 60 }, { ai: 80, teacher: 50 }, { ai: 60, teacher: 70 }]);
    expect(map.slope).toBeGreaterThan(0);
    let prev = -1;
    for (let ai = 0; ai <= 100; ai += 5) {
      const p = applyAnchorMap(map, ai);
      expect(p).toBeGreaterThanOrEqual(prev);
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(100);
      prev = p;
    }
  });

  it('moves only the level with fewer than 3 anchors, or anchors the AI scored alike', () => {
    expect(fitAnchorMap([{ ai: 60, teacher: 90 }, { ai: 80, teacher: 95 }]).slope).toBe(1);
    const same = fitAnchorMap([{ ai: 70, teacher: 60 }, { ai: 70.5, teacher: 90 }, { ai: 70, teacher: 75 }]);
    expect(same.slope).toBe(1);
    expect(applyAnchorMap(same, 70.2)).toBeCloseTo(75, 0);
    expect(fitAnchorMap([])).toEqual({ slope: 1, intercept: 0, anchors: 0 });
  });
});

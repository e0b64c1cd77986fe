// The checks that keep a page or line from reading as nothing while ink is on it (read-safeguard.ts).
import { describe, expect, it } from 'vitest';
import { betterReading, charsInBoxes, inkExtent, readingWeight, readsFarLess } from './read-safeguard.js';

const line = (...conf: number[]): { chars: Array<{ confidence: number }> } => ({ chars: conf.map((confidence) => ({ confidence })) });

describe('the text a photo shows', () => {
  it('counts a text box as width / height characters, at least one', () => {
    // a line of 10 square characters of 40 px, a lone mark, a degenerate box
    expect(charsInBoxes([{ x0: 0, y0: 0, x1: 400, y1: 40 }, { x0: 0, y0: 50, x1: 12, y1: 90 }, { x0: 5, y0: 5, x1: 5, y1: 30 }])).toBe(11);
  });
});

describe('reading a straightened page again unwarped', () => {
  it('happens when the straightened page reads under half of what the photo shows', () => {
    expect(readsFarLess(3, 300)).toBe(true);
    expect(readsFarLess(149, 300)).toBe(true);
  });
  it('does not happen when the reading is about what the photo shows, or there is nothing to show', () => {
    expect(readsFarLess(280, 300)).toBe(false);
    expect(readsFarLess(150, 300)).toBe(false);
    expect(readsFarLess(0, 0)).toBe(false);
  });
  it('keeps the reading with more confident characters', () => {
    const warped = { lines: [line(0.9, 0.9)], name: 'warped' };
    const flat = { lines: [line(0.9, 0.8, 0.9), line(0.7)], name: 'flat' };
    expect(readingWeight(flat)).toBeCloseTo(3.3);
    expect(betterReading(warped, flat).name).toBe('flat');
    // many characters of noise do not beat a few read with confidence
    const noise = { lines: [line(...Array<number>(6).fill(0.2))], name: 'noise' };
    const good = { lines: [line(0.95, 0.95)], name: 'good' };
    expect(betterReading(good, noise).name).toBe('good');
    // a tie keeps the first (the straightened reading)
    expect(betterReading(good, { ...good, name: 'other' }).name).toBe('good');
  });
});

describe('the ink of a line crop', () => {
  it('is the extent of its dark pixels, specks left out', () => {
    const w = 100;
    const h = 30;
    const mask = new Uint8Array(w * h);
    // a written line: strokes from x 10 to 89, y 8 to 21
    for (let y = 8; y < 22; y++) for (let x = 10; x < 90; x += 3) mask[y * w + x] = 1;
    // a lone speck far off: one pixel in its column and row
    mask[2 * w + 97] = 1;
    expect(inkExtent(mask, w, h)).toEqual({ x0: 10, y0: 8, x1: 89, y1: 22 });
  });
  it('is undefined on a blank image', () => {
    expect(inkExtent(new Uint8Array(20 * 10), 20, 10)).toBeUndefined();
  });
});

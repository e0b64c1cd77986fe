import { describe, expect, it } from 'vitest';
import { boxesForRange, fromTuple, toTuple, type PlacedChar } from './page-boxes';

const ch = (offset: number, line: number, x: number, page = 0): PlacedChar => ({ offset, page, line, box: { x, y: line * 40, width: 30, height: 30 } });

describe('boxes of a transcript range', () => {
  const chars = [ch(0, 0, 0), ch(1, 0, 30), ch(2, 0, 60), ch(4, 1, 0), ch(5, 1, 30), ch(6, 0, 0, 1)];
  it('merges the characters of one written line into one box, a line per box', () => {
    expect(boxesForRange(chars, 1, 6)).toEqual([
      { page: 0, box: { x: 30, y: 0, width: 60, height: 30 } },
      { page: 0, box: { x: 0, y: 40, width: 60, height: 30 } },
    ]);
  });
  it('starts a new box on another page, and has none for typed-in characters', () => {
    expect(boxesForRange(chars, 5, 7)).toHaveLength(2);
    expect(boxesForRange(chars, 3, 4)).toEqual([]);
  });
  it('travels as a compact tuple and back', () => {
    expect(fromTuple(toTuple(chars[1]!))).toEqual(chars[1]);
  });
});

import { describe, expect, it } from 'vitest';
import { mapRange, offsetMap } from './transcript-alignment';

describe('transcript alignment', () => {
  it('keeps unchanged characters, maps a replacement onto its replacement, drops deleted ones', () => {
    const from = '我门去公园玩。今天天气很好';
    const to = '今天，我们去公园玩了。天气很好！';
    const map = offsetMap(from, to);
    for (const ch of ['我', '去', '园', '玩', '。', '好']) expect(to[map[from.indexOf(ch)]!]).toBe(ch);
    expect(to[map[from.indexOf('门')]!]).toBe('们'); // 门 → 们 keeps its place
    expect(map.length).toBe(from.length);
  });
  it('moves a range with its text; a wholly deleted range collapses before what follows', () => {
    const from = 'ABCDEFG';
    const to = 'XXABCEFG';
    const map = offsetMap(from, to);
    expect(mapRange(map, 1, 4, to.length)).toEqual([3, 5]); // BCD → BC (D deleted)
    expect(to.slice(...mapRange(map, 4, 7, to.length))).toBe('EFG');
    expect(mapRange(map, 3, 4, to.length)).toEqual([5, 5]); // only D: collapses before E
    expect(mapRange(offsetMap('AB', ''), 0, 2, 0)).toEqual([0, 0]);
  });
});

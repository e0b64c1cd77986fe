import { describe, expect, it } from 'vitest';
import { ocrLineRanges, rebaseAnnotations, resolveRange, segmentTranscript, segmentsOf, selectionRange } from './transcript-ranges';

const text = '我的老师\n她的眼睛象星星一样明亮。我很喜欢她。';

describe('note offsets in the transcript shown', () => {
  it('keeps offsets whose text is the excerpt', () => {
    expect(resolveRange(text, 9, 10, '象')).toEqual({ start: 9, end: 10 });
  });

  it('finds the excerpt nearest to the old offsets after the teacher edited text before it', () => {
    const edited = '我的好老师\n她的眼睛象星星一样明亮。我很喜欢她。';
    expect(resolveRange(edited, 9, 10, '象')).toEqual({ start: 10, end: 11 });
    expect(resolveRange('她她她', 2, 3, '她')).toEqual({ start: 2, end: 3 });
  });

  it('gives up when the excerpt is gone or the range is empty', () => {
    expect(resolveRange('她的眼睛像星星', 4, 5, '象')).toBeNull();
    expect(resolveRange(text, 5, 5, '')).toBeNull();
  });
});

describe('highlight segments', () => {
  it('cuts the text at every range boundary and lists the ranges over each piece, outermost first', () => {
    const segs = segmentTranscript(text, [
      { id: 'n0', start: 5, end: 17 },
      { id: 'n1', start: 9, end: 10 },
    ]);
    expect(segs.map((s) => s.text).join('')).toBe(text);
    expect(segs.find((s) => s.text === '象')!.ids).toEqual(['n0', 'n1']);
    expect(segs.find((s) => s.start === 5)!.ids).toEqual(['n0']);
    expect(segs[0]!.ids).toEqual([]);
    expect(segmentsOf(segs, 'n0').map((s) => s.text).join('')).toBe(text.slice(5, 17));
  });

  it('ignores empty and out-of-text ranges and clips the rest', () => {
    const segs = segmentTranscript('abc', [
      { id: 'x', start: 2, end: 2 },
      { id: 'y', start: 5, end: 9 },
      { id: 'z', start: 1, end: 10 },
    ]);
    expect(segs).toEqual([
      { start: 0, end: 1, text: 'a', ids: [] },
      { start: 1, end: 3, text: 'bc', ids: ['z'] },
    ]);
  });
});

describe('selection offsets', () => {
  it('orders the two ends and trims whitespace', () => {
    expect(selectionRange(text, { segmentStart: 13, offset: 3 }, { segmentStart: 5, offset: 0 })).toEqual({ start: 5, end: 16 });
    expect(selectionRange(text, { segmentStart: 0, offset: 3 }, { segmentStart: 0, offset: 6 })).toEqual({ start: 3, end: 6 });
    expect(selectionRange(text, { segmentStart: 4, offset: 0 }, { segmentStart: 4, offset: 1 })).toBeNull();
  });
});

describe('OCR lines', () => {
  const pages = [
    {
      lines: [
        { text: '我的老师', box: { x: 500, y: 80, width: 240, height: 60 }, chars: [...'我的老师'].map((c) => ({ text: c })) },
        { text: '她的眼睛象星星一样明亮。', box: { x: 80, y: 160, width: 1000, height: 60 } },
        { text: '我很喜欢她。', box: { x: 80, y: 240, width: 400, height: 60 }, continues: true },
      ],
    },
  ];

  it('rebuilds each line’s range like the engine joins lines', () => {
    const lines = ocrLineRanges(pages, text)!;
    expect(lines.map((l) => text.slice(l.start, l.end))).toEqual(['我的老师', '她的眼睛象星星一样明亮。', '我很喜欢她。']);
    expect(lines[1]).toMatchObject({ id: 'l0-1', page: 0, line: 1 });
  });

  it('links nothing once the text shown is not the OCR text', () => {
    expect(ocrLineRanges(pages, text.replace('象', '像'))).toBeNull();
    expect(ocrLineRanges([], '')).toBeNull();
  });
});

describe('annotations after a transcript edit', () => {
  it('follow their sentence and are dropped when it is gone', () => {
    const anns = [
      { id: 'a', start: 5, end: 17, excerpt: text.slice(5, 17) },
      { id: 'b', start: 17, end: 23, excerpt: '我很喜欢她。' },
    ];
    const edited = '我的老师\n她的眼睛像星星一样明亮。\n我非常喜欢她。';
    expect(rebaseAnnotations(anns, '题目\n' + text).map((a) => [a.id, a.start])).toEqual([
      ['a', 8],
      ['b', 20],
    ]);
    expect(rebaseAnnotations(anns, edited)).toEqual([]);
  });
});

// Small marks in grid cells known from their ink (mark-cells.ts), quote directions from the paragraph
// (resolveQuotes), dashes read as 一一 (dash-pairs.ts), and a grid that is no grid (layout.ts). Cells are
// drawn pixel by pixel here; the whole-page behaviour is in quote-cells.test.ts.
import { describe, expect, it } from 'vitest';
import { detectLayout } from '../image/layout.js';
import type { Gray } from '../image/raster.js';
import type { OcrChar } from '../ocr.js';
import type { CharLm } from './char-lm.js';
import { readDashPairs } from './dash-pairs.js';
import { dashStrokeInCell, markInCell, QUOTE } from './mark-cells.js';
import { resolveQuotes } from './punctuation.js';
import { packPaddedCells, readAloneOrRow } from './paddle.js';
import { DOUBT_CONFIDENCE, isDoubtful } from '../ocr-doubt.js';

const CELL = 54;
/** a blank cell with dark rectangles [x0, y0, x1, y1] drawn in it */
function cell(...rects: Array<[number, number, number, number]>): Gray {
  const data = new Uint8Array(CELL * CELL).fill(245);
  for (const [x0, y0, x1, y1] of rects) for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * CELL + x] = 40;
  return { width: CELL, height: CELL, data };
}
const box = { x0: 0, y0: 0, x1: CELL, y1: CELL };
const mark = (g: Gray) => markInCell(g, box, 205);

describe('markInCell', () => {
  it('reads two small ticks high in the cell as a quote, and one tick where the strokes ran together', () => {
    expect(mark(cell([27, 8, 30, 18], [36, 8, 39, 18]))).toBe(QUOTE);
    expect(mark(cell([14, 9, 17, 19], [22, 9, 25, 19]))).toBe(QUOTE);
    expect(mark(cell([24, 8, 33, 16]))).toBe(QUOTE);
  });

  it('reads three dots across the middle as an ellipsis half', () => {
    expect(mark(cell([12, 26, 16, 30], [25, 26, 29, 30], [39, 26, 43, 30]))).toBe('…');
  });

  it('leaves marks and characters the recogniser reads to it: ，。！：一 and a full character', () => {
    expect(mark(cell([20, 36, 25, 46]))).toBeUndefined(); // ， low in the cell
    expect(mark(cell([12, 34, 20, 42]))).toBeUndefined(); // 。
    expect(mark(cell([25, 8, 29, 30], [25, 36, 29, 41]))).toBeUndefined(); // ！ a bar over a dot
    expect(mark(cell([25, 14, 29, 18], [25, 34, 29, 38]))).toBeUndefined(); // ： one dot over the other
    expect(mark(cell([10, 25, 44, 29]))).toBeUndefined(); // 一
    expect(mark(cell([16, 15, 21, 22], [14, 20, 40, 23]))).toBeUndefined(); // a flat stroke high up is no quote
    expect(mark(cell([10, 10, 44, 13], [25, 10, 29, 44], [10, 42, 44, 45]))).toBeUndefined(); // 工
  });
});

describe('dashStrokeInCell', () => {
  it('finds a stroke across the whole cell at mid height, not a written 一 with room at its sides', () => {
    expect(dashStrokeInCell(cell([2, 26, 52, 29]), box, 205)).toBeCloseTo(0.5, 1);
    expect(dashStrokeInCell(cell([11, 26, 43, 29]), box, 205)).toBeUndefined();
    expect(dashStrokeInCell(cell([2, 8, 52, 11]), box, 205)).toBeUndefined(); // a rule's edge at the top
  });
});

describe('resolveQuotes', () => {
  const line = (s: string, continues = false, confidence = 0.9) => ({ text: s, continues, chars: [...s].map((text): OcrChar => ({ text, box: { x: 0, y: 0, width: 1, height: 1 }, confidence })) });

  it('opens a straight quote before words and closes the open one, across the lines of a paragraph', () => {
    const lines = [line('他说："今天', false), line('考试！"我', true)];
    resolveQuotes(lines);
    expect(lines.map((l) => l.text)).toEqual(['他说：“今天', '考试！”我']);
  });

  it('closes a quote before a mark or at the paragraph end, and a new paragraph has none open', () => {
    const lines = [line('"好"，他说"走', false), line('"快', false)];
    resolveQuotes(lines);
    expect(lines.map((l) => l.text)).toEqual(['“好”，他说“走', '“快']);
  });

  it('re-decides a doubtful direction as read, keeps a sure one, and leaves quotes between letters alone', () => {
    const doubtful = [line('“嗖“的', false, 0.5)];
    resolveQuotes(doubtful);
    expect(doubtful[0]!.text).toBe('“嗖”的');
    const sure = [line('“嗖“的', false, 0.95)];
    resolveQuotes(sure);
    expect(sure[0]!.text).toBe('“嗖“的');
    const latin = [line('a"b', false)];
    resolveQuotes(latin);
    expect(latin[0]!.text).toBe('a"b');
  });
});

describe('readDashPairs', () => {
  // a model that knows 一对 (一一对应), finds 一一 rare, and nothing else well
  const lm: CharLm = { logP: (a, b) => (a + b === '一对' ? Math.log(0.3) : a + b === '一一' ? Math.log(0.02) : Math.log(1e-3)) };
  const pos = (text: string, p: number, dash = 0) => ({ text, confidence: p, candidates: [{ text, p }, ...(dash ? [{ text: '—', p: dash }] : [])] });

  it('reads 一一 as —— where the recogniser weighs the dash at both', () => {
    const out = readDashPairs([pos('字', 0.99), pos('一', 0.55, 0.4), pos('一', 0.6, 0.35), pos('好', 0.9)], lm, 0.5);
    expect(out.map((c) => c.text).join('')).toBe('字——好');
  });

  it('keeps 一一 when one position gives the dash no weight, or the model prefers 一一 there', () => {
    expect(readDashPairs([pos('字', 0.99), pos('一', 0.95), pos('一', 0.6, 0.35)], lm, 0.5).map((c) => c.text).join('')).toBe('字一一');
    expect(readDashPairs([pos('一', 0.8, 0.15), pos('一', 0.8, 0.15), pos('对', 0.9)], lm, 0.5).map((c) => c.text).join('')).toBe('一一对');
  });

  it('keeps 一一 after a character where the recogniser weighs the dash only a little (他一一检查)', () => {
    // (the character before costs 一一 nothing the dash does not pay too)
    const out = readDashPairs([pos('他', 0.99), pos('一', 0.6, 0.15), pos('一', 0.6, 0.15), pos('检', 0.9), pos('查', 0.9)], lm, 0.5);
    expect(out.map((c) => c.text).join('')).toBe('他一一检查');
  });
});

describe('detectLayout', () => {
  const W = 600;
  const H = 800;
  /** vertical rules every 35 px, and horizontal runs [y, thickness] across them */
  const page = (hRuns: Array<[number, number]>): Uint8Array => {
    const m = new Uint8Array(W * H);
    for (let x = 40; x <= 40 + 35 * 12; x += 35) for (let y = 100; y < 700; y++) m[y * W + x] = 1;
    for (const [y0, t] of hRuns) for (let y = y0; y < y0 + t; y++) for (let x = 40; x <= 460; x++) m[y * W + x] = 1;
    return m;
  };

  it('finds a grid whose rows lie between thin rules', () => {
    const runs: Array<[number, number]> = [];
    for (let y = 100; y < 680; y += 35) runs.push([y, 2]);
    expect(detectLayout(page(runs), { width: W, height: H }).kind).toBe('grid');
  });

  it('takes no grid from thick bands a pitch apart (lines of writing, not rules)', () => {
    const runs: Array<[number, number]> = [];
    for (let y = 100; y < 680; y += 35) runs.push([y, 20]);
    expect(detectLayout(page(runs), { width: W, height: H }).kind).not.toBe('grid');
  });
});

describe('readAloneOrRow (a doubtful grid character read again alone in its cell)', () => {
  const rc = (text: string, confidence: number) => ({ text, x: 10, confidence });

  it("takes the cell's reading when it is surer, and keeps the character in doubt with the row's reading as first alternative", () => {
    const out = readAloneOrRow(rc('弹', 0.3), [rc('石', 0.97)]);
    expect(out.text).toBe('石');
    expect(out.confidence).toBeLessThan(DOUBT_CONFIDENCE);
    expect(out.alternatives?.[0]).toEqual({ text: '弹', confidence: 0.3 });
    expect(isDoubtful(out)).toBe(true);
  });

  it("keeps the row's reading when the cell is not surer by enough, reads two characters, or reads a mark", () => {
    expect(readAloneOrRow(rc('弹', 0.4), [rc('石', 0.5)]).text).toBe('弹');
    expect(readAloneOrRow(rc('弹', 0.3), [rc('石', 0.9), rc('口', 0.9)]).text).toBe('弹');
    expect(readAloneOrRow(rc('弹', 0.3), [rc('，', 0.9)]).text).toBe('弹');
    expect(readAloneOrRow(rc('弹', 0.3), []).text).toBe('弹');
  });
});

describe('packPaddedCells (a row\'s doubtful cells re-read in one recogniser call)', () => {
  it('puts each cell in its own white-margined span, side by side, the ink of each inside its span', () => {
    const g: Gray = { width: CELL * 3, height: CELL, data: new Uint8Array(CELL * 3 * CELL).fill(245) };
    // a bar in the first and third cells
    for (const x0 of [10, 2 * CELL + 10]) for (let y = 20; y < 34; y++) for (let x = x0; x < x0 + 30; x++) g.data[y * g.width + x] = 30;
    const segs = [0, 2].map((c) => ({ x0: c * CELL, y0: 0, x1: (c + 1) * CELL, y1: CELL }));
    const { img, spans } = packPaddedCells(g, segs);
    expect(spans).toHaveLength(2);
    expect(spans[0]!.start).toBe(0);
    expect(spans[1]!.start).toBe(spans[0]!.end);
    expect(spans[1]!.end).toBe(img.width);
    const inkCols = (sp: { start: number; end: number }) => {
      let n = 0;
      for (let x = sp.start; x < sp.end; x++) for (let y = 0; y < img.height; y++) if (img.data[y * img.width + x]! < 128) { n++; break; }
      return n;
    };
    for (const sp of spans) {
      expect(inkCols(sp)).toBeGreaterThan(0);
      // a white margin at both ends of each span
      expect(inkCols({ start: sp.start, end: sp.start + 8 })).toBe(0);
      expect(inkCols({ start: sp.end - 8, end: sp.end })).toBe(0);
    }
  });
});

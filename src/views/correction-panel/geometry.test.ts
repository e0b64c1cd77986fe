import { describe, expect, it } from 'vitest';
import { clampZoom, fitWidthZoom, imagePlacement, marksForPage, pagesOfNote, quarterTurn, stageLayout, stagePoint, stepZoom } from './geometry';

const page = { width: 1240, height: 1754 };
const box = (x: number, y: number, width = 40, height = 50) => ({ x, y, width, height });

describe('note marks on the page image', () => {
  it('draws one mark per box on the page asked for, padded around the characters', () => {
    const notes = [
      { kind: 'wrongChar', boxes: [{ page: 0, box: box(100, 200) }] },
      { kind: 'goodSentence', boxes: [{ page: 0, box: box(80, 300, 900, 50) }, { page: 1, box: box(80, 100, 400, 50) }] },
    ];
    const marks = marksForPage(notes, 0, page);
    expect(marks).toHaveLength(2);
    const wrong = marks.find((m) => m.note === 0)!;
    expect(wrong).toMatchObject({ kind: 'wrongChar', x: 96, y: 196, width: 48, height: 58, first: true });
    expect(marksForPage(notes, 1, page).map((m) => m.note)).toEqual([1]);
  });

  it('marks only the first box of a note that spans two lines as carrying the fix', () => {
    const marks = marksForPage([{ kind: 'longSentence', boxes: [{ page: 0, box: box(80, 100, 1000, 50) }, { page: 0, box: box(80, 170, 500, 50) }] }], 0, page);
    expect(marks.map((m) => m.first).sort()).toEqual([false, true]);
  });

  it('keeps small marks above large ones, so a wrong character inside a good sentence stays clickable', () => {
    const marks = marksForPage(
      [
        { kind: 'wrongChar', boxes: [{ page: 0, box: box(300, 300) }] },
        { kind: 'goodSentence', boxes: [{ page: 0, box: box(80, 290, 1000, 70) }] },
      ],
      0,
      page,
    );
    expect(marks.map((m) => m.kind)).toEqual(['goodSentence', 'wrongChar']);
  });

  it('clips marks to the page and skips notes without boxes', () => {
    const marks = marksForPage([{ kind: 'punctuation', boxes: [{ page: 0, box: box(-10, 1740, 30, 30) }] }, { kind: 'wrongChar' }, { kind: 'wrongChar', boxes: [] }], 0, page);
    expect(marks).toHaveLength(1);
    expect(marks[0]).toMatchObject({ x: 0, y: 1736, height: 18 });
  });

  it('lists the pages a note sits on', () => {
    expect(pagesOfNote({ boxes: [{ page: 1, box: box(0, 0) }, { page: 0, box: box(0, 0) }, { page: 1, box: box(5, 5) }] })).toEqual([0, 1]);
    expect(pagesOfNote({})).toEqual([]);
  });
});

describe('viewer stage', () => {
  it('normalises angles to quarter turns', () => {
    expect([0, 90, 180, 270, 360, -90, 450, 89].map(quarterTurn)).toEqual([0, 90, 180, 270, 0, 270, 90, 90]);
  });

  it('swaps the stage size for quarter turns and maps page corners inside the stage', () => {
    for (const r of [0, 90, 180, 270] as const) {
      const s = stageLayout(1000, 2000, 0.5, r);
      expect([s.width, s.height]).toEqual(r % 180 ? [1000, 500] : [500, 1000]);
      for (const [x, y] of [
        [0, 0],
        [1000, 0],
        [0, 2000],
        [1000, 2000],
      ]) {
        const p = stagePoint(x!, y!, 1000, 2000, 0.5, r);
        expect(p.x).toBeGreaterThanOrEqual(0);
        expect(p.y).toBeGreaterThanOrEqual(0);
        expect(p.x).toBeLessThanOrEqual(s.width);
        expect(p.y).toBeLessThanOrEqual(s.height);
      }
    }
    expect(stageLayout(1000, 2000, 0.5, 90).transform).toBe('translate(1000px, 0px) rotate(90deg) scale(0.5)');
  });

  it('turns a point clockwise with the view', () => {
    // the top-left corner of the page goes to the top-right of the stage after a clockwise quarter turn
    expect(stagePoint(0, 0, 1000, 2000, 1, 90)).toEqual({ x: 2000, y: 0 });
    expect(stagePoint(1000, 0, 1000, 2000, 1, 90)).toEqual({ x: 2000, y: 1000 });
    expect(stagePoint(0, 0, 1000, 2000, 1, 180)).toEqual({ x: 1000, y: 2000 });
    expect(stagePoint(0, 0, 1000, 2000, 1, 270)).toEqual({ x: 0, y: 1000 });
  });

  it('zooms in steps within bounds and fits the width', () => {
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(1, -1)).toBe(0.8);
    expect(stepZoom(4, 1)).toBe(4);
    expect(stepZoom(0.1, -1)).toBe(0.1);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(fitWidthZoom(620, 1240, 1754, 0)).toBe(0.5);
    expect(fitWidthZoom(877, 1240, 1754, 90)).toBe(0.5);
    expect(fitWidthZoom(5000, 1240, 1754, 0)).toBe(1.5);
  });

  it('places an upload-rotated image so that, turned, it fills the page frame', () => {
    expect(imagePlacement(1754, 1240, 0)).toEqual({ left: 0, top: 0, width: 1754, height: 1240 });
    const p = imagePlacement(1754, 1240, 90);
    expect([p.width, p.height]).toEqual([1240, 1754]);
    expect(p.left + p.width / 2).toBe(1754 / 2);
    expect(p.top + p.height / 2).toBe(1240 / 2);
    expect(p.transform).toBe('rotate(90deg)');
  });

  it('shows every stored point where the server’s clockwise turn by the page rotation puts it for the OCR', () => {
    // A stored 1754 × 1240 (sideways) scan; the OCR frame is the turned image.
    const [w, h] = [1754, 1240];
    // sharp's rotate(r): where stored pixel (x, y) lands in the turned image the OCR read
    const server = (x: number, y: number, r: number) => (r === 90 ? [h - y, x] : r === 180 ? [w - x, h - y] : r === 270 ? [y, w - x] : [x, y]);
    for (const r of [0, 90, 180, 270]) {
      const frame = r % 180 ? { width: h, height: w } : { width: w, height: h };
      const p = imagePlacement(frame.width, frame.height, r);
      const rad = (r * Math.PI) / 180;
      // CSS rotate(r) about the placed image's centre (clockwise on screen)
      const shown = (x: number, y: number) => {
        const [dx, dy] = [x - p.width / 2, y - p.height / 2];
        return [p.left + p.width / 2 + dx * Math.cos(rad) - dy * Math.sin(rad), p.top + p.height / 2 + dx * Math.sin(rad) + dy * Math.cos(rad)].map((v) => Math.round(v * 1000) / 1000 + 0);
      };
      for (const [x, y] of [[0, 0], [w, 0], [0, h], [300, 200]] as const) expect(shown(x, y), `rotation ${r}, point ${x},${y}`).toEqual(server(x, y, r));
    }
  });
});

// Quote marks, dashes and ellipses in their own grid cells, written as pupils write them (product-rules.md#ocr):
// small ticks high in the cell (“ ”), a stroke across two cells (——), three dots per cell (……). Packed
// into a line with the characters around them, the ticks were read as nothing, · or a stray letter and
// the dash as 一一, so quotes were lost and all-character CER on grid photos stayed over 5%.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTranscript } from '../ocr.js';
import { loadPaddleModels, PaddleOcrProvider } from './paddle.js';
import { kaiFontMissing, renderEssayPage, type RenderedPage } from './render-page.js';

const missing = kaiFontMissing();
const TEXT = [
  '难忘的一天',
  '我睁开朦胧的双眼，“六月十七日，五点二十五分……”我嘟囔着，又猛然一惊，大呼：“今天考试！”',
  '父亲温柔地笑着说：“加油！”我只说了一个字——“好”。然后背起书包出门了。',
].join('\n');

// a quote opened on one row and closed in the first cell of the next (18 cells after the indent)
const WRAPPED = ['散步', '妈妈笑着说：“今天天气真好，出去走走”我高兴地点了点头。'].join('\n');

const marks = (s: string): string => [...s].filter((c) => /[“”—…]/u.test(c)).join('');

describe.skipIf(!!missing)('quote, dash and ellipsis cells on a grid page', { timeout: 60_000 }, () => {
  const pages: Record<string, RenderedPage> = {};
  const read: Record<string, string> = {};

  beforeAll(async () => {
    await loadPaddleModels();
    pages.clean = await renderEssayPage(TEXT, { handMarks: true });
    pages.photo = await renderEssayPage(TEXT, { handMarks: true, photo: true, noise: 12, rotate: 1.2, jpeg: true, seed: 7 });
    pages.wrapped = await renderEssayPage(WRAPPED, { handMarks: true });
    // (here the recogniser reads the ” ticks as “ at 0.89, and the row alone made it an opening quote)
    pages.wrappedPhoto = await renderEssayPage(WRAPPED, { handMarks: true, photo: true, noise: 12, rotate: -0.8, jpeg: true, seed: 3 });
    const ocr = new PaddleOcrProvider();
    for (const [name, p] of Object.entries(pages)) read[name] = buildTranscript([await ocr.recognize(p.image)]).text;
  }, 180_000);

  it('keeps every quote, dash and ellipsis, each facing the right way (clean page)', () => {
    expect(pages.clean!.text).toBe(TEXT);
    expect(marks(read.clean!)).toBe(marks(TEXT));
    expect(read.clean).toContain('一个字——“好”');
    expect(read.clean).toContain('二十五分……”');
  });

  it('closes a quote in the first cell of a row, opened on the row above (not read as an opening quote)', () => {
    expect(pages.wrapped!.text).toBe(WRAPPED);
    expect(marks(read.wrapped!)).toBe('“”');
    expect(read.wrapped).toContain('走走”我');
    expect(marks(read.wrappedPhoto!)).toBe('“”');
  });

  it('does the same on a photo-like page (lighting, noise, a slight turn, JPEG)', () => {
    expect(marks(read.photo!)).toBe(marks(TEXT));
  });
});

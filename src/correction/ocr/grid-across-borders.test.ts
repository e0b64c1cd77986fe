// A pupil who writes across the grid's cell borders: the cells cut characters in two, so each row is also
// read as one line (grid-row-line.ts) and the surer reading kept. The page must read at least as well as
// the recogniser alone over the detector's lines (readRecogniserOnly), the floor the pipeline must not
// go under.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTranscript } from '../ocr.js';
import { decodeImage } from '../image/raster.js';
import { lineReadsBetter } from './grid-row-line.js';
import { loadPaddleModels, PaddleOcrProvider, readRecogniserOnly } from './paddle.js';
import { KAI_FONT_FAMILY, kaiFontMissing } from './render-page.js';

const missing = kaiFontMissing();
const HAN = /\p{Script=Han}/gu;
const ROWS = ['星期五下午学校开始了拔河比赛', '我们班的同学个个摩拳擦掌有的', '搓手有的跺脚还有的大声喊口号', '裁判一声哨响大家憋足了劲往后', '拉绳子中间的红布条慢慢移动着', '最后我们赢了大家高兴得跳起来'];

function editDistance(a: string[], b: string[]): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * A grid sheet (16 cells a row) written at its own pace: characters 0.86 of a cell apart, so from the third
 * on each one sits across a border, of uneven size and a little jittered.
 */
async function acrossBorders(): Promise<Uint8Array> {
  const cell = 56;
  const left = 60;
  const top = 80;
  const gap = 18;
  const parts: string[] = [];
  let seed = 7;
  const rnd = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  ROWS.forEach((row, r) => {
    const y = top + r * (cell + gap);
    parts.push(`<rect x="${left}" y="${y}" width="${16 * cell}" height="${cell}" fill="none" stroke="#4a9a5a" stroke-width="2"/>`);
    for (let c = 1; c < 16; c++) parts.push(`<line x1="${left + c * cell}" y1="${y}" x2="${left + c * cell}" y2="${y + cell}" stroke="#4a9a5a" stroke-width="2"/>`);
    [...row].forEach((ch, i) => {
      const size = cell * (0.7 + rnd() * 0.26);
      const x = left + cell * 1.5 + i * cell * 0.86 + (rnd() - 0.5) * 0.12 * cell;
      parts.push(`<text x="${x.toFixed(1)}" y="${(y + cell / 2 + size * 0.36).toFixed(1)}" font-family="${KAI_FONT_FAMILY}" font-size="${size.toFixed(1)}" text-anchor="middle" fill="#222">${ch}</text>`);
    });
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1040" height="620"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('the row read as a line wins only when surer', () => {
  const c = (text: string, confidence: number) => ({ text, confidence });
  it('keeps the cells when the line is not surer by the margin, or lost characters', () => {
    expect(lineReadsBetter([c('拔', 0.5), c('河', 0.6)], [c('拔', 0.9), c('河', 0.9)])).toBe(true);
    expect(lineReadsBetter([c('拔', 0.5), c('河', 0.6)], [c('拔', 0.58), c('河', 0.6)])).toBe(false);
    // one character where the cells read two: a line that lost ink is no better
    expect(lineReadsBetter([c('拔', 0.5), c('河', 0.6), c('比', 0.6)], [c('拔', 0.95)])).toBe(false);
    expect(lineReadsBetter([c('拔', 0.5)], [])).toBe(false);
  });
});

describe.skipIf(!!missing)('a grid page written across the cell borders', { timeout: 240_000 }, () => {
  beforeAll(async () => {
    await loadPaddleModels();
  }, 120_000);

  it('reads at least as well as the recogniser alone', async () => {
    const img = await acrossBorders();
    const ref = [...ROWS.join('')];
    const page = await new PaddleOcrProvider().recognize(img);
    expect(page.layout).toBe('grid');
    const floor = await readRecogniserOnly(await decodeImage(img));
    const pipeline = editDistance(ref, buildTranscript([page]).text.match(HAN) ?? []);
    const alone = editDistance(ref, buildTranscript([floor]).text.match(HAN) ?? []);
    expect(pipeline).toBeLessThanOrEqual(alone);
    expect(pipeline / ref.length).toBeLessThan(0.25);
  });
});

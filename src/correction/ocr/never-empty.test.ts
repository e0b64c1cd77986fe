// Nothing returns empty while ink is on the page (read-safeguard.ts, paddle.ts):
// - a phone photo whose lower half lies in a hard shadow: the sheet finder takes the lit half for the
//   sheet, and the straightened half-page read about half the essay. The page reads far less than the
//   photo shows, so it is read again only levelled, and that reading (the whole essay) is kept.
// - a blurred, faint line crop reads with low confidence: it was dropped as a smudge and the crop
//   returned nothing; now its reading is kept, its doubt visible in the characters' confidence.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTranscript } from '../ocr.js';
import { findPageQuad } from '../image/page-quad.js';
import { decodeImage } from '../image/raster.js';
import { loadPaddleModels, PaddleOcrProvider } from './paddle.js';
import { KAI_FONT_FAMILY, kaiFontMissing, PAGE_H, renderEssayPage } from './render-page.js';

const missing = kaiFontMissing();
const HAN = /\p{Script=Han}/gu;
const hanOf = (s: string): string[] => s.match(HAN) ?? [];

describe.skipIf(!!missing)('nothing returns empty while ink is on it', { timeout: 360_000 }, () => {
  beforeAll(async () => {
    await loadPaddleModels();
  }, 120_000);

  it('reads a photo whose lower half is in shadow again unwarped, and keeps the whole essay', async () => {
    const p1 = '星期五下午，学校已经开始了拔河比赛。我们班的同学个个摩拳擦掌，有的搓手，有的跺脚，有的喊口号。';
    const p2 = '裁判一声哨响，大家憋足了劲往后拉，绳子中间的红布条慢慢地向我们这边移动。最后我们赢了，大家高兴得跳了起来。';
    const rendered = await renderEssayPage(['一次难忘的比赛', p1, p2, p1, p2, p1, p2, p1, p2].join('\n'), { noise: 4, seed: 3 });
    const W = 1560;
    const H = 2080;
    const top = 160;
    // a hard shadow (a hand, a phone) over the lower half of the sheet and the table
    const shadow = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect x="0" y="${top + PAGE_H / 2}" width="${W}" height="${H}" fill="black" fill-opacity="0.45"/></svg>`);
    const photo = await sharp({ create: { width: W, height: H, channels: 3, background: { r: 92, g: 76, b: 60 } } })
      .composite([
        { input: rendered.image, left: 160, top },
        { input: shadow, left: 0, top: 0 },
      ])
      .jpeg({ quality: 85 })
      .toBuffer();
    // the sheet finder takes the lit half for the sheet (the failure this guards against)
    const decoded = await decodeImage(photo);
    const quad = findPageQuad(decoded.gray);
    expect(quad).toBeDefined();
    const quadBottom = Math.max(...quad!.map((p) => p[1])) * decoded.scale;
    expect(quadBottom).toBeLessThan(top + PAGE_H * 0.6);

    const page = await new PaddleOcrProvider().recognize(photo);
    expect(page.unwarpedRetry).toBe('kept');
    const read = hanOf(buildTranscript([page]).text);
    const ref = hanOf(rendered.text);
    // the whole essay, not the lit half (the straightened half read under half of it)
    expect(read.length).toBeGreaterThan(ref.length * 0.8);
  });

  it('keeps the low-confidence reading of a blurred, faint line crop instead of nothing', async () => {
    const text = '我们班的同学个个摩拳擦掌';
    const size = 30;
    const h = 50;
    const w = [...text].length * size + 40;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#f4f1ea"/><text x="20" y="${h / 2 + size * 0.35}" font-family="${KAI_FONT_FAMILY}" font-size="${size}" fill="#888">${text}</text></svg>`;
    const crop = await sharp(Buffer.from(svg)).blur(3.5).jpeg({ quality: 80 }).toBuffer();
    const page = await new PaddleOcrProvider().recognize(crop);
    const read = buildTranscript([page]).text;
    expect(read.trim().length).toBeGreaterThan(0);
    // it is a reading of the line (most of its characters), and its doubt shows in the confidence
    const ref = new Set(text);
    expect(hanOf(read).filter((c) => ref.has(c)).length).toBeGreaterThanOrEqual(5);
    expect(page.confidence).toBeLessThan(0.75);
  });
});

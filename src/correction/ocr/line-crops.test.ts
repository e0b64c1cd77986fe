// A line or strip cut from a page is read, never refused (pupils' exam lines are scanned as 1329×61 crops):
// - the image check only warns that the picture is small; what was read is kept, even under ten characters
//   (an 8-character line used to be dropped as "recognition failed" and the essay read as nothing);
// - a 45 px strip, its text touching the edges, is shown to the detector larger and with a white margin
//   (at the page's scale the detector saw a few characters of it).
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { correctEssay } from '../correct-essay.js';
import { loadPaddleModels } from './paddle.js';
import { KAI_FONT_FAMILY, kaiFontMissing } from './render-page.js';

const missing = kaiFontMissing();
const HAN = /\p{Script=Han}/gu;

/** a tight crop of one written line: text nearly as high as the crop, starting at its left edge */
async function lineCrop(text: string, width: number, height: number, size: number): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f1ea"/><text x="2" y="${height / 2 + size * 0.36}" font-family="${KAI_FONT_FAMILY}" font-size="${size}" fill="#333" letter-spacing="-2">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).blur(0.8).jpeg({ quality: 80 }).toBuffer();
}

/** characters of `ref` found in order in `read` (a longest common subsequence) */
function inOrder(ref: string[], read: string[]): number {
  let prev = new Array<number>(read.length + 1).fill(0);
  for (const a of ref) {
    const cur = [0];
    read.forEach((b, j) => cur.push(a === b ? prev[j]! + 1 : Math.max(prev[j + 1]!, cur[j]!)));
    prev = cur;
  }
  return prev[read.length]!;
}

describe.skipIf(!!missing)('line and strip crops are read', { timeout: 240_000 }, () => {
  beforeAll(async () => {
    await loadPaddleModels();
  }, 120_000);

  it('reads a 1329×61 line crop, flagged as small', async () => {
    const text = '星期五下午学校已经开始了拔河比赛我们班的同学个个摩拳擦掌';
    const r = await correctEssay({ images: [await lineCrop(text, 1329, 61, 50)], grade: 7, lang: 'zh' });
    expect(r.flags.find((f) => f.code === 'ABNORMAL_IMAGE')?.evidence).toMatch(/1329×61.*已放大识别/);
    const read = r.transcript.match(HAN) ?? [];
    expect(inOrder([...text], read)).toBeGreaterThanOrEqual(text.length * 0.9);
  });

  it('keeps a short line of eight characters instead of refusing it', async () => {
    const text = '我们赢了大家高兴';
    const r = await correctEssay({ images: [await lineCrop(text, 1329, 61, 50)], grade: 7, lang: 'zh' });
    // still said (too little to score), never silently emptied
    expect(r.flags.map((f) => f.code)).toContain('TEXT_RECOGNITION_FAILED');
    expect(inOrder([...text], r.transcript.match(HAN) ?? [])).toBeGreaterThanOrEqual(7);
  });

  it('reads a 45 px strip whose text touches its edges', async () => {
    const text = '星期五下午学校已经开始了拔河比赛我们班的同学个个摩拳擦掌';
    const r = await correctEssay({ images: [await lineCrop(text, 1000, 45, 40)], grade: 7, lang: 'zh' });
    // (the detector at the page's scale found the first seven characters and a few more: 11 of 28)
    expect(inOrder([...text], r.transcript.match(HAN) ?? [])).toBeGreaterThanOrEqual(22);
  });
});

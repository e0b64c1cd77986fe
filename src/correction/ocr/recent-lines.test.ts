// A line image read again (the rows of the upside-down check are read again as rows) is answered from the
// recent readings: the same characters, one model run, and callers that change their copy change nothing else.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gray } from '../image/raster.js';
import { recognizeLineImage } from './ctc-decode.js';
import { loadPaddleModels, type Models } from './paddle-models.js';
import { REC_H } from './paddle-models.js';
import { KAI_FONT_FAMILY, kaiFontMissing } from './render-page.js';

const missing = kaiFontMissing();

async function line(text: string): Promise<Gray> {
  const width = 40 * text.length + 20;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${REC_H}"><rect width="100%" height="100%" fill="#fff"/><text x="10" y="36" font-family="${KAI_FONT_FAMILY}" font-size="36" fill="#222">${text}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

describe.skipIf(!!missing)('a line image read again', { timeout: 120_000 }, () => {
  let m: Models;
  let runs = 0;
  beforeAll(async () => {
    m = await loadPaddleModels();
    const run = m.recognition.run.bind(m.recognition);
    // (counted on this test's own copy of the models' object: the session itself is shared)
    m = { ...m, recognition: Object.assign(Object.create(m.recognition) as typeof m.recognition, { run: (...a: Parameters<typeof run>) => ((runs++, run(...a))) }) };
  }, 120_000);

  it('reads the same pixels once and gives each caller its own copy', async () => {
    const img = await line('我们班的同学个个摩拳擦掌');
    const first = await recognizeLineImage(m, img);
    expect(first.map((c) => c.text).join('')).toContain('摩拳擦掌');
    const again = await recognizeLineImage(m, { ...img, data: img.data.slice() });
    expect(runs).toBe(1);
    expect(again).toEqual(first);
    again[0]!.text = 'x';
    again[0]!.alternatives?.splice(0);
    expect((await recognizeLineImage(m, img))[0]).toEqual(first[0]);
    expect(runs).toBe(1);
  });

  it('reads other pixels of the same size anew', async () => {
    const a = await line('裁判一声哨响');
    const b = await line('大家憋足了劲');
    expect(b.width).toBe(a.width);
    const before = runs;
    const ra = await recognizeLineImage(m, a);
    const rb = await recognizeLineImage(m, b);
    expect(runs).toBe(before + 2);
    expect(rb.map((c) => c.text).join('')).not.toBe(ra.map((c) => c.text).join(''));
  });
});

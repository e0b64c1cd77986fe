import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ANSWER, SYS } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';

// product-rules.md#security: the svg-captcha image drew every glyph with the same path commands, so a script
// read it from the SVG (30 of 30). The captcha is now a PNG with no outlines in it, and two images
// of the same text differ throughout, so there is nothing constant to look up; people still solve it.
describe.each(databaseKinds())('captcha image on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
  }, 120_000);
  afterAll(async () => t?.close());

  const captcha = async () => (await t.call('POST', `${SYS}/auth/getImageVerificationCode`)).json().data as { uuid: string; img: string };
  const pixels = async (img: string) => sharp(Buffer.from(img.replace(/^data:image\/png;base64,/, ''), 'base64')).raw().toBuffer({ resolveWithObject: true });

  it('is a PNG without vector outlines, different each time for the same text, and still answered by its text', async () => {
    // The test app pins every captcha's text (K7PX), the worst case for a lookup attack.
    const [a, b] = [await captcha(), await captcha()];
    for (const c of [a, b]) {
      expect(c.img).toMatch(/^data:image\/png;base64,/);
      const bytes = Buffer.from(c.img.split(',')[1]!, 'base64');
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      expect(bytes.toString('latin1')).not.toMatch(/<path|<svg/);
    }
    const [pa, pb] = [await pixels(a.img), await pixels(b.img)];
    expect(pa.info).toMatchObject({ width: 240, height: 80 });
    let differ = 0;
    for (let i = 0; i < pa.data.length; i += pa.info.channels) if (Math.abs(pa.data[i]! - pb.data[i]!) > 40) differ += 1;
    expect(differ / (pa.info.width * pa.info.height)).toBeGreaterThan(0.03);

    const verified = await t.call('POST', `${SYS}/auth/verify`, { body: { uuid: a.uuid, code: CAPTCHA_ANSWER.toLowerCase() } });
    expect(verified.statusCode, verified.body).toBe(200);
    const wrong = await t.call('POST', `${SYS}/auth/verify`, { body: { uuid: b.uuid, code: 'XXXX' } });
    expect(wrong.json()).toMatchObject({ error: 'CAPTCHA_WRONG' });
  });
});

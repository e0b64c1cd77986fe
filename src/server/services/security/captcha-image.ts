// The captcha as a raster image. svg-captcha's SVG drew each glyph with the same path commands every
// time, so a 25-line script read 30 of 30 (product-rules.md#security); a PNG carries no glyph outlines to match. The
// text is drawn larger, each glyph's position and angle vary (svg-captcha), the whole is turned a few
// degrees, and random speckles and arcs are laid over it, so that two images of one text differ in
// every pixel row and there is nothing constant to look up.
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';

// The package's default export renders a given text (its typings only declare `create`).
const renderSvg = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;

export const CAPTCHA_WIDTH = 240;
export const CAPTCHA_HEIGHT = 80;

/** Random arcs and dots over the text, in the text's colour range, as an SVG overlay. */
function clutter(): string {
  const parts: string[] = [];
  for (let i = 0; i < 3; i++) {
    const [x1, y1, cx, cy, x2, y2] = [randomInt(0, 60), randomInt(0, CAPTCHA_HEIGHT), randomInt(40, 200), randomInt(0, CAPTCHA_HEIGHT), randomInt(180, CAPTCHA_WIDTH), randomInt(0, CAPTCHA_HEIGHT)];
    parts.push(`<path d="M${x1} ${y1} Q${cx} ${cy} ${x2} ${y2}" stroke="hsl(${randomInt(0, 360)},40%,55%)" stroke-width="1.5" fill="none"/>`);
  }
  for (let i = 0; i < 80; i++) parts.push(`<circle cx="${randomInt(0, CAPTCHA_WIDTH)}" cy="${randomInt(0, CAPTCHA_HEIGHT)}" r="${randomInt(1, 3) / 2}" fill="hsl(${randomInt(0, 360)},50%,50%)"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}">${parts.join('')}</svg>`;
}

/** A PNG of `text` (shown at 120 × 40 CSS pixels; drawn at twice that for sharp screens). */
export async function captchaPng(text: string): Promise<Buffer> {
  const svg = renderSvg(text, { noise: 2, color: false, background: '#f5f5f5', width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, fontSize: 72 });
  const angle = randomInt(-4, 5);
  const turned = await sharp(Buffer.from(svg)).rotate(angle, { background: '#f5f5f5' }).resize(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, { fit: 'cover' }).png().toBuffer();
  return sharp(turned).composite([{ input: Buffer.from(clutter()) }]).png({ compressionLevel: 9 }).toBuffer();
}

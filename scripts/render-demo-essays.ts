// Renders the demo essays (src/server/seed/demo-essays-data.ts) onto 作文纸 and writes the page images
// that the demo seed ships: src/server/seed/demo-essays/<key>-<page>.jpg. The images are committed,
// because the Kai font that renders them (Debian fonts-arphic-ukai) need not be installed where
// `npm start` runs; this script only runs again when a text or a look changes.
//
// Regenerate (needs the font: apt-get install -y fonts-arphic-ukai):
//   node --import tsx scripts/render-demo-essays.ts
// then commit src/server/seed/demo-essays/. Pages are deterministic (seeded noise), so unchanged
// essays give the same bytes. Pages are scaled to WIDTH (≈120 dpi A4; scans in grey) and each JPEG
// is kept under MAX_BYTES by lowering its quality, so the whole set stays under 3 MB.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { kaiFontMissing, renderEssayPage } from '../src/correction/ocr/render-page';
import { DEMO_ESSAYS, demoEssayPageFile, demoEssayPages } from '../src/server/seed/demo-essays-data';

const OUT_DIR = path.resolve(import.meta.dirname, '../src/server/seed/demo-essays');
const WIDTH = 1000;
const MAX_BYTES = 170 * 1024;
const QUALITIES = [78, 74, 70, 66, 62, 58];

async function main() {
  const missing = kaiFontMissing();
  if (missing) throw new Error(missing);
  mkdirSync(OUT_DIR, { recursive: true });
  // Pages of essays that were removed or got shorter must not linger.
  for (const f of readdirSync(OUT_DIR)) if (f.endsWith('.jpg')) rmSync(path.join(OUT_DIR, f));
  let total = 0;
  for (const essay of DEMO_ESSAYS) {
    const pages = demoEssayPages(essay);
    for (const [i, paragraphs] of pages.entries()) {
      const { photo, rotate, noise, blur, seed } = essay.look;
      const rendered = await renderEssayPage(paragraphs.join('\n'), {
        paper: 'grid',
        title: i === 0,
        ...(pages.length > 1 ? { pageNumber: i + 1 } : {}),
        ...(photo ? { photo } : {}),
        ...(rotate ? { rotate } : {}),
        ...(noise ? { noise } : {}),
        ...(blur ? { blur } : {}),
        seed: seed * 10 + i,
      });
      if (rendered.overflow) throw new Error(`${essay.key} page ${i + 1}: text does not fit (${rendered.overflow.slice(0, 20)}…)`);
      let jpeg: Buffer | undefined;
      for (const quality of QUALITIES) {
        let img = sharp(rendered.image).resize({ width: WIDTH });
        if (!photo) img = img.grayscale();
        jpeg = await img.jpeg({ quality, mozjpeg: true }).toBuffer();
        if (jpeg.length <= MAX_BYTES) break;
      }
      if (!jpeg || jpeg.length > MAX_BYTES) throw new Error(`${essay.key} page ${i + 1}: ${jpeg?.length} bytes even at the lowest quality`);
      const file = demoEssayPageFile(essay, i);
      writeFileSync(path.join(OUT_DIR, file), jpeg);
      total += jpeg.length;
      console.log(`${file.padEnd(28)} ${(jpeg.length / 1024).toFixed(0).padStart(4)} KB`);
    }
  }
  console.log(`${DEMO_ESSAYS.length} essays, total ${(total / 1024 / 1024).toFixed(2)} MB in ${path.relative(process.cwd(), OUT_DIR)}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

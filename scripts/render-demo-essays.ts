// Renders the demo essays (src/server/seed/demo-essays-data.ts) onto 作文纸 and writes the page images
// that the demo seed ships: src/server/seed/demo-essays/<key>-<page>.jpg. The images are committed,
// because the Kai font that renders them (Debian fonts-arphic-ukai) need not be installed where
// `npm start` runs; this script only runs again when a text or a look changes.
//
// Regenerate (needs the font: apt-get install -y fonts-arphic-ukai):
//   node --import tsx scripts/render-demo-essays.ts
// then commit src/server/seed/demo-essays/. Pages are deterministic (seeded noise), so unchanged
// essays give the same bytes. Pages keep the renderer's 1240 px width and scans are grey. Each page
// is checked with the real OCR before it is written: the smallest JPEG under BUDGET that still reads
// as grid paper, with every paragraph and under 2% character errors, else the next better quality up
// to MAX_BYTES. (Scaled to 1000 px, blurred over 0.5 or at low JPEG quality, tilted pages lost their
// grid and were read as one paragraph.) The whole set stays under 3 MB.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { correctEssay } from '../src/correction/index';
import { kaiFontMissing, renderEssayPage } from '../src/correction/ocr/render-page';
import { DEMO_ESSAY_TITLE, DEMO_ESSAYS, demoEssayPageFile, demoEssayPages } from '../src/server/seed/demo-essays-data';

const OUT_DIR = path.resolve(import.meta.dirname, '../src/server/seed/demo-essays');
const BUDGET = 165 * 1024;
const MAX_BYTES = 250 * 1024;
const QUALITIES = [56, 60, 64, 68, 72, 76, 80, 85];

/** Character error rate (edit distance / reference length), white space ignored. */
function cer(ref: string, hyp: string): number {
  const a = [...ref.replace(/\s/g, '')];
  const b = [...hyp.replace(/\s/g, '')];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]! / Math.max(1, a.length);
}

/** Whether the OCR reads the page as written: grid layout, the same paragraphs, few character errors. */
async function readsWell(jpeg: Buffer, text: string, title: string): Promise<{ ok: boolean; why: string }> {
  const r = await correctEssay({ title, grade: 7, images: [jpeg] });
  const layout = r.pages[0]?.layout;
  const paragraphs = r.transcript.split('\n').length;
  const rate = cer(text, r.transcript);
  const why = `layout ${layout}, ${paragraphs}/${text.split('\n').length} paragraphs, CER ${(rate * 100).toFixed(1)}%`;
  return { ok: layout === 'grid' && paragraphs === text.split('\n').length && rate < 0.02, why };
}

async function main() {
  const missing = kaiFontMissing();
  if (missing) throw new Error(missing);
  const out: Array<{ file: string; jpeg: Buffer }> = [];
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
      const file = demoEssayPageFile(essay, i);
      const encoded: Buffer[] = [];
      for (const quality of QUALITIES) {
        let img = sharp(rendered.image);
        if (!photo) img = img.grayscale();
        encoded.push(await img.jpeg({ quality, mozjpeg: true }).toBuffer());
      }
      // from the best quality within budget upwards, the first one the OCR reads well
      const start = Math.max(0, encoded.findLastIndex((b) => b.length <= BUDGET));
      let jpeg: Buffer | undefined;
      const tried: string[] = [];
      for (const candidate of encoded.slice(start).filter((b) => b.length <= MAX_BYTES)) {
        const check = await readsWell(candidate, rendered.text, DEMO_ESSAY_TITLE);
        tried.push(`${(candidate.length / 1024).toFixed(0)} KB: ${check.why}`);
        if (check.ok) {
          jpeg = candidate;
          break;
        }
      }
      if (!jpeg) throw new Error(`${file}: no JPEG under ${MAX_BYTES / 1024} KB reads well (${tried.join('; ')}); change its look`);
      out.push({ file, jpeg });
      console.log(`${file.padEnd(28)} ${(jpeg.length / 1024).toFixed(0).padStart(4)} KB  ${tried.at(-1)!.replace(/^[^:]*: /, '')}`);
    }
  }
  // Every page passed: replace the folder's pages (those of removed or shortened essays must not linger).
  mkdirSync(OUT_DIR, { recursive: true });
  for (const f of readdirSync(OUT_DIR)) if (f.endsWith('.jpg')) rmSync(path.join(OUT_DIR, f));
  for (const { file, jpeg } of out) writeFileSync(path.join(OUT_DIR, file), jpeg);
  const total = out.reduce((n, o) => n + o.jpeg.length, 0);
  console.log(`${DEMO_ESSAYS.length} essays, ${out.length} pages, total ${(total / 1024 / 1024).toFixed(2)} MB in ${path.relative(process.cwd(), OUT_DIR)}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

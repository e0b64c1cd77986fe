// Copy detection figures (docs/decisions.md): page hashes on the 18 demo pages and text
// overlap on the 150 essays of /work/shared/data/aes-calibration. Run: npx tsx bench/copy-detection.ts
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { hashDistance, pageHash, SAME_PAGE_MAX_BITS } from '../src/correction/copy/page-hash';
import { textOverlap } from '../src/correction/copy/text-overlap';
import { COPY_SHARE } from '../src/server/services/copy-check';

const PAGES = path.resolve(import.meta.dirname, '../src/server/seed/demo-essays');
const AES = process.env.AES_DIR ?? '/work/shared/data/aes-calibration/essays';

const files = readdirSync(PAGES).filter((f) => f.endsWith('.jpg')).sort();
const hashes = await Promise.all(files.map(async (f) => pageHash(readFileSync(path.join(PAGES, f)))));
let closest = Infinity;
for (let i = 0; i < hashes.length; i++) for (let j = i + 1; j < hashes.length; j++) closest = Math.min(closest, hashDistance(hashes[i]!, hashes[j]!));
console.log(`pages ${files.length}: closest two different pages ${closest} bits (threshold ${SAME_PAGE_MAX_BITS})`);
const variants: Record<string, (b: Buffer, w: number, h: number) => Promise<Buffer>> = {
  'rescaled 0.6, JPEG 60': (b, w) => sharp(b).resize(Math.round(w * 0.6)).jpeg({ quality: 60 }).toBuffer(),
  'darker, JPEG 75': (b) => sharp(b).modulate({ brightness: 0.85 }).jpeg({ quality: 75 }).toBuffer(),
  'PNG': (b) => sharp(b).png().toBuffer(),
  'cropped 20/30 px': (b, w, h) => sharp(b).extract({ left: 20, top: 30, width: w - 40, height: h - 60 }).toBuffer(),
  'turned 1.5°': (b) => sharp(b).rotate(1.5, { background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer(),
};
for (const [name, make] of Object.entries(variants)) {
  const d: number[] = [];
  for (const [i, f] of files.entries()) {
    const b = readFileSync(path.join(PAGES, f));
    const { width, height } = await sharp(b).metadata();
    d.push(hashDistance(hashes[i]!, await pageHash(await make(b, width!, height!))));
  }
  console.log(`  ${name}: max ${Math.max(...d)} bits, found ${d.filter((x) => x <= SAME_PAGE_MAX_BITS).length}/${d.length}`);
}

const texts = readdirSync(AES).sort().map((f) => readFileSync(path.join(AES, f), 'utf8'));
const shares: number[] = [];
for (let i = 0; i < texts.length; i++) for (let j = 0; j < texts.length; j++) if (i !== j) shares.push(textOverlap(texts[i]!, texts[j]!).share);
shares.sort((a, b) => b - a);
const identical = shares.filter((s) => s === 1).length;
console.log(`essays ${texts.length}: ${identical} ordered pairs identical; highest share otherwise ${(shares[identical]! * 100).toFixed(1)} % (threshold ${COPY_SHARE * 100} %)`);
const planted = texts.map((src) => textOverlap([...src].map((c, k) => (k % 10 === 5 && /\p{Script=Han}/u.test(c) ? '的' : c)).join(''), src).share);
console.log(`  every tenth character changed: found ${planted.filter((s) => s >= COPY_SHARE).length}/${texts.length}, lowest ${(Math.min(...planted) * 100).toFixed(1)} %`);
const half = texts.map((src, i) => {
  const other = texts[(i + 1) % texts.length]!;
  return textOverlap(src.slice(0, src.length >> 1) + other.slice(other.length >> 1), src).share;
});
console.log(`  half copied: found ${half.filter((s) => s >= COPY_SHARE).length}/${texts.length}, lowest ${(Math.min(...half) * 100).toFixed(1)} %`);

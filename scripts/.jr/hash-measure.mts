import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { pageHash, hashDistance } from '/work/wt-journey/src/correction/copy/page-hash.ts';
const dir = '/work/wt-journey/src/server/seed/demo-essays';
const files = readdirSync(dir).filter((f) => f.endsWith('.jpg'));
const hashes = await Promise.all(files.map(async (f) => [f, await pageHash(readFileSync(`${dir}/${f}`))] as const));
const cross: number[] = [];
for (let i = 0; i < hashes.length; i++) for (let j = i + 1; j < hashes.length; j++) cross.push(hashDistance(hashes[i]![1], hashes[j]![1]));
cross.sort((a, b) => a - b);
console.log('pages', files.length, 'pairs', cross.length, 'min', cross[0], 'p5', cross[Math.floor(cross.length * 0.05)], 'median', cross[Math.floor(cross.length / 2)]);
const same: number[] = [];
for (const [f, h] of hashes) {
  const buf = readFileSync(`${dir}/${f}`);
  const meta = await sharp(buf).metadata();
  const variants = [
    await sharp(buf).resize(Math.round(meta.width! * 0.6)).jpeg({ quality: 60 }).toBuffer(),
    await sharp(buf).modulate({ brightness: 0.85 }).jpeg({ quality: 75 }).toBuffer(),
    await sharp(buf).rotate(1.5, { background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer(),
    await sharp(buf).extract({ left: 20, top: 30, width: meta.width! - 40, height: meta.height! - 60 }).toBuffer(),
    await sharp(buf).png().toBuffer(),
  ];
  for (const v of variants) same.push(hashDistance(h, await pageHash(v)));
}
same.sort((a, b) => a - b);
console.log('same page variants', same.length, 'max', same.at(-1), 'p95', same[Math.floor(same.length * 0.95)], 'median', same[Math.floor(same.length / 2)], JSON.stringify(same));

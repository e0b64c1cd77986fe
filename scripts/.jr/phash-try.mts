import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
const N = 32; const K = Number(process.env.K ?? 8);
const cos = Array.from({ length: N }, (_, u) => Array.from({ length: N }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N))));
async function phash(buf: Buffer, trim: boolean) {
  let img = sharp(buf).rotate().grayscale();
  if (trim) { const t = await img.clone().normalise().threshold(200).negate().toBuffer(); void t; }
  const { data } = await img.normalise().resize(N, N, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const coef: number[] = [];
  for (let u = 0; u < K; u++) for (let v = 0; v < K; v++) {
    if (u === 0 && v === 0) continue;
    let s = 0;
    for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) s += data[y * N + x]! * cos[u]![y]! * cos[v]![x]!;
    coef.push(s);
  }
  const med = [...coef].sort((a, b) => a - b)[Math.floor(coef.length / 2)]!;
  return coef.map((c) => (c > med ? 1 : 0));
}
const dist = (a: number[], b: number[]) => a.reduce((d, x, i) => d + (x !== b[i] ? 1 : 0), 0);
const dir = 'src/server/seed/demo-essays';
const files = readdirSync(dir).filter((f) => f.endsWith('.jpg'));
const hashes = await Promise.all(files.map(async (f) => [f, await phash(readFileSync(`${dir}/${f}`), false)] as const));
const cross: [number, string][] = [];
for (let i = 0; i < hashes.length; i++) for (let j = i + 1; j < hashes.length; j++) cross.push([dist(hashes[i]![1], hashes[j]![1]), hashes[i]![0] + ' ' + hashes[j]![0]]);
cross.sort((a, b) => a[0] - b[0]);
console.log('K', K, 'bits', K * K - 1, 'cross min', cross.slice(0, 3), 'median', cross[Math.floor(cross.length / 2)]![0]);
const names = ['scale0.6 q60', 'darker', 'rot1.5', 'crop', 'png', 'rot-1 scale0.8 q50'];
const per: Record<string, number[]> = {};
for (const [f, h] of hashes) {
  const buf = readFileSync(`${dir}/${f}`);
  const meta = await sharp(buf).metadata();
  const variants = [
    await sharp(buf).resize(Math.round(meta.width! * 0.6)).jpeg({ quality: 60 }).toBuffer(),
    await sharp(buf).modulate({ brightness: 0.85 }).jpeg({ quality: 75 }).toBuffer(),
    await sharp(buf).rotate(1.5, { background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer(),
    await sharp(buf).extract({ left: 20, top: 30, width: meta.width! - 40, height: meta.height! - 60 }).toBuffer(),
    await sharp(buf).png().toBuffer(),
    await sharp(buf).rotate(-1, { background: '#f0f0f0' }).resize(Math.round(meta.width! * 0.8)).jpeg({ quality: 50 }).toBuffer(),
  ];
  for (const [k, v] of variants.entries()) (per[names[k]!] ??= []).push(dist(h, await phash(v, false)));
}
for (const [k, v] of Object.entries(per)) console.log(k, 'max', Math.max(...v), 'mean', (v.reduce((a, b) => a + b, 0) / v.length).toFixed(1));

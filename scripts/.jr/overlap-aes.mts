import { readdirSync, readFileSync } from 'node:fs';
import { textOverlap } from '../../src/correction/copy/text-overlap';
const dir = '/work/shared/data/aes-calibration/essays';
const texts = readdirSync(dir).map((f) => readFileSync(`${dir}/${f}`, 'utf8'));
const shares: number[] = [];
for (let i = 0; i < texts.length; i++) for (let j = 0; j < texts.length; j++) if (i !== j) shares.push(textOverlap(texts[i]!, texts[j]!).share);
shares.sort((a, b) => b - a);
console.log('essays', texts.length, 'ordered pairs', shares.length, 'top5', shares.slice(0, 5).map((s) => s.toFixed(3)));
// planted copies: each essay with every 10th character changed and sentences reordered
let found = 0; const planted: number[] = [];
for (let i = 0; i < texts.length; i++) {
  const src = texts[i]!;
  const edited = [...src].map((c, k) => (k % 10 === 5 && /\p{Script=Han}/u.test(c) ? '的' : c)).join('');
  const s = textOverlap(edited, src).share; planted.push(s); if (s >= 0.4) found++;
}
planted.sort((a, b) => a - b);
console.log('planted (every 10th char changed)', found, '/', texts.length, 'min share', planted[0]!.toFixed(3));
let found2 = 0; const half: number[] = [];
for (let i = 0; i < texts.length; i++) {
  const src = texts[i]!; const other = texts[(i + 1) % texts.length]!;
  const mixed = src.slice(0, Math.floor(src.length / 2)) + other.slice(Math.floor(other.length / 2));
  const s = textOverlap(mixed, src).share; half.push(s); if (s >= 0.4) found2++;
}
half.sort((a, b) => a - b);
console.log('half copied', found2, '/', texts.length, 'min share', half[0]!.toFixed(3));

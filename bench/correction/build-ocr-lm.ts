// Builds the OCR language model's corpus part: character bigram counts of public essays and sentences
// the project may ship, written to src/correction/data/ocr-lm-bigrams.tsv (read by src/correction/ocr/char-lm.ts):
//   node --import tsx bench/correction/build-ocr-lm.ts
// Text: the aes-calibration essays (MIT) and the corrected SIGHAN-15 sentences (Apache-2.0). Held out:
// every aes essay the handwriting set writes (the first SET_AES) and every essay sharing a title with
// one of them, and the demo essays (never read here), so no page of the set is in the model.
// Bigrams seen once are dropped (they are mostly noise and would double the file).
import { readFileSync, writeFileSync } from 'node:fs';
import { loadAes } from './aes-data.js';
import { SET_AES } from './handwriting-set.js';

const DATA = '/work/shared/data/';
const aes = loadAes(`${DATA}aes-calibration/`);
const heldTitles = new Set(aes.slice(0, SET_AES).map((e) => e.title));
const texts: string[] = aes.slice(SET_AES).filter((e) => !heldTitles.has(e.title)).map((e) => e.transcript.split('\n').slice(1).join('\n'));
const usedEssays = texts.length;
for (const line of readFileSync(`${DATA}sighan15/train.tsv`, 'utf8').split('\n')) {
  const right = line.split('\t')[1];
  if (right) texts.push(right);
}
const HAN = /\p{Script=Han}/u;
const counts = new Map<string, number>();
for (const t of texts) {
  // runs of Han characters: a mark or a line break ends the context (as in the decoder)
  for (const run of t.split(/[^\p{Script=Han}]+/u)) {
    const cs = [...run].filter((c) => HAN.test(c));
    for (let i = 0; i < cs.length; i++) {
      const key = (i === 0 ? '^' : cs[i - 1]!) + cs[i]!;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
}
const rows = [...counts].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1]);
const out = new URL('../../src/correction/data/ocr-lm-bigrams.tsv', import.meta.url).pathname;
writeFileSync(out, `# character bigram counts ('^' = start of a run of Han characters); built by bench/correction/build-ocr-lm.ts from ${usedEssays} aes-calibration essays (MIT) and ${texts.length - usedEssays} SIGHAN-15 sentences (Apache-2.0)\n${rows.map(([k, n]) => `${k}\t${n}`).join('\n')}\n`);
console.log(`${rows.length} bigrams (of ${counts.size}) from ${usedEssays} essays and ${texts.length - usedEssays} sentences -> ${out}`);

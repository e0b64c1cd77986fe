// Tunes the OCR language model's weight offline, on the dev split only: handwriting-ocr.ts --json keeps
// every line as the recogniser gave it to the decoder (with its candidates); here those lines are decoded
// again at each weight and the page's Han characters compared with the reference. (An approximation of
// the page's text: lines later dropped as smudges or repeated as wrap context count too, so read the
// differences between weights, not the level.) The test split is never looked at here.
//   node --import tsx bench/correction/tune-ocr-lm.ts --result OUT.json [--set DIR] [--weights 0,0.2,0.35,0.5] [--cand-min 0.01] [--top-k 3,6] [--lm wDict:wCorpus:dictMinFreq]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildCharLm, CHAR_LM_DEFAULTS, getCharLm } from '../../src/correction/ocr/char-lm.js';
import { lmDecode, setLmDecodeParams, type LatticeChar } from '../../src/correction/ocr/lm-decode.js';
import { editDistance } from './handwriting-ocr-cer.js';
import type { DevItem } from './handwriting-set.js';

const { values } = parseArgs({ options: { result: { type: 'string' }, set: { type: 'string', default: '/tmp/zhipi-handwriting-set' }, weights: { type: 'string', default: '0,0.15,0.25,0.35,0.5,0.7' }, 'cand-min': { type: 'string', default: '0.01' }, 'top-k': { type: 'string', default: '3' }, lm: { type: 'string', default: '' }, split: { type: 'string', default: 'dev' } } });
const items = new Map((JSON.parse(readFileSync(join(values.set, 'manifest.json'), 'utf8')) as DevItem[]).map((it) => [it.file, it]));
const result = JSON.parse(readFileSync(values.result!, 'utf8')) as { perItem: Array<{ file: string; lattice?: LatticeChar[][] }> };
const HAN = /\p{Script=Han}/u;
const han = (s: string): string[] => [...s].filter((c) => HAN.test(c));
// --lm 'wDict:wCorpus:dictMinFreq' tries another model
const lm = values.lm ? buildCharLm({ ...CHAR_LM_DEFAULTS, ...Object.fromEntries(values.lm.split(':').map((v, i) => [['wDict', 'wCorpus', 'dictMinFreq'][i], Number(v)])) }) : getCharLm();
for (const k of values['top-k'].split(',').map(Number))
for (const cm of values['cand-min'].split(',').map(Number)) {
  for (const w of values.weights.split(',').map(Number)) {
    setLmDecodeParams({ weight: w, candMin: cm, topK: k });
    const byKind = new Map<string, { e: number; n: number }>();
    for (const r of result.perItem) {
      const it = items.get(r.file);
      if (!it || it.split !== values.split || !r.lattice) continue;
      const hyp = r.lattice.map((l) => lmDecode(l, lm).map((c) => c.text).join('')).join('');
      const ref = han(it.text);
      for (const k of [it.kind, 'all']) {
        const a = byKind.get(k) ?? { e: 0, n: 0 };
        a.e += editDistance(ref, han(hyp));
        a.n += ref.length;
        byKind.set(k, a);
      }
    }
    console.log(`top-k ${k} cand-min ${cm} weight ${w}: ${[...byKind].sort().map(([k, a]) => `${k} ${((100 * a.e) / a.n).toFixed(2)}%`).join(' | ')}`);
  }
}

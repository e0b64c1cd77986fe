// Scorer lab, step 1: every model input of the 150 calibration essays (essay-model.ts modelInputs, read at
// the shipped model's reference grade) plus sentence and paragraph lengths, cached as JSON for the numpy
// experiments next to this file (README.md here). Scratch output, never committed.
// Usage: SCORE_CACHE=/tmp/score-cache.json node --import tsx bench/correction/scorer-lab/dump-inputs.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { analyzeText } from '../../../src/correction/text/analyze.js';
import { modelInputs } from '../../../src/correction/scoring/essay-model.js';
import { loadAes } from '../aes-data.js';
const DATA = process.env.AES_DIR ?? new URL('../../../../shared/data/aes-calibration/', import.meta.url).pathname;
const essays = loadAes(DATA);
const model = JSON.parse(readFileSync(new URL('../../../src/correction/scoring/scoring-model.json', import.meta.url), 'utf8')) as { calibration: { referenceGrade: number } };
const grade = Number(process.env.GRADE ?? model.calibration.referenceGrade);
const out = essays.map((e) => {
  const a = analyzeText({ transcript: e.transcript, title: e.title, grade });
  const inp = modelInputs(a, { grade });
  const o: Record<string, unknown> = { id: e.id, title: e.title, score: e.score, han: a.hanCount, sentLens: a.sentences.map((s) => s.hanCount), paraLens: a.paragraphs.map((p) => p.hanCount) };
  for (const [k, v] of Object.entries(inp)) o[k] = v instanceof Map ? Object.fromEntries(v) : v;
  return o;
});
writeFileSync(process.env.SCORE_CACHE ?? '/tmp/score-cache.json', JSON.stringify(out));
console.log(out.length);

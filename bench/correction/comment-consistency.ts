// The consistency checker over generated comment sets: the 150 calibration essays (one "class", grade 9,
// A/B/C, six dimensions) and the ten demo essays (grade 7, the demo task's requirements), zh and en.
// The comment templates were written against the demo class; the calibration essays were not read to
// write them, so their figure is the out-of-sample one. Counts contradictions per rule before the gate
// that remain after correctText's gate. The gate rewrites overall and dimension comments from the same
// deterministic templates, so a template contradiction survives it and is counted; only sentence notes
// are dropped by it, and those drops are counted separately ("notes dropped").
// Usage: node --import tsx bench/correction/comment-consistency.ts [--lang zh|en|both]
import { performance } from 'node:perf_hooks';
import { checkClassComments, correctText, type CorrectionResult } from '../../src/correction/index.js';
import { DEMO_ESSAY_TITLE, DEMO_ESSAYS } from '../../src/server/seed/demo-essays-data.js';
import { buildNotes } from '../../src/correction/comments/notes.js';
import { loadAes } from './aes-data.js';

const arg = process.argv.indexOf('--lang');
const langs = (arg > 0 ? process.argv[arg + 1] : 'both') === 'both' ? (['zh', 'en'] as const) : ([process.argv[arg + 1]] as Array<'zh' | 'en'>);
const DIMS = ['立意', '内容', '结构', '语言', '修辞', '书写'];
const requirements = ['选择身边熟悉的人', '通过具体事例表现人物特点', '不少于500字'];

const summary = (rs: CorrectionResult[], transcripts: string[]) => {
  const c = checkClassComments(rs);
  const dropped = rs.reduce((n, r, i) => n + (r.status === 'scored' ? buildNotes(r.analysis, transcripts[i]!, r.lang).length - r.notes.length : 0), 0);
  const by = new Map<string, number>();
  for (const x of c) by.set(x.rule, (by.get(x.rule) ?? 0) + 1);
  return { dropped, total: c.length, by: [...by.entries()].map(([k, v]) => `${k} ${v}`).join(', ') || '—', sample: c.slice(0, 3) };
};

const t0 = performance.now();
const essays = loadAes();
console.log('| set | lang | essays | contradictions | by rule | notes dropped by the gate |\n|---|---|---|---|---|---|');
for (const lang of langs) {
  const demo: CorrectionResult[] = [];
  for (const e of DEMO_ESSAYS) demo.push(await correctText({ transcript: e.paragraphs.join('\n'), title: DEMO_ESSAY_TITLE, grade: 7, requirements, dimensions: DIMS, scoreType: 1, lang }));
  const d = summary(demo, DEMO_ESSAYS.map((e) => e.paragraphs.join('\n')));
  console.log(`| demo class | ${lang} | ${demo.length} | ${d.total} | ${d.by} | ${d.dropped} |`);
  const cal: CorrectionResult[] = [];
  for (const e of essays) cal.push(await correctText({ transcript: e.transcript, title: e.title, grade: 9, scoreType: 1, dimensions: DIMS, lang }));
  const s = summary(cal, essays.map((e) => e.transcript));
  console.log(`| calibration essays | ${lang} | ${cal.length} | ${s.total} | ${s.by} | ${s.dropped} |`);
  for (const x of [...d.sample, ...s.sample]) console.error(JSON.stringify(x));
}
console.log(`\n${((performance.now() - t0) / 1000).toFixed(0)} s in all`);

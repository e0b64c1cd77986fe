// Spelling proposals on the 150 aes-calibration essays (mostly correct text): how many marks the essay
// profile makes, per 1000 Han characters, to check that a spelling change does not add false alarms.
// Usage: node --import tsx bench/correction/spelling-essays.ts [--params '{"threshold":8}'] [--sighan] [--list]
//   --sighan  start from the SIGHAN profile (DEFAULT_SPELL_PARAMS) instead of the essay profile
//   --list    print every proposal with its context
import { DEFAULT_SPELL_PARAMS, ESSAY_SPELL_PARAMS, findWrongChars, type SpellParams } from '../../src/correction/spelling/spellcheck.js';
import { loadAes } from './aes-data.js';
import { argValue } from './bench-args.js';

const args = process.argv.slice(2);
const opt = (name: string) => argValue(name, args);
const params: SpellParams = { ...(args.includes('--sighan') ? DEFAULT_SPELL_PARAMS : ESSAY_SPELL_PARAMS), ...JSON.parse(opt('--params') ?? '{}') };
let han = 0, proposals = 0;
const bySource: Record<string, number> = {};
for (const e of loadAes()) {
  // The body as analyze.ts sees it: without the title line.
  const body = e.transcript.slice(e.transcript.indexOf('\n') + 1);
  han += (body.match(/\p{Script=Han}/gu) ?? []).length;
  for (const f of findWrongChars(body, params)) {
    proposals++;
    bySource[f.source ?? 'model'] = (bySource[f.source ?? 'model'] ?? 0) + 1;
    if (args.includes('--list')) console.log(`${e.id}\t${f.wrong}→${f.fix}\t${f.source ?? 'model'}\t${body.slice(Math.max(0, f.start - 8), f.end + 8).replace(/\s+/g, ' ')}`);
  }
}
console.log(JSON.stringify({ essays: 150, hanChars: han, proposals, per1000: Math.round((proposals / han) * 1e5) / 100, bySource }));

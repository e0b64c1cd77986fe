import { readFileSync } from 'node:fs';
import { findWrongChars, applyFixes } from '../../src/correction/spelling/spellcheck.js';
import { getConfusion } from '../../src/correction/spelling/confusion.js';
const rows = readFileSync('/work/shared/data/sighan15/train.tsv', 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t') as [string, string]).slice(0, 400);
const conf = getConfusion();
const pairs: string[] = [];
let notInSet = 0, inSetMissed = 0, errs = 0, wrongFix = 0, extra = 0;
const kinds: Record<string, number> = {};
for (const [src, tgt] of rows) {
  if (src.length !== tgt.length) continue;
  const fixes = findWrongChars(src);
  const fixed = new Map(fixes.map((f) => [f.start, f.fix]));
  for (let i = 0; i < src.length; i++) {
    if (src[i] === tgt[i]) { if (fixed.has(i)) extra++; continue; }
    errs++;
    const c = conf.get(src[i]!)?.find((x) => x.char === tgt[i]);
    if (!c) { notInSet++; pairs.push(src[i]! + tgt[i]!); continue; }
    kinds[c.kind] = (kinds[c.kind] ?? 0) + 1;
    if (!fixed.has(i)) inSetMissed++;
    else if (fixed.get(i) !== tgt[i]) wrongFix++;
  }
}
console.log({ errs, notInSet, inSet: errs - notInSet, kinds, inSetMissed, wrongFix, extra });
const pc = new Map<string, number>(); for (const p of pairs) pc.set(p, (pc.get(p) ?? 0) + 1); console.log([...pc].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([p, n]) => p + n).join(" "));

// Confusion sets for wrong-character (错别字) candidates: characters that sound alike
// (same_pinyin.txt: char, same tone, other tones) and look alike (same_stroke.txt: one group a line).
// Data copied from pycorrector (Apache-2.0, licence in ../data/) so run time never reads ../shared.
import { readFileSync } from 'node:fs';

export type ConfusionKind = 'sameTone' | 'otherTone' | 'shape';

export interface Candidate {
  char: string;
  kind: ConfusionKind;
}

let cached: Map<string, Candidate[]> | undefined;

function dataFile(name: string): string {
  return readFileSync(new URL(`../data/${name}`, import.meta.url), 'utf8');
}

/** char -> alternatives, same-tone homophones first, then other tones, then look-alikes. */
export function getConfusion(): Map<string, Candidate[]> {
  if (cached) return cached;
  const map = new Map<string, Candidate[]>();
  const seen = new Map<string, Set<string>>();
  const add = (from: string, to: string, kind: ConfusionKind) => {
    if (from === to || [...from].length !== 1 || [...to].length !== 1) return;
    let s = seen.get(from);
    if (!s) {
      s = new Set();
      seen.set(from, s);
      map.set(from, []);
    }
    if (s.has(to)) return;
    s.add(to);
    map.get(from)!.push({ char: to, kind });
  };
  for (const line of dataFile('same_pinyin.txt').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [ch, same = '', other = ''] = line.replace(/\r$/, '').split('\t');
    if (!ch) continue;
    for (const c of same) add(ch, c, 'sameTone');
    for (const c of other) add(ch, c, 'otherTone');
  }
  for (const line of dataFile('same_stroke.txt').split('\n')) {
    const group = line.trim().split(/\s+/).filter((c) => c.length === 1);
    for (const a of group) for (const b of group) add(a, b, 'shape');
  }
  cached = map;
  return map;
}

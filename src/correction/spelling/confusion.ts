// Confusion sets for wrong-character (错别字) candidates: characters that sound alike
// (same_pinyin.txt: char, same tone, other tones) and look alike (same_stroke.txt: one group a line).
// Data copied from pycorrector (Apache-2.0, licence in ../data/) so run time never reads ../shared.
// Two optional extensions (SpellParams.symmetric / .fuzzy):
//   symmetric  a pair listed one way is also tried the other way (same_pinyin lists 一 under 以 but
//              not 以 under 一)
//   fuzzy      near-homophones that pupils and learners mix up: front/back nasals (in/ing, en/eng,
//              an/ang), n/l, z/zh, c/ch, s/sh, whatever the tone (应/因, 奴/女, 难/能); pinyin from
//              pinyin-pro, limited to characters common enough to be written (jieba frequency)
import { readFileSync } from 'node:fs';
import { pinyin } from 'pinyin-pro';
import { getLexicon } from '../lexicon.js';

export type ConfusionKind = 'sameTone' | 'otherTone' | 'shape' | 'fuzzy';

export interface Candidate {
  char: string;
  kind: ConfusionKind;
}

export interface ConfusionOptions {
  symmetric?: boolean;
  fuzzy?: boolean;
}

const cache = new Map<string, Map<string, Candidate[]>>();

function dataFile(name: string): string {
  return readFileSync(new URL(`../data/${name}`, import.meta.url), 'utf8');
}

/** Toneless pinyin folded so that near-homophones share one key (zh→z, ing→in, l→n …). */
export function fuzzyKey(py: string): string {
  return py
    .replace(/^([zcs])h/, '$1')
    .replace(/^l/, 'n')
    .replace(/(?<=[^iu]|^)([ae])ng$/, '$1n')
    .replace(/ing$/, 'in')
    .replace(/^(.*?)ü/, '$1v');
}

/** Characters frequent enough as single-character words to be a pupil's intended character. */
const FUZZY_MIN_FREQ = 200;

function addFuzzy(add: (from: string, to: string, kind: ConfusionKind) => void, chars: Iterable<string>): void {
  const freq = getLexicon().freq;
  const byKey = new Map<string, Array<{ c: string; py: string }>>();
  const keys = new Map<string, { key: string; py: string }>();
  for (const c of chars) {
    const py = pinyin(c, { toneType: 'none', v: true, type: 'string' });
    if (!/^[a-z]+$/.test(py)) continue;
    const key = fuzzyKey(py);
    keys.set(c, { key, py });
    if ((freq.get(c) ?? 0) < FUZZY_MIN_FREQ) continue;
    let g = byKey.get(key);
    if (!g) byKey.set(key, (g = []));
    g.push({ c, py });
  }
  for (const [c, { key, py }] of keys)
    for (const o of byKey.get(key) ?? []) if (o.py !== py) add(c, o.c, 'fuzzy');
}

/** char -> alternatives, same-tone homophones first, then other tones, then look-alikes (then fuzzy). */
export function getConfusion(opts: ConfusionOptions = {}): Map<string, Candidate[]> {
  const id = `${opts.symmetric ? 's' : ''}${opts.fuzzy ? 'f' : ''}`;
  const hit = cache.get(id);
  if (hit) return hit;
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
  if (opts.symmetric) for (const [from, cands] of [...map]) for (const c of [...cands]) add(c.char, from, c.kind);
  if (opts.fuzzy) addFuzzy(add, new Set([...map.keys(), ...[...map.values()].flatMap((cs) => cs.map((c) => c.char))]));
  cache.set(id, map);
  return map;
}

// Exact-match rule for common 错别字 (再接再励, 以经, 辜付, 心理很难过 …) from a curated list
// (common-misspellings.tsv). The statistical checker (spellcheck.ts) only sees one character at a time
// and needs a large gain in essays, so it misses word-level slips that teachers expect every tool to
// catch. Each list entry is a known slip; it still has to pass its context guards and a word-model
// check here, so a form that is right in its context (可以经常, 现在也不, 心理学, 大象) stays.
import { readFileSync } from 'node:fs';
import { getConfusion, type ConfusionKind } from './confusion.js';
import { getScorer, segment } from './word-score.js';

export interface MisspellingEntry {
  wrong: string;
  right: string;
  after?: RegExp;
  notAfter?: RegExp;
  before?: RegExp;
  notBefore?: RegExp;
}

export interface ListFix {
  start: number;
  end: number;
  wrong: string;
  fix: string;
  kind: ConfusionKind;
  /** log-probability gain of the window under the word model (≥ 0 by construction) */
  gain: number;
  /** the correct word of the list entry */
  word: string;
}

/** Characters of context scored on each side of a match by the word-model check. */
const WINDOW = 4;
const HAN = /\p{Script=Han}/u;

/** Parse the TSV list (exported for tests of the file format). */
export function parseMisspellings(text: string): MisspellingEntry[] {
  const out: MisspellingEntry[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (!line.trim() || line.startsWith('#')) continue;
    const [wrong, right, guards = ''] = line.split('\t');
    if (!wrong || !right || wrong.length !== right.length || wrong === right) throw new Error(`bad misspelling entry: ${line}`);
    const e: MisspellingEntry = { wrong, right };
    for (const g of guards.split(' ').filter(Boolean)) {
      const eq = g.indexOf('=');
      const key = g.slice(0, eq);
      const re = g.slice(eq + 1);
      if (key === 'after') e.after = new RegExp(`^(?:${re})`, 'u');
      else if (key === 'notAfter') e.notAfter = new RegExp(`^(?:${re})`, 'u');
      else if (key === 'before') e.before = new RegExp(`(?:${re})$`, 'u');
      else if (key === 'notBefore') e.notBefore = new RegExp(`(?:${re})$`, 'u');
      else throw new Error(`unknown guard ${key} in: ${line}`);
    }
    out.push(e);
  }
  return out;
}

let cached: MisspellingEntry[] | undefined;

export function getMisspellings(): MisspellingEntry[] {
  // Longer forms first, so 好象 is matched as a word before the context rule for a lone 象 is tried.
  cached ??= parseMisspellings(readFileSync(new URL('./common-misspellings.tsv', import.meta.url), 'utf8')).sort(
    (a, b) => b.wrong.length - a.wrong.length,
  );
  return cached;
}

function guardsPass(e: MisspellingEntry, text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 8), start);
  const after = text.slice(end, end + 24);
  if (e.after && !e.after.test(after)) return false;
  if (e.notAfter?.test(after)) return false;
  if (e.before && !e.before.test(before)) return false;
  if (e.notBefore?.test(before)) return false;
  return true;
}

/** Han run [lo, hi) around [start, end) of `text`. */
function hanRun(text: string, start: number, end: number): [number, number] {
  let lo = start;
  let hi = end;
  while (lo > 0 && HAN.test(text[lo - 1]!)) lo--;
  while (hi < text.length && HAN.test(text[hi]!)) hi++;
  return [lo, hi];
}

/**
 * The word model must agree: replacing the wrong form may not make the window less likely, and a
 * correct form that is a jieba word must come out as (part of) one segmented word in its context.
 */
function wordModelGain(text: string, start: number, e: MisspellingEntry): number | undefined {
  const end = start + e.wrong.length;
  const [runLo, runHi] = hanRun(text, start, end);
  const lo = Math.max(runLo, start - WINDOW);
  const hi = Math.min(runHi, end + WINDOW);
  const s = getScorer();
  const before = [...text.slice(lo, hi)];
  const after = [...text.slice(lo, start) + e.right + text.slice(end, hi)];
  if (before.length !== hi - lo) return undefined; // characters outside the BMP: offsets would drift
  const focus = start - lo;
  const a = segment(s, before, focus);
  const b = segment(s, after, focus);
  // Phrases outside jieba's dictionary (就像, 戴红领巾) are judged by the window score alone.
  const isWord = e.right.length > 1 && s.lex.freq.has(e.right);
  if (isWord && (b.start > focus || b.end < focus + e.right.length)) return undefined;
  const gain = b.score - a.score;
  return gain >= 0 ? gain : undefined;
}

function kindOf(wrong: string, fix: string): ConfusionKind {
  // Entries are mostly homophones; the rest (眼晴, 修茸) are look-alikes.
  return getConfusion().get(wrong)?.find((c) => c.char === fix)?.kind ?? 'shape';
}

/** Find list misspellings in `text`: one fix per changed character, sorted by position, no overlaps. */
export function findListMisspellings(text: string, entries: MisspellingEntry[] = getMisspellings()): ListFix[] {
  const fixes: ListFix[] = [];
  const taken = new Set<number>();
  for (const e of entries) {
    for (let at = text.indexOf(e.wrong); at >= 0; at = text.indexOf(e.wrong, at + 1)) {
      const end = at + e.wrong.length;
      if (!guardsPass(e, text, at, end)) continue;
      let free = true;
      for (let i = at; i < end; i++) if (taken.has(i)) free = false;
      if (!free) continue;
      const gain = wordModelGain(text, at, e);
      if (gain === undefined) continue;
      for (let i = 0; i < e.wrong.length; i++) {
        taken.add(at + i);
        if (e.wrong[i] === e.right[i]) continue;
        fixes.push({
          start: at + i,
          end: at + i + 1,
          wrong: e.wrong[i]!,
          fix: e.right[i]!,
          kind: kindOf(e.wrong[i]!, e.right[i]!),
          gain: Math.round(gain * 100) / 100,
          word: e.right,
        });
      }
    }
  }
  return fixes.sort((a, b) => a.start - b.start);
}

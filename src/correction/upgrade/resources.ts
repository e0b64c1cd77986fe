// The word and phrase lists behind the local 升格 (upgrade) suggestions: worn similes and fresher images,
// generic verbs and precise ones, sensory details by topic. Plain TSV files beside this one (their
// headers say the format), read once per process.
import { readFileSync } from 'node:fs';

export interface SimileEntry {
  worn: string[];
  tenors: string[];
  fresh: string[];
}
export interface VerbEntry {
  generic: string;
  /** undefined = any sentence */
  context?: string[];
  precise: string[];
}
export type Sense = 'sight' | 'sound' | 'touch' | 'smell' | 'taste';
export interface DetailEntry {
  cues: string[];
  sense: Sense;
  details: string[];
}

export interface UpgradeResources {
  similes: SimileEntry[];
  verbs: VerbEntry[];
  details: DetailEntry[];
}

const SENSES = new Set<Sense>(['sight', 'sound', 'touch', 'smell', 'taste']);
const list = (cell: string | undefined) => (cell ?? '').split('|').map((s) => s.trim()).filter(Boolean);

/** Rows of a TSV list (comments and blank lines skipped); a row with too few cells is an error in the file. */
export function parseRows(text: string, name: string, cells: number): string[][] {
  const rows: string[][] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.replace(/\r$/, '');
    if (!line.trim() || line.startsWith('#')) continue;
    const row = line.split('\t');
    if (row.length !== cells || row.some((c) => !c.trim())) throw new Error(`${name}:${i + 1}: expected ${cells} tab-separated cells`);
    rows.push(row);
  }
  return rows;
}

export function parseResources(files: { similes: string; verbs: string; details: string }): UpgradeResources {
  return {
    similes: parseRows(files.similes, 'cliche-similes.tsv', 3).map(([w, t, f]) => ({ worn: list(w), tenors: list(t), fresh: list(f) })),
    verbs: parseRows(files.verbs, 'precise-verbs.tsv', 3).map(([g, c, p]) => ({ generic: g!.trim(), ...(c!.trim() === '*' ? {} : { context: list(c) }), precise: list(p) })),
    details: parseRows(files.details, 'sensory-details.tsv', 3).map(([c, s, d]) => {
      if (!SENSES.has(s!.trim() as Sense)) throw new Error(`sensory-details.tsv: unknown sense ${s}`);
      return { cues: list(c), sense: s!.trim() as Sense, details: list(d) };
    }),
  };
}

let cached: UpgradeResources | undefined;

export function getUpgradeResources(): UpgradeResources {
  const read = (f: string) => readFileSync(new URL(`./${f}`, import.meta.url), 'utf8');
  cached ??= parseResources({ similes: read('cliche-similes.tsv'), verbs: read('precise-verbs.tsv'), details: read('sensory-details.tsv') });
  return cached;
}

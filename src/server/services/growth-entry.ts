// What one approved essay adds to its student's growth record: the teacher's total and dimension
// scores on the 0-100 scale, the wrong characters the correction found (with the word they belong
// to), the sentences the teacher marked good, the comment and the approved transcript. Pure.
import type { ScoreType } from '../../correction/index';
import { teacherDimensionPercent, teacherTotalPercent } from './teacher-percent';

export interface WrongChar {
  wrong: string;
  fix: string;
  /** the correctly written word the character belongs to (e.g. 一年一度), '' when unknown */
  word: string;
}
export interface GoodSentence {
  excerpt: string;
  text: string;
}

type Note = { kind: string; excerpt: string; fix?: string; message?: string };
type StoredDimension = { id?: string; value?: number; label?: string };
type Annotation = { kind?: string; excerpt?: string; text?: string };

/** The word in the note's message: “渡”应为“度”（一年一度）→ 一年一度 (the correction writes it in either bracket style). */
function wordOf(note: Note): string {
  const m = /[（(]([^（）()]{2,12})[）)]/.exec(note.message ?? '');
  return m && note.fix && m[1]!.includes(note.fix) ? m[1]! : '';
}

export function wrongCharsOf(notes: Note[] | null | undefined): WrongChar[] {
  return (notes ?? []).flatMap((n) => (n.kind === 'wrongChar' && n.fix && n.excerpt ? [{ wrong: n.excerpt, fix: n.fix, word: wordOf(n) }] : []));
}

export function goodSentencesOf(annotations: unknown): GoodSentence[] {
  return ((Array.isArray(annotations) ? annotations : []) as Annotation[]).flatMap((a) => (a.kind === 'good' && a.excerpt?.trim() ? [{ excerpt: a.excerpt.trim(), text: (a.text ?? '').trim() }] : []));
}

export function dimensionPercents(scoreType: ScoreType, stored: unknown): { id: string; percent: number }[] {
  return ((Array.isArray(stored) ? stored : []) as StoredDimension[]).flatMap((d) => {
    const p = d.id ? teacherDimensionPercent(scoreType, d) : null;
    return p === null ? [] : [{ id: d.id!, percent: Math.round(p) }];
  });
}

/** The total as a percent: the stored total, else the mean of the dimensions (as the statistics read it). */
export function totalPercent(scoreType: ScoreType, score: string | null, fullMark: number | null, dims: { percent: number }[]): number | null {
  const p = teacherTotalPercent(scoreType, score, fullMark);
  if (p !== null) return Math.round(p);
  return dims.length ? Math.round(dims.reduce((a, d) => a + d.percent, 0) / dims.length) : null;
}

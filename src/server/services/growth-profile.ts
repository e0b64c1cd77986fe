// A student's growth profile of a semester, from their growth entries (oldest first). Pure.
import { DIMENSIONS, type DimensionId } from '../../correction/index';
import type { GrowthProfile, GrowthRecord } from '../../core/api/contracts/growth';
import type { Lang } from '../../core/i18n';
import type { GrowthEntryRow } from '../repositories/growth';
import type { GoodSentence, WrongChar } from './growth-entry';

type EssayRef = Omit<GrowthProfile['goodSentences'][number], 'excerpt' | 'text'>;

const refOf = (e: GrowthEntryRow): EssayRef => ({ essayId: e.essayId, taskId: e.taskId, taskTitle: e.taskTitle, draft: e.draft, date: e.submittedAt.toISOString() });
const dimName = (id: string, lang: Lang) => (DIMENSIONS as Record<string, { zh: string; en: string } | undefined>)[id as DimensionId]?.[lang] ?? id;

export interface WrongLine {
  wrong: string;
  fix: string;
  word: string;
  occurrences: GrowthEntryRow[];
}

/** The 错字本's lines: one per wrong character and word, with every essay it was written in (once per essay), oldest first. */
export function wrongLines(entries: GrowthEntryRow[]): WrongLine[] {
  const book = new Map<string, WrongLine>();
  for (const e of entries) {
    for (const w of e.wrongChars as WrongChar[]) {
      const key = `${w.wrong}\u0000${w.fix}\u0000${w.word}`;
      const line = book.get(key) ?? { wrong: w.wrong, fix: w.fix, word: w.word, occurrences: [] };
      if (line.occurrences.at(-1) !== e) line.occurrences.push(e);
      book.set(key, line);
    }
  }
  return [...book.values()];
}

/** What a line needs written right after its last slip: the word, or the character when the word is unknown. */
export const rightOf = (line: WrongLine) => line.word || line.fix;

/**
 * The 错字本: a line is fixed when an essay after its last slip writes it right (`fixedBy`: line
 * index → that essay, found by the repository). Lines not yet fixed come first, most frequent first.
 */
export function wrongBook(lines: WrongLine[], entries: GrowthEntryRow[], fixedBy: Map<number, number>): GrowthProfile['wrongBook'] {
  const byId = new Map(entries.map((e) => [e.essayId, e]));
  return lines
    .map((line, k) => {
      const later = byId.get(fixedBy.get(k) ?? -1);
      return { wrong: line.wrong, fix: line.fix, word: line.word, count: line.occurrences.length, occurrences: line.occurrences.map(refOf), fixed: Boolean(later), fixedIn: later ? refOf(later) : null };
    })
    .sort((a, b) => Number(a.fixed) - Number(b.fixed) || b.count - a.count || a.fix.localeCompare(b.fix));
}

export function buildGrowthProfile(input: { record: GrowthRecord; semester: GrowthProfile['semester']; entries: GrowthEntryRow[]; lines: WrongLine[]; fixedBy: Map<number, number>; lang: Lang }): GrowthProfile {
  const { entries, lang } = input;
  const dimIds: string[] = [];
  for (const e of entries) for (const d of e.dimensions as { id: string }[]) if (!dimIds.includes(d.id)) dimIds.push(d.id);

  const byTask = new Map<number, GrowthEntryRow[]>();
  for (const e of entries) byTask.set(e.taskId, [...(byTask.get(e.taskId) ?? []), e]);
  const lengthByTask = [...byTask.values()].map((list) => ({
    taskId: list[0]!.taskId,
    taskTitle: list[0]!.taskTitle,
    essays: list.length,
    averageWords: Math.round(list.reduce((a, e) => a + e.wordCount, 0) / list.length),
  }));
  const drafts = [...byTask.values()]
    .filter((list) => list.length > 1)
    .map((list) => {
      const sorted = [...list].sort((a, b) => a.draft - b.draft);
      const first = sorted[0]!;
      const last = sorted.at(-1)!;
      return {
        taskId: first.taskId,
        taskTitle: first.taskTitle,
        drafts: sorted.map((e) => ({ draft: e.draft, scorePercent: e.scorePercent, wordCount: e.wordCount })),
        improvement: first.scorePercent !== null && last.scorePercent !== null ? last.scorePercent - first.scorePercent : null,
        wordsAdded: last.wordCount - first.wordCount,
      };
    });

  return {
    record: input.record,
    semester: input.semester,
    dimensions: dimIds.map((id) => ({ id, name: dimName(id, lang) })),
    trend: entries.map((e) => ({
      ...refOf(e),
      score: e.score,
      scorePercent: e.scorePercent,
      wordCount: e.wordCount,
      dimensions: Object.fromEntries((e.dimensions as { id: string; percent: number }[]).map((d) => [d.id, d.percent])),
    })),
    lengthByTask,
    drafts,
    wrongBook: wrongBook(input.lines, entries, input.fixedBy),
    goodSentences: entries.flatMap((e) => (e.goodSentences as GoodSentence[]).map((g) => ({ ...refOf(e), excerpt: g.excerpt, text: g.text }))),
    comments: entries.filter((e) => e.teacherComment.trim()).map((e) => ({ ...refOf(e), comment: e.teacherComment })),
  };
}

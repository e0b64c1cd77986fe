// A student's growth profile of a semester, from their growth entries (oldest first). Pure.
import { DIMENSIONS, type DimensionId } from '../../correction/index';
import type { GrowthProfile, GrowthRecord } from '../../core/api/contracts/growth';
import type { Lang } from '../../core/i18n';
import type { GrowthEntryRow } from '../repositories/growth';
import type { GoodSentence, WrongChar } from './growth-entry';

type EssayRef = Omit<GrowthProfile['goodSentences'][number], 'excerpt' | 'text'>;

const refOf = (e: GrowthEntryRow): EssayRef => ({ essayId: e.essayId, taskId: e.taskId, taskTitle: e.taskTitle, draft: e.draft, date: e.submittedAt.toISOString() });
const dimName = (id: string, lang: Lang) => (DIMENSIONS as Record<string, { zh: string; en: string } | undefined>)[id as DimensionId]?.[lang] ?? id;

/**
 * The 错字本: one line per wrong character (and the word it belongs to), with every essay it was
 * written in. It is fixed when an essay after its last slip writes the right word (or, when the word
 * is unknown, the right character) and does not repeat the slip.
 */
export function wrongBook(entries: GrowthEntryRow[]): GrowthProfile['wrongBook'] {
  const book = new Map<string, { wrong: string; fix: string; word: string; occurrences: EssayRef[]; last: number }>();
  entries.forEach((e, i) => {
    const seen = new Set<string>();
    for (const w of e.wrongChars as WrongChar[]) {
      const key = `${w.wrong}\u0000${w.fix}\u0000${w.word}`;
      const line = book.get(key) ?? { wrong: w.wrong, fix: w.fix, word: w.word, occurrences: [], last: i };
      // the same slip twice in one essay counts once per essay
      if (!seen.has(key)) line.occurrences.push(refOf(e));
      seen.add(key);
      line.last = i;
      book.set(key, line);
    }
  });
  return [...book.values()]
    .map((line) => {
      const right = line.word || line.fix;
      const later = entries.slice(line.last + 1).find((e) => e.transcript.includes(right));
      return { wrong: line.wrong, fix: line.fix, word: line.word, count: line.occurrences.length, occurrences: line.occurrences, fixed: Boolean(later), fixedIn: later ? refOf(later) : null };
    })
    .sort((a, b) => Number(a.fixed) - Number(b.fixed) || b.count - a.count || a.fix.localeCompare(b.fix));
}

export function buildGrowthProfile(input: { record: GrowthRecord; semester: GrowthProfile['semester']; entries: GrowthEntryRow[]; lang: Lang }): GrowthProfile {
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
    wrongBook: wrongBook(entries),
    goodSentences: entries.flatMap((e) => (e.goodSentences as GoodSentence[]).map((g) => ({ ...refOf(e), excerpt: g.excerpt, text: g.text }))),
    comments: entries.filter((e) => e.teacherComment.trim()).map((e) => ({ ...refOf(e), comment: e.teacherComment })),
  };
}

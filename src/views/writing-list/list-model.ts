import type { WritingList } from '../../core/api/contracts/essays';

export type WritingRow = WritingList['students'][number];
export type EssayBrief = WritingRow['essays'][number];

/** The student's latest draft (the list shows it and the actions act on it), or undefined. */
export function latestEssay(row: WritingRow): EssayBrief | undefined {
  return row.essays.reduce<EssayBrief | undefined>((best, e) => (!best || e.draft > best.draft || (e.draft === best.draft && e.id > best.id) ? e : best), undefined);
}

/** The AI is queued or running on this essay. */
export function isAiBusy(status: string | null | undefined): boolean {
  return status === 'awaiting_ai' || status === 'ai_running';
}

/** Whether the list must keep polling: some essay still waits for or runs its AI review. */
export function anyAiBusy(list: WritingList | null | undefined): boolean {
  return Boolean(list?.students.some((row) => row.essays.some((e) => isAiBusy(e.status))));
}

/** Essays the AI has finished and the teacher has not approved yet (batch review takes these). */
export function pendingReviewIds(rows: readonly WritingRow[]): number[] {
  return rows.map(latestEssay).filter((e): e is EssayBrief => e?.status === 'ai_done').map((e) => e.id);
}

/** Students who have not handed anything in (the reminder goes to them). */
export function notSubmittedRows(rows: readonly WritingRow[]): WritingRow[] {
  return rows.filter((row) => row.essays.length === 0);
}

/** The latest essays of the chosen students (students without an essay are left out). */
export function selectedEssayIds(rows: readonly WritingRow[], studentIds: readonly number[]): number[] {
  const chosen = new Set(studentIds);
  return rows
    .filter((r) => chosen.has(r.studentId))
    .map(latestEssay)
    .filter((e): e is EssayBrief => Boolean(e))
    .map((e) => e.id);
}

/** A student has drafts worth comparing (first and at least one revised draft). */
export function canCompareDrafts(row: WritingRow): boolean {
  return new Set(row.essays.map((e) => e.draft)).size > 1;
}

import { describe, expect, it } from 'vitest';
import type { WritingList } from '../../core/api/contracts/essays';
import { anyAiBusy, canCompareDrafts, latestEssay, notSubmittedRows, pendingReviewIds, selectedEssayIds, type EssayBrief, type WritingRow } from './list-model';

const essay = (id: number, draft: number, status: EssayBrief['status']): EssayBrief => ({
  id,
  taskId: 1,
  classId: 1,
  studentId: id,
  draft,
  status,
  label: 'submitted',
  source: 'single',
  insistCorrect: false,
  wordCount: null,
  aiScore: null,
  teacherScore: null,
  submittedTime: '2026-11-21T08:00:00Z',
  auditTime: null,
  pageCount: 1,
  flagCount: 0,
});
const row = (studentId: number, essays: EssayBrief[]): WritingRow => ({ studentId, name: `s${studentId}`, studentNo: String(studentId), label: essays.length ? 'submitted' : 'notSubmitted', status: essays.at(-1)?.status ?? null, essays });

describe('writing list model', () => {
  const rows = [row(1, [essay(11, 0, 'ai_done')]), row(2, []), row(3, [essay(31, 0, 'approved'), essay(32, 1, 'ai_done')]), row(4, [essay(41, 0, 'awaiting_ai')]), row(5, [essay(51, 0, 'approved')])];

  it('takes the highest draft as the latest essay', () => {
    expect(latestEssay(rows[2]!)!.id).toBe(32);
    expect(latestEssay(rows[1]!)).toBeUndefined();
  });

  it('lists the AI-done, unapproved latest drafts for batch review', () => {
    expect(pendingReviewIds(rows)).toEqual([11, 32]);
  });

  it('polls only while an essay waits for or runs its AI review', () => {
    const list = { taskId: 1, classId: 1, unmatchedImages: 0, students: rows } as unknown as WritingList;
    expect(anyAiBusy(list)).toBe(true);
    expect(anyAiBusy({ ...list, students: [rows[0]!, rows[4]!] })).toBe(false);
    expect(anyAiBusy(null)).toBe(false);
  });

  it('finds students who have not submitted and the essays of a selection', () => {
    expect(notSubmittedRows(rows).map((r) => r.studentId)).toEqual([2]);
    expect(selectedEssayIds(rows, [2, 3, 5])).toEqual([32, 51]);
  });

  it('offers the drafts comparison only with more than one draft', () => {
    expect(canCompareDrafts(rows[2]!)).toBe(true);
    expect(canCompareDrafts(rows[0]!)).toBe(false);
  });
});

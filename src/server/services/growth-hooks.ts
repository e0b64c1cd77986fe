// Keeps growth records current: review-service calls these inside the approval's transaction, so an
// approval, a re-approval or a cancelled approval and the student's record change together.
import type { Executor } from '../db/database';
import { growthRepo } from '../repositories/growth';
import { dimensionPercents, goodSentencesOf, totalPercent, wrongCharsOf } from './growth-entry';
import { taskScoringInfo } from './writing-scope';

/** Writes (or rewrites) the entry of an approved essay and recomputes its student's semester record. */
async function essayApproved(tx: Executor, essayId: number, now: Date): Promise<void> {
  const src = await growthRepo.source(tx, essayId);
  if (!src || src.essay.status !== 'approved') return;
  const scoring = await taskScoringInfo(tx, src.essay.taskId);
  const dims = dimensionPercents(scoring.scoreType, src.dimensionScores);
  const e = src.essay;
  const previous = await growthRepo.deleteEntry(tx, essayId);
  await growthRepo.upsertEntry(tx, {
    essayId,
    schoolId: e.schoolId,
    studentId: e.studentId,
    classId: e.classId,
    semesterId: src.semesterId,
    taskId: e.taskId,
    taskTitle: src.taskTitle,
    draft: e.draft,
    submittedAt: e.submittedAt,
    approvedAt: e.auditAt ?? now,
    wordCount: e.wordCount ?? 0,
    score: e.teacherScore,
    scorePercent: totalPercent(scoring.scoreType, e.teacherScore, scoring.fullMark, dims),
    dimensions: dims,
    wrongChars: wrongCharsOf(src.notes),
    goodSentences: goodSentencesOf(src.annotations),
    teacherComment: src.teacherComment ?? '',
    transcript: src.transcript ?? '',
  });
  // The essay may have moved semester (its task's semester changed) since an earlier approval.
  if (previous && previous.semesterId !== src.semesterId) await growthRepo.recompute(tx, previous, now);
  await growthRepo.recompute(tx, { studentId: e.studentId, semesterId: src.semesterId, schoolId: e.schoolId }, now);
}

/** Drops the entry of an essay whose approval was cancelled and recomputes the record it was part of. */
async function approvalCancelled(tx: Executor, essayId: number, now: Date): Promise<void> {
  const gone = await growthRepo.deleteEntry(tx, essayId);
  if (gone) await growthRepo.recompute(tx, gone, now);
}

export const growthHooks = { essayApproved, approvalCancelled };

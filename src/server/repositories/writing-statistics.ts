import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { classes, corrections, essayReviews, essays, students } from '../db/schema';
import { preparedPerDatabase } from './prepared-per-database';

/** The parts of a correction result statistics read (never the page boxes, which are the bulk). */
export interface ResultParts {
  score: { percent?: number; label?: string; fullMark?: number; dimensions?: { id: string; percent?: number }[] } | null;
  notes: { kind: string; start: number; end: number; excerpt: string; message: string; fix?: string }[] | null;
  goodSentences: { start: number; end: number; reasons: string[]; cues: string[] }[] | null;
}

const resultParts = {
  score: sql<ResultParts['score']>`${corrections.result} -> 'score'`,
  notes: sql<ResultParts['notes']>`${corrections.result} -> 'notes'`,
  goodSentences: sql<ResultParts['goodSentences']>`${corrections.result} -> 'analysis' -> 'goodSentences'`,
};

/**
 * The statistics' essays query (placeholders taskId, classId): each student's latest live draft, one
 * DISTINCT ON pass over the task's essays; exported for the EXPLAIN tests.
 */
export const currentEssaysQuery = (db: Executor) =>
  db
    .selectDistinctOn([essays.studentId], {
      id: essays.id,
      studentId: essays.studentId,
      studentName: students.name,
      studentNo: students.studentNo,
      draft: essays.draft,
      status: essays.status,
      flags: essays.flags,
      wordCount: essays.wordCount,
      aiScore: essays.aiScore,
      teacherScore: essays.teacherScore,
      correctionStatus: corrections.status,
      transcript: sql<string | null>`coalesce(${essayReviews.transcript}, ${corrections.transcript})`,
      dimensionScores: essayReviews.dimensionScores,
      ...resultParts,
    })
    .from(essays)
    .innerJoin(students, and(eq(students.id, essays.studentId), eq(students.classId, sql`${sql.placeholder('classId')}::int`), isNull(students.deletedAt)))
    .leftJoin(corrections, eq(corrections.essayId, essays.id))
    .leftJoin(essayReviews, eq(essayReviews.essayId, essays.id))
    .where(and(eq(essays.taskId, sql`${sql.placeholder('taskId')}::int`), isNull(essays.deletedAt)))
    .orderBy(asc(essays.studentId), desc(essays.draft));
// statistics and the classroom evaluation: prepared once per database
const currentEssaysStatement = preparedPerDatabase((db: Executor) => currentEssaysQuery(db).prepare('zp_statistics_current_essays'));

/** SQL of the class statistics, the classroom evaluation and the score export. Callers check scope first. */
export const writingStatisticsRepo = {
  /** Each student's latest live draft of the task (students of the class now), with its correction and review. */
  currentEssays(db: Executor, taskId: number, classId: number): Promise<CurrentEssayRow[]> {
    return currentEssaysStatement(db).execute({ taskId, classId });
  },
  /** Each student's latest approved draft of the task, for the classes given. */
  approvedEssays(db: Executor, taskId: number, classIds: number[]) {
    if (!classIds.length) return Promise.resolve([]);
    return db
      .selectDistinctOn([essays.studentId], {
        id: essays.id,
        classId: students.classId,
        className: classes.name,
        classGrade: classes.grade,
        studentId: essays.studentId,
        studentName: students.name,
        studentNo: students.studentNo,
        draft: essays.draft,
        wordCount: essays.wordCount,
        teacherScore: essays.teacherScore,
        submittedAt: essays.submittedAt,
        auditAt: essays.auditAt,
        dimensionScores: essayReviews.dimensionScores,
        teacherComment: essayReviews.teacherComment,
      })
      .from(essays)
      .innerJoin(students, and(eq(students.id, essays.studentId), inArray(students.classId, classIds), isNull(students.deletedAt)))
      .innerJoin(classes, eq(classes.id, students.classId))
      .leftJoin(essayReviews, eq(essayReviews.essayId, essays.id))
      .where(and(eq(essays.taskId, taskId), eq(essays.status, 'approved'), isNull(essays.deletedAt)))
      .orderBy(asc(essays.studentId), desc(essays.draft));
  },
};
export type CurrentEssayRow = Awaited<ReturnType<ReturnType<typeof currentEssaysStatement>['execute']>>[number];
export type ApprovedEssayRow = Awaited<ReturnType<typeof writingStatisticsRepo.approvedEssays>>[number];

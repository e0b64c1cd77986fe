import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { corrections, essayReviews, essays, reportConfigs, students, taskClasses, tasks } from '../db/schema';
import { preparedPerDatabase } from './prepared-per-database';

type Note = { kind: string; start: number; end: number; excerpt: string; message: string; fix?: string };

const taskId = sql`${sql.placeholder('taskId')}::int`;
const classId = sql`${sql.placeholder('classId')}::int`;

/**
 * The report's rows query (placeholders taskId, classId): one row per student of the class now, with
 * their essay for the task (the latest approved draft when there is one, else the latest live draft;
 * null columns when nothing was handed in), one DISTINCT ON pass; exported for the EXPLAIN tests.
 */
export const classReportRowsQuery = (db: Executor) =>
  db
    .selectDistinctOn([students.id], {
      studentId: students.id,
      studentNo: students.studentNo,
      name: students.name,
      essayId: essays.id,
      status: essays.status,
      wordCount: essays.wordCount,
      teacherScore: essays.teacherScore,
      dimensionScores: essayReviews.dimensionScores,
      teacherComment: essayReviews.teacherComment,
      transcript: sql<string | null>`coalesce(${essayReviews.transcript}, ${corrections.transcript})`,
      notes: sql<Note[] | null>`${corrections.result} -> 'notes'`,
      aiComment: sql<string | null>`${corrections.result} -> 'comments' ->> 'overall'`,
    })
    .from(students)
    .leftJoin(essays, and(eq(essays.studentId, students.id), eq(essays.taskId, taskId), isNull(essays.deletedAt)))
    .leftJoin(corrections, eq(corrections.essayId, essays.id))
    .leftJoin(essayReviews, eq(essayReviews.essayId, essays.id))
    .where(and(eq(students.classId, classId), isNull(students.deletedAt)))
    .orderBy(asc(students.id), sql`(${essays.status} = 'approved') desc nulls last`, desc(essays.draft));

// the report is opened per class and task: its statements are prepared once per database
const rowsStatement = preparedPerDatabase((db: Executor) => classReportRowsQuery(db).prepare('zp_class_report_rows'));

const recentStatement = preparedPerDatabase((db: Executor) =>
  db
    .select({ id: tasks.id, title: tasks.title, releaseAt: tasks.releaseAt })
    .from(tasks)
    .innerJoin(taskClasses, and(eq(taskClasses.taskId, tasks.id), eq(taskClasses.classId, classId)))
    .where(and(isNull(tasks.deletedAt), eq(tasks.status, 'released'), lte(tasks.releaseAt, sql`${sql.placeholder('releasedBy')}::timestamptz`)))
    .orderBy(desc(tasks.releaseAt), desc(tasks.id))
    .limit(sql.placeholder('limit'))
    .prepare('zp_class_report_recent'),
);

/** The history query (placeholders taskIds as an int[] literal, classId); exported for the EXPLAIN tests. */
export const classReportApprovedQuery = (db: Executor) =>
  db
    .selectDistinctOn([essays.taskId, essays.studentId], {
      taskId: essays.taskId,
      studentId: essays.studentId,
      teacherScore: essays.teacherScore,
      dimensionScores: essayReviews.dimensionScores,
    })
    .from(essays)
    .innerJoin(students, and(eq(students.id, essays.studentId), eq(students.classId, classId), isNull(students.deletedAt)))
    .leftJoin(essayReviews, eq(essayReviews.essayId, essays.id))
    .where(and(sql`${essays.taskId} = any(${sql.placeholder('taskIds')}::int[])`, eq(essays.status, 'approved'), isNull(essays.deletedAt)))
    .orderBy(asc(essays.taskId), asc(essays.studentId), desc(essays.draft));
const approvedStatement = preparedPerDatabase((db: Executor) => classReportApprovedQuery(db).prepare('zp_class_report_approved'));

const configStatement = preparedPerDatabase((db: Executor) =>
  db.select().from(reportConfigs).where(eq(reportConfigs.identityId, sql`${sql.placeholder('identityId')}::int`)).prepare('zp_class_report_config'),
);

/** SQL of the class report. Callers check the caller's scope first. */
export const classReportRepo = {
  /**
   * One row per student of the class now, with their essay for the task: the latest approved draft
   * when there is one, else the latest live draft (null columns when nothing was handed in).
   */
  classRows(db: Executor, task: number, cls: number) {
    return rowsStatement(db).execute({ taskId: task, classId: cls });
  },

  /** The class's released tasks up to (and including) `taskId`'s release, newest first, at most `limit`. */
  async recentTasks(db: Executor, cls: number, releasedBy: Date, limit: number) {
    return recentStatement(db).execute({ classId: cls, releasedBy: releasedBy.toISOString(), limit });
  },

  /** Latest approved draft per student and task, for the given tasks and the class's students now. */
  approvedOf(db: Executor, taskIds: number[], cls: number) {
    if (!taskIds.length) return Promise.resolve([]);
    return approvedStatement(db).execute({ taskIds: `{${taskIds.map((id) => Math.trunc(id)).join(',')}}`, classId: cls });
  },

  async config(db: Executor, identityId: number) {
    const [row] = await configStatement(db).execute({ identityId });
    return row ?? null;
  },
  async saveConfig(db: Executor, identityId: number, mode: string, sections: string[]) {
    await db
      .insert(reportConfigs)
      .values({ identityId, mode, sections })
      .onConflictDoUpdate({ target: reportConfigs.identityId, set: { mode, sections, updatedAt: sql`now()` } });
  },
};
export type ClassRow = Awaited<ReturnType<typeof classReportRepo.classRows>>[number];
export type ApprovedHistoryRow = Awaited<ReturnType<typeof classReportRepo.approvedOf>>[number];

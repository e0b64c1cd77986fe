// Teachers' notifications when AI review finishes, written by the ai-correction job handler in the
// transaction of the result. Uploads come in batches (a class's 45 essays), so a batch gives ONE
// notification when the last queued essay of that task and class is done ("《春天》三年级1班 AI 批改
// 完成：45 篇，2 篇异常"); a lone re-run (or "correct anyway") gives one about that essay. They go to
// the task's creator, in Chinese: the job has no caller whose language it could use.
import { and, count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { translate } from '../../core/i18n';
import type { Executor } from '../db/database';
import { classes, corrections, essays, identities, jobs, notifications, students, tasks } from '../db/schema';

export const writingListLink = (taskId: number, classId: number) => `/homework/situation/writinglist?taskId=${taskId}&classId=${classId}`;
const ESSAY_LINK = '/homework/correctComment?essayId=';
export const essayLink = (essayId: number) => `${ESSAY_LINK}${essayId}`;

const AI_JOB = 'ai-correction';
const AI_BATCH_KIND = 'ai_batch';
const AI_ESSAY_KIND = 'ai_essay';

export interface AiFinished {
  essayId: number;
  /** the job that just finished (left out of the "still queued" count) */
  jobId: number;
  /** why the job ran: upload (batch notice) or rerun / insist (per-essay notice) */
  reason: string;
  now: Date;
}

/** Called once an essay's AI job is over (result stored, or abnormal after the last attempt). */
export async function notifyAiFinished(tx: Executor, f: AiFinished): Promise<void> {
  const [row] = await tx
    .select({ e: essays, title: tasks.title, creatorUserId: identities.userId, className: classes.name, studentName: students.name })
    .from(essays)
    .innerJoin(tasks, eq(tasks.id, essays.taskId))
    .innerJoin(identities, eq(identities.id, tasks.creatorIdentityId))
    .innerJoin(classes, eq(classes.id, essays.classId))
    .innerJoin(students, eq(students.id, essays.studentId))
    .where(eq(essays.id, f.essayId));
  if (!row) return;
  const { e } = row;
  const base = { userId: row.creatorUserId, schoolId: e.schoolId, createdAt: f.now, updatedAt: f.now };
  // Another essay of this task and class still waiting for (or in) its AI run: the batch is not over.
  const [{ n: waiting } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(jobs)
    .innerJoin(essays, sql`${essays.id} = (${jobs.payload}->>'essayId')::int`)
    .where(and(eq(jobs.kind, AI_JOB), inArray(jobs.status, ['queued', 'running']), ne(jobs.id, f.jobId), eq(essays.taskId, e.taskId), eq(essays.classId, e.classId), isNull(essays.deletedAt)));
  if (waiting > 0) return;
  const link = writingListLink(e.taskId, e.classId);
  // The batch: essays of the task and class whose AI run ended since the previous notice about them
  // (a batch notice of the class, or a re-run notice of one of its essays).
  const essayLinks = sql`(select ${ESSAY_LINK}::text || es.id::text from essays es where es.task_id = ${e.taskId} and es.class_id = ${e.classId})`;
  const [previous] = await tx
    .select({ at: notifications.createdAt })
    .from(notifications)
    .where(and(eq(notifications.userId, row.creatorUserId), sql`(${notifications.link} = ${link} or ${notifications.link} in ${essayLinks})`))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  const since = previous?.at ?? new Date(0);
  const [stats] = await tx
    .select({ total: count(), abnormal: sql<number>`(count(*) filter (where ${essays.status} = 'abnormal'))::int` })
    .from(corrections)
    .innerJoin(essays, eq(essays.id, corrections.essayId))
    .where(and(eq(essays.taskId, e.taskId), eq(essays.classId, e.classId), isNull(essays.deletedAt), inArray(corrections.status, ['done', 'failed']), gt(corrections.updatedAt, since)));
  const total = Math.max(1, Number(stats?.total ?? 0));
  // A lone re-run is about one essay: say which and link to it. Many re-runs at once read as a batch.
  if ((f.reason === 'rerun' || f.reason === 'insist') && total === 1) {
    const key = e.status === 'abnormal' ? 'notify.aiEssayAbnormal' : 'notify.aiEssay';
    await tx.insert(notifications).values({ ...base, kind: AI_ESSAY_KIND, message: translate('zh', key, { title: row.title, student: row.studentName }), link: essayLink(e.id) });
    return;
  }
  const message = translate('zh', 'notify.aiBatch', { title: row.title, className: row.className, count: total, abnormal: Number(stats?.abnormal ?? 0) });
  await tx.insert(notifications).values({ ...base, kind: AI_BATCH_KIND, message, link });
}

// Teachers' notifications when AI review finishes, written by the ai-correction job handler in the
// transaction of the result. Uploads come in batches (a class's 45 essays), so a batch gives ONE
// notification when the last queued essay of that task and class is done ("《春天》三年级1班 AI 批改
// 完成：45 篇，2 篇异常"); a lone re-run (or "correct anyway") gives one about that essay. They go to
// the task's creator. The job has no caller whose language it could use, so a row stores the catalogue
// key and parameters (the drawer renders them in the reader's language: notificationText) besides
// the Chinese text.
import { isMessageKey, translate, type Lang, type MessageKey } from '../../core/i18n';
import type { Executor } from '../db/database';
import { aiNotificationsRepo } from '../repositories/ai-notifications';
import { notificationsRepo } from '../repositories/notifications';

const ESSAY_LINK = '/homework/correctComment?essayId=';
export const writingListLink = (taskId: number, classId: number) => `/homework/situation/writinglist?taskId=${taskId}&classId=${classId}`;
export const essayLink = (essayId: number) => `${ESSAY_LINK}${essayId}`;

const AI_JOB = 'ai-correction';

export interface AiFinished {
  essayId: number;
  /** the job that just finished (left out of the "still queued" count) */
  jobId: number;
  /** why the job ran: upload, rerun or insist */
  reason: string;
  now: Date;
}

/** Called once an essay's AI job is over (result stored, or abnormal after the last attempt). */
export async function notifyAiFinished(tx: Executor, f: AiFinished): Promise<void> {
  const row = await aiNotificationsRepo.essayContext(tx, f.essayId);
  if (!row) return;
  const { e } = row;
  await aiNotificationsRepo.lockTaskClass(tx, e.taskId, e.classId);
  // Another essay of this task and class still waiting for (or in) its AI run: the batch is not over.
  if ((await aiNotificationsRepo.waitingJobs(tx, AI_JOB, e.taskId, e.classId, f.jobId)) > 0) return;
  const link = writingListLink(e.taskId, e.classId);
  // The batch: essays of the task and class whose AI run ended since the previous notice about them
  // (a batch notice of the class, or a re-run notice of one of its essays).
  const since = (await aiNotificationsRepo.lastNotice(tx, row.creatorUserId, link, ESSAY_LINK, e.taskId, e.classId)) ?? new Date(0);
  const ended = await aiNotificationsRepo.endedSince(tx, e.taskId, e.classId, since);
  const total = Math.max(1, ended.total);
  const base = { userId: row.creatorUserId, schoolId: e.schoolId, createdAt: f.now, updatedAt: f.now };
  // A lone re-run is about one essay: say which and link to it. Many re-runs at once read as a batch.
  if ((f.reason === 'rerun' || f.reason === 'vision' || f.reason === 'insist') && total === 1) {
    const key = e.status === 'abnormal' ? 'notify.aiEssayAbnormal' : 'notify.aiEssay';
    await notificationsRepo.create(tx, { ...base, kind: 'ai_essay', ...notice(key, { title: row.title, student: row.studentName }), link: essayLink(e.id) });
    return;
  }
  const text = notice('notify.aiBatch', { title: row.title, className: row.className, count: total, abnormal: ended.abnormal });
  await notificationsRepo.create(tx, { ...base, kind: 'ai_batch', ...text, link });
}

/**
 * What a notification row is written with: the catalogue key and its parameters, from which the drawer
 * renders it in the reader's language, and the Chinese text (the record, what older clients show).
 */
export function notice(key: MessageKey, params: Record<string, string | number>) {
  return { message: translate('zh', key, params), messageKey: key, messageParams: params };
}

const isParams = (v: unknown): v is Record<string, string | number> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string' || typeof x === 'number');

/**
 * A notification in the reader's language, rendered from its key and parameters. Rows without a key
 * (written before the key was stored, or by the SMS sink, whose text is the message as sent) and rows
 * whose key or parameters no longer fit the catalogue show the stored text.
 */
export function notificationText(row: { message: string; messageKey: string | null; messageParams: unknown }, lang: Lang): string {
  if (!row.messageKey || !isMessageKey(row.messageKey) || !isParams(row.messageParams)) return row.message;
  return translate(lang, row.messageKey, row.messageParams);
}

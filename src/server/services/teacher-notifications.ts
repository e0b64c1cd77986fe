// Teachers' notifications when AI review finishes, written by the ai-correction job handler in the
// transaction of the result. Uploads come in batches (a class's 45 essays), so a batch gives ONE
// notification when the last queued essay of that task and class is done ("《春天》三年级1班 AI 批改
// 完成：45 篇，2 篇异常"); a lone re-run (or "correct anyway") gives one about that essay. They go to
// the task's creator. The job has no caller whose language it could use, so the row keeps the Chinese
// text (the record, as older rows have it); the drawer shows it in the reader's language
// (notificationText).
import { catalogues, translate, type Lang, type MessageKey } from '../../core/i18n';
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
  if ((f.reason === 'rerun' || f.reason === 'insist') && total === 1) {
    const key = e.status === 'abnormal' ? 'notify.aiEssayAbnormal' : 'notify.aiEssay';
    await notificationsRepo.create(tx, { ...base, kind: 'ai_essay', message: translate('zh', key, { title: row.title, student: row.studentName }), link: essayLink(e.id) });
    return;
  }
  const message = translate('zh', 'notify.aiBatch', { title: row.title, className: row.className, count: total, abnormal: ended.abnormal });
  await notificationsRepo.create(tx, { ...base, kind: 'ai_batch', message, link });
}

/** The catalogue keys each kind of notification is written with (the longer, abnormal re-run text first). */
const KIND_KEYS: Readonly<Record<string, readonly MessageKey[]>> = { ai_batch: ['notify.aiBatch'], ai_essay: ['notify.aiEssayAbnormal', 'notify.aiEssay'] };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The parameters `text` was written with from the Chinese template of `key`, or undefined if it was not. */
function paramsFrom(key: MessageKey, text: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = catalogues.zh[key]
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      // Greedy: a 》 inside a task title stays with the title.
      return '([\\s\\S]+)';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`, 'u').exec(text);
  return match ? Object.fromEntries(names.map((n, i) => [n, match[i + 1]!])) : undefined;
}

/**
 * A teacher's notification in the reader's language. The AI-run notices are stored in Chinese; their
 * parameters are read back from the Chinese template of their kind, which covers the rows written
 * before this too (no migration). Other kinds, and text no template matches (a template reworded
 * since), are shown as stored.
 */
export function notificationText(row: { kind: string; message: string }, lang: Lang): string {
  if (lang === 'zh') return row.message;
  for (const key of KIND_KEYS[row.kind] ?? []) {
    const params = paramsFrom(key, row.message);
    if (params) return translate(lang, key, params);
  }
  return row.message;
}

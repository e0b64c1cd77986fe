// A student's phone re-submission replaces the pages of the draft being corrected. Nothing is lost:
// the replaced pages stay in essay_page_versions (files are stored by content and never deleted) and
// the task's teacher gets a notification linking to the essay, so a classmate's mistake or an abuse of
// the upload is seen and can be undone from the kept pages.
import type { Executor } from '../../db/database';
import { aiNotificationsRepo } from '../../repositories/ai-notifications';
import { essaysRepo, type EssayRow } from '../../repositories/essays';
import { notificationsRepo } from '../../repositories/notifications';
import { pageVersionsRepo } from '../../repositories/rate-limits';
import { essayLink, notice } from '../teacher-notifications';

/** Inside the submission's transaction, before the pages are replaced. */
export async function keepPreviousPages(tx: Executor, essay: EssayRow, now: Date): Promise<void> {
  const pages = await essaysRepo.pages(tx, [essay.id]);
  if (pages.length === 0) return;
  await pageVersionsRepo.keep(tx, { essayId: essay.id, fileIds: pages.map((p) => p.f.id), source: essay.source, submittedAt: essay.submittedAt, replacedAt: now });
  const row = await aiNotificationsRepo.essayContext(tx, essay.id);
  if (!row) return;
  await notificationsRepo.create(tx, {
    userId: row.creatorUserId,
    schoolId: essay.schoolId,
    kind: 'h5_resubmitted',
    ...notice('notify.h5Resubmitted', { title: row.title, student: row.studentName, pages: pages.length }),
    link: essayLink(essay.id),
    createdAt: now,
    updatedAt: now,
  });
}

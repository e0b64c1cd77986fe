// Who may read and change a teacher review. Reading: the essay pages (task.query) or the headmaster
// pages (headmaster.query); writing (save, approve, revised drafts, reminders): task.edit only, so a
// headmaster or principal may look at a review but not approve it. Scoped teachers reach only the
// classes they teach; anything else, and every other school, is a 404 (nothing is revealed).
import { AppError, notFound } from '../errors';
import type { Executor } from '../db/database';
import { classesRepo } from '../repositories/classes';
import { essaysRepo } from '../repositories/essays';
import { requireAny } from './access';
import type { AuthContext } from './auth-context';
import { visibleClasses } from './class-service';

export type ReviewMode = 'read' | 'write';

export function requireReview(auth: AuthContext, mode: ReviewMode): void {
  if (mode === 'write') requireAny(auth, ['task', 'edit']);
  else requireAny(auth, ['task', 'query'], ['headmaster', 'query']);
}

/** The class must be one the caller sees (404 otherwise). */
export async function requireClassInScope(db: Executor, auth: AuthContext, classId: number): Promise<void> {
  const f = visibleClasses(auth);
  if (!(await classesRepo.inScope(db, f.schoolId, f.teacherIdentityId ?? null, classId))) throw notFound();
}

/** A live essay of the caller's school in a class they see, with the student's name and number. */
export async function essayForReview(db: Executor, auth: AuthContext, essayId: number, mode: ReviewMode) {
  requireReview(auth, mode);
  const row = await essaysRepo.find(db, auth.school.id, essayId);
  if (!row) throw notFound();
  await requireClassInScope(db, auth, row.e.classId);
  return row;
}

/** Approved essays are locked: cancel the approval first (product-rules.md#states). */
export const approvedLocked = () => new AppError(409, 'ESSAY_APPROVED', 'essay.approvedLocked', undefined, { show: true });

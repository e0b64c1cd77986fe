import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { essays, identities, revisionRequests } from '../db/schema';

export type RevisionRow = typeof revisionRequests.$inferSelect;

/** SQL of revised-draft requests (revision_requests); one pending request per task and student. */
export const revisionsRepo = {
  /** The pending request of a student for a task (locked when asked, inside a transaction). */
  async pending(db: Executor, taskId: number, studentId: number, forUpdate = false): Promise<RevisionRow | undefined> {
    const q = db
      .select()
      .from(revisionRequests)
      .where(and(eq(revisionRequests.taskId, taskId), eq(revisionRequests.studentId, studentId), eq(revisionRequests.status, 'pending')));
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  },
  /** Requests of a student for a task, oldest first (to tell discarded drafts). */
  ofStudent(db: Executor, taskId: number, studentId: number): Promise<RevisionRow[]> {
    return db
      .select()
      .from(revisionRequests)
      .where(and(eq(revisionRequests.taskId, taskId), eq(revisionRequests.studentId, studentId)))
      .orderBy(asc(revisionRequests.id));
  },
  /** Pending requests of some students for a task. */
  pendingOf(db: Executor, taskId: number, studentIds: number[]): Promise<RevisionRow[]> {
    if (!studentIds.length) return Promise.resolve([]);
    return db
      .select()
      .from(revisionRequests)
      .where(and(eq(revisionRequests.taskId, taskId), inArray(revisionRequests.studentId, studentIds), eq(revisionRequests.status, 'pending')))
      .orderBy(desc(revisionRequests.id));
  },
  async insert(db: Executor, values: typeof revisionRequests.$inferInsert): Promise<RevisionRow> {
    const [row] = await db.insert(revisionRequests).values(values).returning();
    return row!;
  },
  async close(db: Executor, id: number, status: 'cancelled' | 'fulfilled', at: Date, fulfilledByEssayId?: number): Promise<void> {
    await db
      .update(revisionRequests)
      .set({ status, closedAt: at, ...(fulfilledByEssayId ? { fulfilledByEssayId } : {}) })
      .where(and(eq(revisionRequests.id, id), eq(revisionRequests.status, 'pending')));
  },
  /**
   * A student's drafts of a task, oldest first: the live essays and those a revision request
   * discarded (soft-deleted by it), flagged; essays deleted for any other reason stay out.
   */
  draftsOf(db: Executor, taskId: number, studentId: number) {
    const discarded = sql<boolean>`(${essays.deletedAt} is not null)`;
    return db
      .select({ e: essays, discarded, pageCount: sql<number>`(select count(*)::int from essay_pages ep where ep.essay_id = "essays"."id")` })
      .from(essays)
      .where(
        and(
          eq(essays.taskId, taskId),
          eq(essays.studentId, studentId),
          or(isNull(essays.deletedAt), sql`exists (select 1 from revision_requests rr where rr.essay_id = "essays"."id" and rr.mode = 'discard' and rr.status <> 'cancelled')`),
        ),
      )
      .orderBy(asc(essays.draft), asc(essays.submittedAt), asc(essays.id));
  },
  /** An essay of the school, live or soft-deleted (a discard request is cancelled on it), locked when asked. */
  async essayEvenDeleted(db: Executor, schoolId: number, essayId: number, forUpdate = false) {
    const q = db
      .select()
      .from(essays)
      .where(and(eq(essays.id, essayId), eq(essays.schoolId, schoolId)));
    const [row] = forUpdate ? await q.for('update') : await q;
    return row;
  },
  /** Brings a discarded essay back (fails with a unique violation when its draft was taken meanwhile). */
  async undelete(db: Executor, essayId: number, now: Date): Promise<void> {
    await db.update(essays).set({ deletedAt: null, updatedAt: now }).where(eq(essays.id, essayId));
  },
  async teacherName(db: Executor, identityId: number): Promise<string> {
    const [row] = await db.select({ name: identities.teacherName }).from(identities).where(eq(identities.id, identityId));
    return row?.name ?? '';
  },
};

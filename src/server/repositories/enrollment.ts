import { and, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { enrollmentNotices, enrollmentRegistrations, type RegistrationStatus } from '../db/schema';

export type NoticeRow = typeof enrollmentNotices.$inferSelect;
export type RegistrationRow = typeof enrollmentRegistrations.$inferSelect;
const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

const counts = {
  total: sql<number>`(select count(*)::int from enrollment_registrations r where r.notice_id = ${enrollmentNotices.id})`,
  new: sql<number>`(select count(*)::int from enrollment_registrations r where r.notice_id = ${enrollmentNotices.id} and r.status = 'new')`,
  contacted: sql<number>`(select count(*)::int from enrollment_registrations r where r.notice_id = ${enrollmentNotices.id} and r.status = 'contacted')`,
  admitted: sql<number>`(select count(*)::int from enrollment_registrations r where r.notice_id = ${enrollmentNotices.id} and r.status = 'admitted')`,
  declined: sql<number>`(select count(*)::int from enrollment_registrations r where r.notice_id = ${enrollmentNotices.id} and r.status = 'declined')`,
};

export interface RegistrationFilter {
  schoolId: number;
  noticeId?: number;
  status?: RegistrationStatus;
  keyword?: string;
}
function registrationWhere(f: RegistrationFilter): SQL {
  return and(
    eq(enrollmentRegistrations.schoolId, f.schoolId),
    f.noticeId ? eq(enrollmentRegistrations.noticeId, f.noticeId) : undefined,
    f.status ? eq(enrollmentRegistrations.status, f.status) : undefined,
    f.keyword ? or(ilike(enrollmentRegistrations.childName, like(f.keyword)), ilike(enrollmentRegistrations.guardianName, like(f.keyword)), ilike(enrollmentRegistrations.phone, like(f.keyword))) : undefined,
  )!;
}

/** SQL of enrollment notices and registrations; every query is scoped by school by its caller's filter. */
export const enrollmentRepo = {
  notices(db: Executor, schoolId: number) {
    return db
      .select({ n: enrollmentNotices, counts })
      .from(enrollmentNotices)
      .where(and(eq(enrollmentNotices.schoolId, schoolId), isNull(enrollmentNotices.deletedAt)))
      .orderBy(desc(enrollmentNotices.id));
  },
  async notice(db: Executor, schoolId: number, id: number) {
    const [row] = await db
      .select({ n: enrollmentNotices, counts })
      .from(enrollmentNotices)
      .where(and(eq(enrollmentNotices.schoolId, schoolId), eq(enrollmentNotices.id, id), isNull(enrollmentNotices.deletedAt)));
    return row;
  },
  async noticeByKey(db: Executor, key: string) {
    const [row] = await db.select().from(enrollmentNotices).where(and(eq(enrollmentNotices.publicKey, key), isNull(enrollmentNotices.deletedAt)));
    return row;
  },
  async insertNotice(db: Executor, values: typeof enrollmentNotices.$inferInsert) {
    const [row] = await db.insert(enrollmentNotices).values(values).returning();
    return row!;
  },
  async updateNotice(db: Executor, id: number, patch: Partial<typeof enrollmentNotices.$inferInsert>) {
    await db.update(enrollmentNotices).set(patch).where(eq(enrollmentNotices.id, id));
  },
  async registrationPage(db: Executor, f: RegistrationFilter, pageNum: number, pageSize: number) {
    const where = registrationWhere(f);
    const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(enrollmentRegistrations).where(where);
    const rows = await db
      .select({ r: enrollmentRegistrations, noticeTitle: enrollmentNotices.title })
      .from(enrollmentRegistrations)
      .innerJoin(enrollmentNotices, eq(enrollmentNotices.id, enrollmentRegistrations.noticeId))
      .where(where)
      .orderBy(desc(enrollmentRegistrations.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { rows, total };
  },
  registrationsAll(db: Executor, f: RegistrationFilter, max: number) {
    return db
      .select({ r: enrollmentRegistrations, noticeTitle: enrollmentNotices.title })
      .from(enrollmentRegistrations)
      .innerJoin(enrollmentNotices, eq(enrollmentNotices.id, enrollmentRegistrations.noticeId))
      .where(registrationWhere(f))
      .orderBy(desc(enrollmentRegistrations.id))
      .limit(max);
  },
  async registration(db: Executor, schoolId: number, id: number) {
    const [row] = await db
      .select({ r: enrollmentRegistrations, noticeTitle: enrollmentNotices.title })
      .from(enrollmentRegistrations)
      .innerJoin(enrollmentNotices, eq(enrollmentNotices.id, enrollmentRegistrations.noticeId))
      .where(and(eq(enrollmentRegistrations.schoolId, schoolId), eq(enrollmentRegistrations.id, id)));
    return row;
  },
  /** Whether the notice already holds this child: the same ID number, or the same phone and child's name. */
  async duplicate(db: Executor, noticeId: number, idHash: string, phone: string, childName: string) {
    const [row] = await db
      .select({ id: enrollmentRegistrations.id, status: enrollmentRegistrations.status })
      .from(enrollmentRegistrations)
      .where(and(eq(enrollmentRegistrations.noticeId, noticeId), or(eq(enrollmentRegistrations.idHash, idHash), and(eq(enrollmentRegistrations.phone, phone), eq(enrollmentRegistrations.childName, childName)))))
      .limit(1);
    return row;
  },
  /** Inserts unless a parallel request stored the same child first (the unique indexes decide). */
  async insertRegistration(db: Executor, values: typeof enrollmentRegistrations.$inferInsert) {
    const [row] = await db.insert(enrollmentRegistrations).values(values).onConflictDoNothing().returning();
    return row;
  },
  async setStatus(db: Executor, id: number, status: RegistrationStatus, entry: { status: RegistrationStatus; note: string; by: string; at: string }, now: Date) {
    await db
      .update(enrollmentRegistrations)
      .set({ status, updatedAt: now, history: sql`${enrollmentRegistrations.history} || ${JSON.stringify([entry])}::jsonb` })
      .where(eq(enrollmentRegistrations.id, id));
  },
  /** Adds a note to a registration's history without changing its status (a repeated sign-up). */
  async addNote(db: Executor, id: number, entry: { status: RegistrationStatus; note: string; by: string; at: string }, now: Date) {
    await db
      .update(enrollmentRegistrations)
      .set({ updatedAt: now, history: sql`${enrollmentRegistrations.history} || ${JSON.stringify([entry])}::jsonb` })
      .where(eq(enrollmentRegistrations.id, id));
  },
  async admittedCount(db: Executor, noticeId: number) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(enrollmentRegistrations).where(and(eq(enrollmentRegistrations.noticeId, noticeId), eq(enrollmentRegistrations.status, 'admitted')));
    return row?.n ?? 0;
  },
};

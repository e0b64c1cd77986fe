import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { studentCodeVersions } from '../db/schema';

/** SQL of the students' code versions (学生码 resets). */
export const studentCodesRepo = {
  /** The current version of each student's code (0 when never reset). */
  async versions(db: Executor, studentIds: number[]): Promise<Map<number, number>> {
    if (!studentIds.length) return new Map();
    const rows = await db.select({ studentId: studentCodeVersions.studentId, version: studentCodeVersions.version }).from(studentCodeVersions).where(inArray(studentCodeVersions.studentId, studentIds));
    return new Map(rows.map((r) => [r.studentId, r.version]));
  },
  async version(db: Executor, studentId: number): Promise<number> {
    const [row] = await db.select({ version: studentCodeVersions.version }).from(studentCodeVersions).where(eq(studentCodeVersions.studentId, studentId));
    return row?.version ?? 0;
  },
  /** Moves the student to the next version in one atomic upsert and returns it. */
  async bump(db: Executor, v: { studentId: number; schoolId: number; identityId: number; now: Date }): Promise<number> {
    const [row] = await db
      .insert(studentCodeVersions)
      .values({ studentId: v.studentId, schoolId: v.schoolId, version: 1, resetAt: v.now, resetByIdentityId: v.identityId })
      .onConflictDoUpdate({ target: studentCodeVersions.studentId, set: { version: sql`${studentCodeVersions.version} + 1`, resetAt: v.now, resetByIdentityId: v.identityId } })
      .returning({ version: studentCodeVersions.version });
    return row!.version;
  },
};

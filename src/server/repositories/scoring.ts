import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { campuses, scoringStandards, teacherScoreConfigs } from '../db/schema';
import type { AuthContext } from '../services/auth-context';

export type ScoringRow = typeof scoringStandards.$inferSelect;

/** Standards the caller sees: the product's defaults, the school's shared ones, and their own. */
const visibleTo = (auth: AuthContext) =>
  or(
    isNull(scoringStandards.schoolId),
    and(eq(scoringStandards.schoolId, auth.school.id), or(isNull(scoringStandards.ownerIdentityId), eq(scoringStandards.ownerIdentityId, auth.identity.id))),
  );

/** SQL for scoring standards and per-campus score configuration. */
export const scoringRepo = {
  list(db: Executor, auth: AuthContext) {
    return db.select().from(scoringStandards).where(visibleTo(auth)).orderBy(desc(scoringStandards.isDefault), asc(scoringStandards.id));
  },
  async visible(db: Executor, auth: AuthContext, id: number): Promise<ScoringRow | undefined> {
    const [row] = await db.select().from(scoringStandards).where(and(visibleTo(auth), eq(scoringStandards.id, id)));
    return row;
  },
  async insert(db: Executor, values: typeof scoringStandards.$inferInsert) {
    const [row] = await db.insert(scoringStandards).values(values).returning();
    return row!;
  },
  async update(db: Executor, id: number, patch: Partial<typeof scoringStandards.$inferInsert>) {
    const [row] = await db.update(scoringStandards).set({ ...patch, updatedAt: sql`now()` }).where(eq(scoringStandards.id, id)).returning();
    return row!;
  },
  configs(db: Executor, schoolId: number, opts: { key?: string; campusId?: number }) {
    return db
      .select({ c: teacherScoreConfigs, campusName: campuses.name })
      .from(teacherScoreConfigs)
      .innerJoin(campuses, eq(campuses.id, teacherScoreConfigs.campusId))
      .where(
        and(
          eq(teacherScoreConfigs.schoolId, schoolId),
          opts.key ? eq(teacherScoreConfigs.key, opts.key) : undefined,
          opts.campusId !== undefined ? eq(teacherScoreConfigs.campusId, opts.campusId) : undefined,
        ),
      )
      .orderBy(asc(teacherScoreConfigs.campusId), asc(teacherScoreConfigs.key));
  },
  async upsertConfig(db: Executor, values: typeof teacherScoreConfigs.$inferInsert) {
    const [row] = await db
      .insert(teacherScoreConfigs)
      .values(values)
      .onConflictDoUpdate({
        target: [teacherScoreConfigs.schoolId, teacherScoreConfigs.campusId, teacherScoreConfigs.key],
        set: { scoringStandardId: values.scoringStandardId, fullMark: values.fullMark, updatedByIdentityId: values.updatedByIdentityId, updatedAt: sql`now()` },
      })
      .returning();
    return row!;
  },
};

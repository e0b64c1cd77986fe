import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { preparedPerDatabase } from './prepared-per-database';
import { essayReviews, identities } from '../db/schema';

export type ReviewRow = typeof essayReviews.$inferSelect;
export type ReviewPatch = Partial<Pick<ReviewRow, 'transcript' | 'teacherComment' | 'dimensionScores' | 'annotations' | 'updatedByIdentityId' | 'approvedByIdentityId' | 'approvedAt'>>;

/** SQL of the teacher's side of an essay (essay_reviews). Callers check access first. */
export const reviewsRepo = {
  async get(db: Executor, essayId: number): Promise<(ReviewRow & { approvedByName: string | null }) | undefined> {
    const [row] = await reviewStatement(db).execute({ essayId });
    return row ? { ...row.r, approvedByName: row.approvedByName } : undefined;
  },
  many(db: Executor, essayIds: number[]): Promise<ReviewRow[]> {
    if (!essayIds.length) return Promise.resolve([]);
    return db.select().from(essayReviews).where(inArray(essayReviews.essayId, essayIds));
  },
  /** Creates the row or changes the given fields only. */
  async upsert(db: Executor, essayId: number, patch: ReviewPatch, now: Date): Promise<void> {
    const set = { ...patch, updatedAt: now };
    await db
      .insert(essayReviews)
      .values({ essayId, ...set, createdAt: now })
      .onConflictDoUpdate({ target: essayReviews.essayId, set });
  },
  /**
   * A confirmed AI re-run: the teacher's transcript, dimension scores and annotations go (they were
   * made on the old result); the teacher comment stays, since nothing typed should be lost.
   */
  async clearForRerun(db: Executor, essayId: number, now: Date): Promise<void> {
    await db
      .update(essayReviews)
      .set({ transcript: null, dimensionScores: sql`'[]'::jsonb`, annotations: sql`'[]'::jsonb`, updatedAt: now })
      .where(eq(essayReviews.essayId, essayId));
  },
};

// read by the correction screen on every open: prepared once per database
const reviewStatement = preparedPerDatabase((db: Executor) =>
  db
    .select({ r: essayReviews, approvedByName: identities.teacherName })
    .from(essayReviews)
    .leftJoin(identities, eq(identities.id, essayReviews.approvedByIdentityId))
    .where(eq(essayReviews.essayId, sql.placeholder('essayId')))
    .prepare('zp_review_get'),
);

import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { autoCorrectionSettings } from '../db/schema';

/** SQL for each teacher identity's AI review start delay. */
export const autoCorrectionSettingsRepo = {
  async get(db: Executor, identityId: number) {
    const [row] = await db.select().from(autoCorrectionSettings).where(eq(autoCorrectionSettings.identityId, identityId));
    return row;
  },
  async upsert(db: Executor, identityId: number, patch: Partial<{ enabled: boolean; manual: number; waitSeconds: number }>) {
    const [row] = await db
      .insert(autoCorrectionSettings)
      .values({ identityId, ...patch })
      .onConflictDoUpdate({ target: autoCorrectionSettings.identityId, set: { ...patch, updatedAt: sql`now()` } })
      .returning();
    return row!;
  },
};

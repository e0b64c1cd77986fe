import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { leases } from '../db/schema';

/** SQL of the named leases every process shares (one holder at a time, freed by expiry if the holder dies). */
export const leasesRepo = {
  /** Takes the lease when it is free or expired; false while another holder's lease runs. One statement, so two processes cannot both win. */
  async acquire(db: Executor, name: string, holder: string, until: Date, now: Date): Promise<boolean> {
    const rows = await db
      .insert(leases)
      .values({ name, holder, expiresAt: until })
      .onConflictDoUpdate({ target: leases.name, set: { holder, expiresAt: until }, setWhere: sql`${leases.expiresAt} <= ${now.toISOString()}::timestamptz` })
      .returning({ name: leases.name });
    return rows.length > 0;
  },
  /** Gives the lease back (only the holder's own). */
  async release(db: Executor, name: string, holder: string): Promise<void> {
    await db.delete(leases).where(and(eq(leases.name, name), eq(leases.holder, holder)));
  },
};

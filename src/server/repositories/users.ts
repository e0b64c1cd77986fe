import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

/** SQL for users: accounts, password hashes and the identity chosen last. */
export const usersRepo = {
  async findByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
    return row;
  },
  async findByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.phone, phone));
    return row;
  },
  async findById(db: Executor, id: number): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },
  async create(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  },
  async setPassword(db: Executor, id: number, passwordHash: string): Promise<void> {
    await db.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, id));
  },
  async setLastIdentity(db: Executor, id: number, identityId: number): Promise<void> {
    await db.update(users).set({ lastIdentityId: identityId }).where(eq(users.id, id));
  },
};

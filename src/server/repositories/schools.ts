import { eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { schoolVersions, schools } from '../db/schema';

export type SchoolRow = typeof schools.$inferSelect;

/** SQL for schools and their product version. */
export const schoolsRepo = {
  async findById(db: Executor, id: number): Promise<SchoolRow | undefined> {
    const [row] = await db.select().from(schools).where(eq(schools.id, id));
    return row;
  },
  async findByRegisterCode(db: Executor, code: string): Promise<SchoolRow | undefined> {
    const [row] = await db.select().from(schools).where(eq(schools.registerCode, code));
    return row;
  },
  async findByName(db: Executor, name: string): Promise<SchoolRow | undefined> {
    const [row] = await db.select().from(schools).where(eq(schools.name, name));
    return row;
  },
  async version(db: Executor, versionId: number) {
    const [row] = await db.select().from(schoolVersions).where(eq(schoolVersions.id, versionId));
    return row;
  },
};

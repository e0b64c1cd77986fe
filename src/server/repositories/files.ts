import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { files } from '../db/schema';

export type FileRow = typeof files.$inferSelect;

/** SQL for stored files. Every read is scoped by school. */
export const filesRepo = {
  /** Inserts the file unless the school already holds the same bytes; returns the (existing) row. */
  async upsert(db: Executor, values: typeof files.$inferInsert): Promise<{ row: FileRow; created: boolean }> {
    const inserted = await db.insert(files).values(values).onConflictDoNothing({ target: [files.schoolId, files.sha256] }).returning();
    if (inserted[0]) return { row: inserted[0], created: true };
    const [row] = await db.select().from(files).where(and(eq(files.schoolId, values.schoolId), eq(files.sha256, values.sha256)));
    return { row: row!, created: false };
  },
  async find(db: Executor, schoolId: number, id: string): Promise<FileRow | undefined> {
    const [row] = await db.select().from(files).where(and(eq(files.schoolId, schoolId), eq(files.id, id)));
    return row;
  },
  /** By id alone: only for signed links, whose signature already proves the right to read. */
  async findById(db: Executor, id: string): Promise<FileRow | undefined> {
    const [row] = await db.select().from(files).where(eq(files.id, id));
    return row;
  },
  async findMany(db: Executor, schoolId: number, ids: string[]): Promise<FileRow[]> {
    if (!ids.length) return [];
    return db.select().from(files).where(and(eq(files.schoolId, schoolId), inArray(files.id, ids)));
  },
};

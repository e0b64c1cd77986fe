import { and, asc, desc, eq, ilike, isNull, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { writingSources } from '../db/schema';

export type SourceRow = typeof writingSources.$inferSelect;
const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

export interface SourceFilter {
  grade?: number;
  unit?: number;
  term?: number;
  type?: string;
  theme?: string;
  topic?: string;
  keyword?: string;
}

/** Public rows have no owner; personal rows belong to one teacher identity. */
const owned = (ownerIdentityId: number | null): SQL => (ownerIdentityId === null ? isNull(writingSources.ownerIdentityId) : eq(writingSources.ownerIdentityId, ownerIdentityId));

function where(owner: number | null, f: SourceFilter): SQL {
  return and(
    owned(owner),
    f.grade !== undefined ? eq(writingSources.grade, f.grade) : undefined,
    f.unit !== undefined ? eq(writingSources.unit, f.unit) : undefined,
    f.term !== undefined ? eq(writingSources.term, f.term) : undefined,
    f.type ? eq(writingSources.type, f.type) : undefined,
    f.theme ? eq(writingSources.theme, f.theme) : undefined,
    f.topic ? eq(writingSources.topic, f.topic) : undefined,
    f.keyword ? or(ilike(writingSources.title, like(f.keyword)), ilike(writingSources.theme, like(f.keyword)), ilike(writingSources.topic, like(f.keyword))) : undefined,
  )!;
}

/** SQL for the prompt bank: public prompts and each teacher's own. */
export const promptBankRepo = {
  async page(db: Executor, owner: number | null, f: SourceFilter, pageNum: number, pageSize: number) {
    const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(writingSources).where(where(owner, f));
    const rows = await db
      .select()
      .from(writingSources)
      .where(where(owner, f))
      .orderBy(owner === null ? asc(writingSources.grade) : desc(writingSources.updatedAt), asc(writingSources.unit), asc(writingSources.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { rows, total };
  },
  async distinct(db: Executor, column: 'theme' | 'topic', f: SourceFilter): Promise<string[]> {
    const col = writingSources[column];
    const rows = await db.selectDistinct({ v: col }).from(writingSources).where(and(where(null, f), sql`${col} <> ''`)).orderBy(asc(col));
    return rows.map((r) => r.v);
  },
  async types(db: Executor) {
    return db.select({ value: writingSources.type, count: sql<number>`count(*)::int` }).from(writingSources).where(isNull(writingSources.ownerIdentityId)).groupBy(writingSources.type);
  },
  async units(db: Executor, grade: number, term?: number): Promise<number[]> {
    const rows = await db
      .selectDistinct({ unit: writingSources.unit })
      .from(writingSources)
      .where(and(isNull(writingSources.ownerIdentityId), eq(writingSources.grade, grade), isNotNull(writingSources.unit), term ? eq(writingSources.term, term) : undefined))
      .orderBy(asc(writingSources.unit));
    return rows.map((r) => r.unit!);
  },
  async find(db: Executor, owner: number | null, id: number): Promise<SourceRow | undefined> {
    const [row] = await db.select().from(writingSources).where(and(owned(owner), eq(writingSources.id, id)));
    return row;
  },
  /** A source the identity may use in a task: public or its own. */
  async visible(db: Executor, identityId: number, id: number): Promise<boolean> {
    const rows = await db
      .select({ id: writingSources.id })
      .from(writingSources)
      .where(and(eq(writingSources.id, id), or(isNull(writingSources.ownerIdentityId), eq(writingSources.ownerIdentityId, identityId))));
    return rows.length > 0;
  },
  async insert(db: Executor, values: typeof writingSources.$inferInsert) {
    const [row] = await db.insert(writingSources).values(values).returning();
    return row!;
  },
  async update(db: Executor, id: number, patch: Partial<typeof writingSources.$inferInsert>) {
    const [row] = await db.update(writingSources).set({ ...patch, updatedAt: sql`now()` }).where(eq(writingSources.id, id)).returning();
    return row!;
  },
  async remove(db: Executor, ownerIdentityId: number, id: number): Promise<number> {
    const rows = await db.delete(writingSources).where(and(eq(writingSources.ownerIdentityId, ownerIdentityId), eq(writingSources.id, id))).returning({ id: writingSources.id });
    return rows.length;
  },
};

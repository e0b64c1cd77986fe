// Loading a million rows into tables without their secondary indexes and foreign keys, then building
// those once, is several times faster than maintaining them row by row (and the index is built sorted,
// so it comes out smaller). Primary keys stay: the load's own joins use them.

/** The tables the district fills by the million. */
export const BULK_TABLES = ['essays', 'essay_pages', 'files', 'corrections', 'essay_reviews', 'revision_requests', 'growth_entries', 'growth_records', 'notifications', 'student_notifications'];

export interface Queryable {
  exec(sqlText: string): Promise<unknown>;
  query(sqlText: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The statements that put back what was dropped: unique constraints, indexes, then foreign keys. */
export interface DeferredIndexes {
  restore: string[];
}

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Drops the foreign keys touching the bulk tables, their unique constraints and plain indexes. */
export async function dropBulkIndexes(db: Queryable): Promise<DeferredIndexes> {
  const fks = (await db.query(
    `select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def from pg_constraint
     where contype = 'f' and connamespace = 'public'::regnamespace and (conrelid::regclass::text = any($1) or confrelid::regclass::text = any($1)) order by conname`,
    [BULK_TABLES],
  )).rows as { tbl: string; conname: string; def: string }[];
  const uniques = (await db.query(
    `select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def from pg_constraint
     where contype = 'u' and connamespace = 'public'::regnamespace and conrelid::regclass::text = any($1) order by conname`,
    [BULK_TABLES],
  )).rows as { tbl: string; conname: string; def: string }[];
  const indexes = (await db.query(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = any($1)
       and indexname not in (select conname from pg_constraint where contype in ('p', 'u', 'x')) order by indexname`,
    [BULK_TABLES],
  )).rows as { indexname: string; indexdef: string }[];
  for (const f of fks) await db.exec(`alter table ${q(f.tbl)} drop constraint ${q(f.conname)}`);
  for (const u of uniques) await db.exec(`alter table ${q(u.tbl)} drop constraint ${q(u.conname)}`);
  for (const i of indexes) await db.exec(`drop index ${q(i.indexname)}`);
  return {
    restore: [
      ...uniques.map((u) => `alter table ${q(u.tbl)} add constraint ${q(u.conname)} ${u.def}`),
      ...indexes.map((i) => i.indexdef),
      ...fks.map((f) => `alter table ${q(f.tbl)} add constraint ${q(f.conname)} ${f.def}`),
    ],
  };
}

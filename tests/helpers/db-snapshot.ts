import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/database';

/** Every row of every table, as JSON text, keyed by table and primary id (or the whole row when it has none). */
export type Snapshot = Map<string, Map<string, Record<string, unknown>>>;

/** Counters and sign-in state every request may touch; they carry no school's data. */
const VOLATILE = new Set(['rate_limit_counters', 'login_throttle', 'sessions', 'captchas', 'sms_codes', 'sms_outbox', '__drizzle_migrations']);

export async function snapshotDatabase(database: Database): Promise<Snapshot> {
  const rows = async <T>(query: ReturnType<typeof sql.raw>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = await rows<{ table_name: string }>(sql.raw(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`));
  const snap: Snapshot = new Map();
  for (const { table_name: table } of tables) {
    if (VOLATILE.has(table)) continue;
    const byKey = new Map<string, Record<string, unknown>>();
    for (const { j } of await rows<{ j: string }>(sql.raw(`select row_to_json(t)::text as j from "${table}" t`))) {
      const row = JSON.parse(j) as Record<string, unknown>;
      byKey.set(row.id !== undefined ? String(row.id) : j, row);
    }
    snap.set(table, byKey);
  }
  return snap;
}

export interface RowChange {
  table: string;
  kind: 'added' | 'removed' | 'changed';
  row: Record<string, unknown>;
  /** Columns that differ, for a changed row. */
  columns?: string[];
}

export function diffSnapshots(before: Snapshot, after: Snapshot): RowChange[] {
  const changes: RowChange[] = [];
  for (const [table, rowsAfter] of after) {
    const rowsBefore = before.get(table) ?? new Map();
    for (const [key, row] of rowsAfter) {
      const old = rowsBefore.get(key);
      if (!old) changes.push({ table, kind: 'added', row });
      else {
        const columns = Object.keys(row).filter((c) => JSON.stringify(row[c]) !== JSON.stringify(old[c]));
        if (columns.length) changes.push({ table, kind: 'changed', row: old, columns });
      }
    }
    for (const [key, row] of rowsBefore) if (!rowsAfter.has(key)) changes.push({ table, kind: 'removed', row });
  }
  return changes;
}

// Which table a row's reference column points at; the school is read from that row.
const REFERENCES: Record<string, string> = {
  class_id: 'classes',
  to_class_id: 'classes',
  student_id: 'students',
  task_id: 'tasks',
  essay_id: 'essays',
  batch_id: 'batch_uploads',
  sample_id: 'excellent_samples',
  identity_id: 'identities',
  owner_identity_id: 'identities',
  created_by_identity_id: 'identities',
  campus_id: 'campuses',
  semester_id: 'semesters',
};
/** Rows reached through these belong to a class, not only to a school. */
const CLASS_SCOPED = new Set(['classes', 'students', 'tasks', 'task_classes', 'essays', 'essay_pages', 'essay_page_versions', 'batch_uploads', 'batch_pages', 'parents', 'class_teachers', 'corrections', 'essay_reviews', 'revision_requests', 'student_notifications', 'excellent_samples', 'parent_report_links', 'growth_entries', 'growth_records', 'essay_facts', 'jobs']);

export interface Owner {
  schoolId: number | null;
  classScoped: boolean;
}

/** The school a changed row belongs to, from its own school_id or the row it references. */
export function ownerOf(change: RowChange, snaps: Snapshot[]): Owner {
  const classScoped = CLASS_SCOPED.has(change.table) || ['class_id', 'student_id', 'task_id', 'essay_id'].some((c) => change.row[c] != null);
  const direct = change.row.school_id;
  if (typeof direct === 'number') return { schoolId: direct, classScoped };
  if (change.table === 'schools') return { schoolId: Number(change.row.id), classScoped };
  for (const [column, table] of Object.entries(REFERENCES)) {
    const ref = change.row[column];
    if (ref == null) continue;
    for (const snap of snaps) {
      const school = snap.get(table)?.get(String(ref))?.school_id;
      if (typeof school === 'number') return { schoolId: school, classScoped };
    }
  }
  if (change.table === 'users') {
    for (const snap of snaps) for (const identity of snap.get('identities')?.values() ?? []) if (identity.user_id === change.row.id) return { schoolId: identity.school_id as number, classScoped: false };
  }
  return { schoolId: null, classScoped };
}

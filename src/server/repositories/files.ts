import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
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
  /**
   * A file of the school that a class-scoped teacher may read: one they uploaded, or one that belongs
   * to something of a class they teach (an essay's pages, current or replaced, a batch upload and its
   * pages, a practice attempt's photos), or to a published sample (shared with the whole school).
   */
  async findForTeacher(db: Executor, schoolId: number, identityId: number, id: string): Promise<FileRow | undefined> {
    const taught = (classId: SQL) => sql`exists (select 1 from classes c where c.id = ${classId} and c.school_id = ${schoolId} and c.deleted_at is null and (c.main_teacher_id = ${identityId} or exists (select 1 from class_teachers ct where ct.class_id = c.id and ct.identity_id = ${identityId})))`;
    const belongs = sql`(
      ${files.createdByIdentityId} = ${identityId}
      or exists (select 1 from essay_pages ep join essays e on e.id = ep.essay_id where ep.file_id = ${files.id} and ${taught(sql`e.class_id`)})
      or exists (select 1 from essay_page_versions v join essays e on e.id = v.essay_id where v.file_ids @> jsonb_build_array(${id}::text) and ${taught(sql`e.class_id`)})
      or exists (select 1 from batch_uploads b where b.file_id = ${files.id} and ${taught(sql`b.class_id`)})
      or exists (select 1 from batch_pages bp join batch_uploads b on b.id = bp.batch_id where bp.file_id = ${files.id} and ${taught(sql`b.class_id`)})
      or exists (select 1 from practice_attempts pa where ${files.id} = any(pa.file_ids) and ${taught(sql`pa.class_id`)})
      or exists (select 1 from excellent_samples es where es.status = 'published' and es.deleted_at is null and (es.cover_file_id = ${files.id} or exists (select 1 from essay_pages ep where ep.essay_id = es.essay_id and ep.file_id = ${files.id})))
    )`;
    const [row] = await db.select().from(files).where(and(eq(files.schoolId, schoolId), eq(files.id, id), belongs));
    return row;
  },
  /**
   * A file of a pupil's own work, for links opened with the student code or the parents' link: a page
   * of one of the pupil's essays (current or replaced) or a photo of one of the pupil's practice answers.
   */
  async findForStudent(db: Executor, studentId: number, id: string): Promise<FileRow | undefined> {
    const belongs = sql`(
      exists (select 1 from essay_pages ep join essays e on e.id = ep.essay_id where ep.file_id = ${files.id} and e.student_id = ${studentId} and e.deleted_at is null)
      or exists (select 1 from essay_page_versions v join essays e on e.id = v.essay_id where v.file_ids @> jsonb_build_array(${id}::text) and e.student_id = ${studentId} and e.deleted_at is null)
      or exists (select 1 from practice_attempts pa where ${files.id} = any(pa.file_ids) and pa.student_id = ${studentId})
    )`;
    const [row] = await db.select().from(files).where(and(eq(files.id, id), belongs));
    return row;
  },
  /** The cover or a page of a sample while it is published (what a class page shows to holders of the class code). */
  async findForPublishedSample(db: Executor, sampleId: number, id: string): Promise<FileRow | undefined> {
    const belongs = sql`exists (select 1 from excellent_samples es where es.id = ${sampleId} and es.school_id = ${files.schoolId} and es.status = 'published' and es.deleted_at is null
      and (es.cover_file_id = ${files.id} or exists (select 1 from essay_pages ep where ep.essay_id = es.essay_id and ep.file_id = ${files.id})))`;
    const [row] = await db.select().from(files).where(and(eq(files.id, id), belongs));
    return row;
  },
  /** By id alone: for the batch worker, which received the id from a checked upload. */
  async findById(db: Executor, id: string): Promise<FileRow | undefined> {
    const [row] = await db.select().from(files).where(eq(files.id, id));
    return row;
  },
  async findMany(db: Executor, schoolId: number, ids: string[]): Promise<FileRow[]> {
    if (!ids.length) return [];
    return db.select().from(files).where(and(eq(files.schoolId, schoolId), inArray(files.id, ids)));
  },
};

import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';

/** Other pupils' essays compared with a new one, at most this many (its own task and class first, then the newest). */
export const COPY_CANDIDATES_MAX = 2000;

export interface CopyCandidate {
  essayId: number;
  taskId: number;
  classId: number;
  studentName: string;
  className: string;
  taskTitle: string;
  transcript: string;
  pageHashes: { hash: string; chars: number }[];
  published: boolean;
}

/**
 * Essays of the school by other pupils handed in before this one (the earlier one is taken for the
 * original: re-correcting it must not flag its author as the copier) that the AI has read (the teacher's
 * corrected transcript when there is one), with their page hashes and whether they are a published
 * excellent sample. The essay's
 * own task and class come first, so a large school never pushes a classmate's essay past the limit.
 */
export async function copyCandidates(db: Executor, e: { id: number; schoolId: number; studentId: number; taskId: number; classId: number; submittedAt: Date }): Promise<CopyCandidate[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select e.id as essay_id, e.task_id, e.class_id, s.name as student_name, c.name as class_name, t.title as task_title,
           coalesce(r.transcript, co.transcript, '') as transcript, coalesce(co.result -> 'pageHashes', '[]'::jsonb) as page_hashes,
           exists (select 1 from excellent_samples x where x.essay_id = e.id and x.status = 'published' and x.deleted_at is null) as published
      from essays e
      join students s on s.id = e.student_id
      join classes c on c.id = e.class_id
      join tasks t on t.id = e.task_id
      join corrections co on co.essay_id = e.id and co.status = 'done'
      left join essay_reviews r on r.essay_id = e.id
     where e.school_id = ${e.schoolId} and e.deleted_at is null and t.deleted_at is null
       and e.student_id <> ${e.studentId} and e.id <> ${e.id}
       and (e.submitted_at, e.id) < (${e.submittedAt.toISOString()}::timestamptz, ${e.id})
     order by (e.task_id = ${e.taskId} and e.class_id = ${e.classId}) desc, e.submitted_at desc, e.id desc
     limit ${COPY_CANDIDATES_MAX}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
  return rows.map((r) => ({
    essayId: Number(r.essay_id),
    taskId: Number(r.task_id),
    classId: Number(r.class_id),
    studentName: String(r.student_name),
    className: String(r.class_name),
    taskTitle: String(r.task_title),
    transcript: String(r.transcript ?? ''),
    pageHashes: (typeof r.page_hashes === 'string' ? JSON.parse(r.page_hashes) : (r.page_hashes ?? [])) as CopyCandidate['pageHashes'],
    published: r.published === true || r.published === 't',
  }));
}

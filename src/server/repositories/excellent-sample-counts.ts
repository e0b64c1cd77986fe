import { sql, type SQL } from 'drizzle-orm';

/**
 * Times a student's essays of a semester were named excellent sample essays (product-rules.md#entities growth record):
 * published samples (/excellentArticle, product-rules.md#sample-essays) of that student on tasks of that semester. The one
 * place the growth records read it from, the same rule as samplesRepo.timesNamedPerStudent.
 */
export function excellentSampleCount(studentId: SQL, semesterId: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from excellent_samples es join tasks tk on tk.id = es.task_id
    where es.student_id = ${studentId} and es.status = 'published' and es.deleted_at is null and tk.semester_id = ${semesterId})`;
}

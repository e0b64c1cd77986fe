import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { batchPages, batchUploads, essays, students, tasks } from '../db/schema';
import { preparedPerDatabase } from './prepared-per-database';

// The class essay list (writings/list) in three named statements prepared once per database, with the
// task board's counts (essaysRepo.countsPerClass): nothing is built by the query builder per request.

const teacher = sql.placeholder('teacher');
const taskId = sql.placeholder('taskId');
const classId = sql.placeholder('classId');

/** The scope check's query (placeholders schoolId, teacher, taskId, classId); exported for the EXPLAIN tests. */
export const writingListScopeQuery = (db: Executor) =>
  db
    .select({
      // a scoped teacher (teacher set) sees tasks they created or that reach a class they teach (tasksRepo's filter)
      // outer columns named in full: drizzle leaves them unqualified in a single-table select
      taskVisible: sql<boolean>`(${teacher}::int is null or "tasks"."creator_identity_id" = ${teacher}::int or exists (
        select 1 from task_classes tc join classes c on c.id = tc.class_id
        where tc.task_id = "tasks"."id" and c.deleted_at is null and ${sqlTeaches('c')}))`,
      classVisible: sql<boolean>`exists (select 1 from classes c where c.id = ${classId}::int and c.school_id = "tasks"."school_id" and c.deleted_at is null
        and (${teacher}::int is null or ${sqlTeaches('c')}))`,
      classInTask: sql<boolean>`exists (select 1 from task_classes tc join classes c on c.id = tc.class_id where tc.task_id = "tasks"."id" and tc.class_id = ${classId}::int)`,
    })
    .from(tasks)
    .where(and(eq(tasks.id, sql`${taskId}::int`), eq(tasks.schoolId, sql`${sql.placeholder('schoolId')}::int`), isNull(tasks.deletedAt)));
const scopeStatement = preparedPerDatabase((db: Executor) => writingListScopeQuery(db).prepare('zp_writing_list_scope'));

/** A class the identity teaches (main teacher or a class_teachers row), as classesRepo's taughtBy says, over a class alias. */
function sqlTeaches(cls: string) {
  return sql`(${sql.raw(cls)}.main_teacher_id = ${teacher}::int or exists (select 1 from class_teachers ct where ct.class_id = ${sql.raw(cls)}.id and ct.identity_id = ${teacher}::int))`;
}

// Every live student of the class with each live essay of the task (latest draft first) and its page
// count, and whether a revision request waits for them: one row per student and essay.
/** The list's rows query (placeholders taskId, classId); exported for the EXPLAIN tests. */
export const writingListRowsQuery = (db: Executor) =>
  db
    .select({
      studentId: students.id,
      name: students.name,
      studentNo: students.studentNo,
      revisionPending: sql<boolean>`exists (select 1 from revision_requests r where r.task_id = ${taskId}::int and r.student_id = "students"."id" and r.status = 'pending')`,
      essay: {
        id: essays.id,
        taskId: essays.taskId,
        classId: essays.classId,
        draft: essays.draft,
        status: essays.status,
        source: essays.source,
        insistCorrect: essays.insistCorrect,
        wordCount: essays.wordCount,
        aiScore: essays.aiScore,
        teacherScore: essays.teacherScore,
        submittedAt: essays.submittedAt,
        auditAt: essays.auditAt,
        flagCount: sql<number>`case when jsonb_typeof("essays"."flags") = 'array' then jsonb_array_length("essays"."flags") else 0 end`.mapWith(Number),
        pageCount: sql<number>`(select count(*)::int from essay_pages ep where ep.essay_id = "essays"."id")`.mapWith(Number),
      },
    })
    .from(students)
    .leftJoin(essays, and(eq(essays.taskId, sql`${taskId}::int`), eq(essays.studentId, students.id), isNull(essays.deletedAt)))
    .where(and(eq(students.classId, sql`${classId}::int`), isNull(students.deletedAt)))
    .orderBy(asc(students.id), desc(essays.draft));
const rowsStatement = preparedPerDatabase((db: Executor) => writingListRowsQuery(db).prepare('zp_writing_list_rows'));

const unmatchedStatement = preparedPerDatabase((db: Executor) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(batchPages)
    .innerJoin(batchUploads, eq(batchUploads.id, batchPages.batchId))
    .where(and(eq(batchUploads.taskId, sql`${taskId}::int`), eq(batchUploads.classId, sql`${classId}::int`), eq(batchPages.state, 'unmatched')))
    .prepare('zp_writing_list_unmatched'),
);

export type WritingListRow = Awaited<ReturnType<ReturnType<typeof rowsStatement>['execute']>>[number];

/** SQL of the class essay list; the service checks permissions and shapes the answer. */
export const writingListRepo = {
  /** Whether the task is the school's and visible (teacher: an identity whose scope applies), the class visible, and one of the task's; undefined when the task is missing. */
  async scope(db: Executor, schoolId: number, teacherIdentityId: number | null, task: number, cls: number) {
    const [row] = await scopeStatement(db).execute({ schoolId, teacher: teacherIdentityId, taskId: task, classId: cls });
    return row;
  },
  rows(db: Executor, task: number, cls: number): Promise<WritingListRow[]> {
    return rowsStatement(db).execute({ taskId: task, classId: cls });
  },
  async unmatchedImages(db: Executor, task: number, cls: number): Promise<number> {
    const [row] = await unmatchedStatement(db).execute({ taskId: task, classId: cls });
    return row?.n ?? 0;
  },
};

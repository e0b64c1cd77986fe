import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { tasks } from '../db/schema';
import { preparedPerDatabase } from './prepared-per-database';

// A task and one of its classes as the caller may read them (statistics, class report): one named
// statement prepared once per database, with the same rules as tasksRepo.find (a scoped teacher sees
// tasks they created or that reach a class they teach) and classesRepo.find (live classes of the
// school, a scoped teacher's own), instead of three queries built per request.

const teacher = sql`${sql.placeholder('teacher')}::int`;
const classId = sql`${sql.placeholder('classId')}::int`;

/** A class the identity teaches (main teacher or a class_teachers row), over a class alias. */
const teaches = (cls: string) => sql`(${sql.raw(cls)}.main_teacher_id = ${teacher} or exists (select 1 from class_teachers ct where ct.class_id = ${sql.raw(cls)}.id and ct.identity_id = ${teacher}))`;

/** The scope query (placeholders schoolId, teacher, taskId, classId); exported for the EXPLAIN tests. */
export const taskClassScopeQuery = (db: Executor) =>
  db
    .select({
      t: tasks,
      // outer columns named in full: drizzle leaves them unqualified in a single-table select
      taskVisible: sql<boolean>`(${teacher} is null or "tasks"."creator_identity_id" = ${teacher} or exists (
        select 1 from task_classes tc join classes c on c.id = tc.class_id
        where tc.task_id = "tasks"."id" and c.deleted_at is null and ${teaches('c')}))`,
      classVisible: sql<boolean>`exists (select 1 from classes c where c.id = ${classId} and c.school_id = "tasks"."school_id" and c.deleted_at is null
        and (${teacher} is null or ${teaches('c')}))`,
      // the class as the task lists it (tasksRepo.classesOf): null when the task does not reach it
      className: sql<string | null>`(select c.name from task_classes tc join classes c on c.id = tc.class_id where tc.task_id = "tasks"."id" and tc.class_id = ${classId})`,
    })
    .from(tasks)
    .where(and(eq(tasks.id, sql`${sql.placeholder('taskId')}::int`), eq(tasks.schoolId, sql`${sql.placeholder('schoolId')}::int`), isNull(tasks.deletedAt)));
const scopeStatement = preparedPerDatabase((db: Executor) => taskClassScopeQuery(db).prepare('zp_task_class_scope'));

export type TaskClassScopeRow = Awaited<ReturnType<ReturnType<typeof scopeStatement>['execute']>>[number];

export const taskClassScopeRepo = {
  /** The task (undefined when it is not the school's or gone) with whether the caller sees it and the class, and the class's name in the task. */
  async find(db: Executor, schoolId: number, teacherIdentityId: number | null, taskId: number, cls: number): Promise<TaskClassScopeRow | undefined> {
    const [row] = await scopeStatement(db).execute({ schoolId, teacher: teacherIdentityId, taskId, classId: cls });
    return row;
  },
};

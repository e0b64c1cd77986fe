import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { classes, identities, semesters, taskClasses, tasks } from '../db/schema';
import { preparedPerDatabase } from './prepared-per-database';
import type { TaskFilter, TaskViewRow } from './tasks';

// The task board (tasks/list) in named statements prepared once per database: every filter of
// tasksRepo's TaskFilter is a placeholder that may be null, so one statement serves them all.

const p = {
  schoolId: sql`${sql.placeholder('schoolId')}::int`,
  teacher: sql`${sql.placeholder('teacher')}::int`,
  classId: sql`${sql.placeholder('classId')}::int`,
  status: sql`${sql.placeholder('status')}::text`,
  now: sql`${sql.placeholder('now')}::timestamptz`,
  title: sql`${sql.placeholder('title')}::text`,
};

/** A class the identity teaches (main teacher or a class_teachers row), as classesRepo's taughtBy says. */
const teaches = (cls: string) => sql`(${sql.raw(cls)}.main_teacher_id = ${p.teacher} or exists (select 1 from class_teachers ct where ct.class_id = ${sql.raw(cls)}.id and ct.identity_id = ${p.teacher}))`;

// tasksRepo's where(): the school, live, a scoped teacher's own or taught tasks, a class, the status at
// `now`, a title. Columns are named in full: drizzle leaves them unqualified in a single-table select,
// where a subquery's own columns would shadow them.
const filter = and(
  eq(tasks.schoolId, p.schoolId),
  isNull(tasks.deletedAt),
  sql`(${p.teacher} is null or "tasks"."creator_identity_id" = ${p.teacher} or exists (select 1 from task_classes tc join classes c on c.id = tc.class_id where tc.task_id = "tasks"."id" and c.deleted_at is null and ${teaches('c')}))`,
  sql`(${p.classId} is null or exists (select 1 from task_classes tc where tc.task_id = "tasks"."id" and tc.class_id = ${p.classId}))`,
  sql`(${p.status} is null or (${p.status} = 'scheduled' and "tasks"."status" = 'scheduled' and "tasks"."release_at" > ${p.now}) or (${p.status} = 'released' and ("tasks"."status" = 'released' or "tasks"."release_at" <= ${p.now})))`,
  sql`(${p.title} is null or "tasks"."title" ilike ${p.title})`,
);

const totalStatement = preparedPerDatabase((db: Executor) => db.select({ total: sql<number>`count(*)::int` }).from(tasks).where(filter).prepare('zp_task_board_total'));

/** The board page's query (placeholders of taskBoardRepo.page); exported for the EXPLAIN tests. */
export const taskBoardPageQuery = (db: Executor) =>
  db
    .select({ t: tasks, creatorName: identities.teacherName, semesterYear: semesters.year, semesterTerm: semesters.term })
    .from(tasks)
    .innerJoin(identities, eq(identities.id, tasks.creatorIdentityId))
    .leftJoin(semesters, eq(semesters.id, tasks.semesterId))
    .where(filter)
    .orderBy(desc(tasks.releaseAt), desc(tasks.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
const pageStatement = preparedPerDatabase((db: Executor) => taskBoardPageQuery(db).prepare('zp_task_board_page'));

const classesStatement = preparedPerDatabase((db: Executor) =>
  db
    .select({ taskId: taskClasses.taskId, id: classes.id, name: classes.name })
    .from(taskClasses)
    .innerJoin(classes, eq(classes.id, taskClasses.classId))
    .where(sql`${taskClasses.taskId} = any(${sql.placeholder('taskIds')}::int[])`)
    .orderBy(asc(classes.grade), asc(classes.name))
    .prepare('zp_task_board_classes'),
);

const taughtStatement = preparedPerDatabase((db: Executor) =>
  db
    .select({ id: classes.id })
    .from(classes)
    .where(and(sql`${classes.id} = any(${sql.placeholder('ids')}::int[])`, eq(classes.schoolId, p.schoolId), isNull(classes.deletedAt), teaches('"classes"')))
    .prepare('zp_task_board_taught'),
);

const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** SQL of the task board; the service checks permissions and shapes the answer. */
export const taskBoardRepo = {
  async page(db: Executor, f: TaskFilter, pageNum: number, pageSize: number): Promise<{ rows: TaskViewRow[]; total: number }> {
    const values = {
      schoolId: f.schoolId,
      teacher: f.teacherIdentityId ?? null,
      classId: f.classId ?? null,
      status: f.status ?? null,
      now: (f.now ?? new Date()).toISOString(),
      title: f.title ? `%${f.title.replace(/[%_\\]/g, '\\$&')}%` : null,
    };
    const [[{ total } = { total: 0 }], rows] = await Promise.all([
      totalStatement(db).execute(values),
      pageStatement(db).execute({ ...values, limit: pageSize, offset: (pageNum - 1) * pageSize }),
    ]);
    return { rows, total };
  },
  async classesOf(db: Executor, taskIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
    const out = new Map<number, { id: number; name: string }[]>();
    if (!taskIds.length) return out;
    for (const r of await classesStatement(db).execute({ taskIds: intArray(taskIds) })) {
      let list = out.get(r.taskId);
      if (!list) out.set(r.taskId, (list = []));
      list.push({ id: r.id, name: r.name });
    }
    return out;
  },
  /** Ids among `ids` of live classes of the school the identity teaches. */
  async taughtIds(db: Executor, schoolId: number, teacherIdentityId: number, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    return (await taughtStatement(db).execute({ schoolId, teacher: teacherIdentityId, ids: intArray(ids) })).map((r) => r.id);
  },
};

import { and, asc, desc, eq, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { classes, identities, semesters, students, taskClasses, tasks } from '../db/schema';
import { taughtBy } from './classes';

export type TaskRow = typeof tasks.$inferSelect;

export interface TaskFilter {
  schoolId: number;
  /** A teacher sees tasks they created or that reach a class they teach. */
  teacherIdentityId?: number;
  classId?: number;
  /** The status at `now` (a due scheduled task counts as released: taskStatusAt). */
  status?: 'scheduled' | 'released';
  now?: Date;
  title?: string;
}

function where(f: TaskFilter): SQL {
  const parts: (SQL | undefined)[] = [eq(tasks.schoolId, f.schoolId), isNull(tasks.deletedAt)];
  if (f.teacherIdentityId !== undefined) {
    parts.push(
      or(
        eq(tasks.creatorIdentityId, f.teacherIdentityId),
        sql`exists (select 1 from task_classes tc join classes on classes.id = tc.class_id where tc.task_id = "tasks"."id" and classes.deleted_at is null and ${taughtBy(f.teacherIdentityId)})`,
      ),
    );
  }
  if (f.classId !== undefined) parts.push(sql`exists (select 1 from task_classes tc where tc.task_id = "tasks"."id" and tc.class_id = ${f.classId})`);
  if (f.status) {
    const now = f.now ?? new Date();
    parts.push(f.status === 'scheduled' ? and(eq(tasks.status, 'scheduled'), gt(tasks.releaseAt, now)) : or(eq(tasks.status, 'released'), lte(tasks.releaseAt, now)));
  }
  if (f.title) parts.push(ilike(tasks.title, `%${f.title.replace(/[%_\\]/g, '\\$&')}%`));
  return and(...parts)!;
}

const view = { t: tasks, creatorName: identities.teacherName, semesterYear: semesters.year, semesterTerm: semesters.term };
export type TaskViewRow = { t: TaskRow; creatorName: string; semesterYear: number | null; semesterTerm: number | null };

/** SQL for essay tasks, their class scope and the scheduled release. */
export const tasksRepo = {
  /** Releases every scheduled task whose time has come, in one UPDATE; returns how many. */
  async releaseDue(db: Executor, now: Date): Promise<number> {
    const rows = await db
      .update(tasks)
      .set({ status: 'released', updatedAt: sql`now()` })
      .where(and(eq(tasks.status, 'scheduled'), lte(tasks.releaseAt, now), isNull(tasks.deletedAt)))
      .returning({ id: tasks.id });
    return rows.length;
  },
  async page(db: Executor, f: TaskFilter, pageNum: number, pageSize: number): Promise<{ rows: TaskViewRow[]; total: number }> {
    const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(tasks).where(where(f));
    const rows = await db
      .select(view)
      .from(tasks)
      .innerJoin(identities, eq(identities.id, tasks.creatorIdentityId))
      .leftJoin(semesters, eq(semesters.id, tasks.semesterId))
      .where(where(f))
      .orderBy(desc(tasks.releaseAt), desc(tasks.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { rows, total };
  },
  async find(db: Executor, f: TaskFilter, id: number): Promise<TaskViewRow | undefined> {
    const [row] = await db
      .select(view)
      .from(tasks)
      .innerJoin(identities, eq(identities.id, tasks.creatorIdentityId))
      .leftJoin(semesters, eq(semesters.id, tasks.semesterId))
      .where(and(where(f), eq(tasks.id, id)));
    return row;
  },
  async classesOf(db: Executor, taskIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
    const out = new Map<number, { id: number; name: string }[]>();
    if (!taskIds.length) return out;
    const rows = await db
      .select({ taskId: taskClasses.taskId, id: classes.id, name: classes.name })
      .from(taskClasses)
      .innerJoin(classes, eq(classes.id, taskClasses.classId))
      .where(inArray(taskClasses.taskId, taskIds))
      .orderBy(asc(classes.grade), asc(classes.name));
    for (const r of rows) out.set(r.taskId, [...(out.get(r.taskId) ?? []), { id: r.id, name: r.name }]);
    return out;
  },
  /** Live students per class of each task: the statistics base until essays exist (product-rules.md#essay-intake). */
  async studentsPerClass(db: Executor, taskIds: number[]) {
    if (!taskIds.length) return [];
    return db
      .select({ taskId: taskClasses.taskId, classId: classes.id, className: classes.name, students: sql<number>`count(${students.id})::int` })
      .from(taskClasses)
      .innerJoin(classes, eq(classes.id, taskClasses.classId))
      .leftJoin(students, and(eq(students.classId, classes.id), isNull(students.deletedAt)))
      .where(inArray(taskClasses.taskId, taskIds))
      .groupBy(taskClasses.taskId, classes.id, classes.name, classes.grade)
      .orderBy(asc(classes.grade), asc(classes.name));
  },
  async insert(db: Executor, values: typeof tasks.$inferInsert, classIds: number[]): Promise<TaskRow> {
    const [row] = await db.insert(tasks).values(values).returning();
    await db.insert(taskClasses).values(classIds.map((classId) => ({ taskId: row!.id, classId })));
    return row!;
  },
  async update(db: Executor, id: number, patch: Partial<typeof tasks.$inferInsert>, classIds?: number[]): Promise<void> {
    await db.update(tasks).set({ ...patch, updatedAt: sql`now()` }).where(eq(tasks.id, id));
    if (classIds) {
      await db.delete(taskClasses).where(eq(taskClasses.taskId, id));
      await db.insert(taskClasses).values(classIds.map((classId) => ({ taskId: id, classId })));
    }
  },
  async softDelete(db: Executor, id: number, at: Date): Promise<void> {
    await db.update(tasks).set({ deletedAt: at, updatedAt: sql`now()` }).where(eq(tasks.id, id));
  },
  /** Released tasks of a class, for the H5 student page. */
  releasedForClass(db: Executor, classId: number, now: Date) {
    return db
      .select()
      .from(tasks)
      .where(
        and(
          isNull(tasks.deletedAt),
          // a due scheduled task is released (taskStatusAt), whether or not the job wrote it yet
          lte(tasks.releaseAt, now),
          sql`exists (select 1 from task_classes tc where tc.task_id = "tasks"."id" and tc.class_id = ${classId})`,
        ),
      )
      .orderBy(desc(tasks.releaseAt), desc(tasks.id));
  },
};

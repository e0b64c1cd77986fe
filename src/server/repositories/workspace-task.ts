import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { autoCorrectionSettings, identities, scoringStandards, semesters, tasks } from '../db/schema';
import { preparedPerDatabase } from './prepared-per-database';

/**
 * The correction screen's task side in one prepared statement: the live task of the school (the rows of
 * tasksRepo.find with the school's filter), its scoring standard and creator's delay (correctionsRepo.taskFor)
 * and the name of the essay's class when live in the school (classesRepo.find). Three reads were three
 * round trips per open, each costing the server more CPU than the SQL.
 */
export async function workspaceTask(db: Executor, schoolId: number, taskId: number, classId: number) {
  const [row] = await statement(db).execute({ schoolId, taskId, classId });
  return row;
}
export type WorkspaceTaskRow = NonNullable<Awaited<ReturnType<typeof workspaceTask>>>;

/** The query (placeholders schoolId, taskId, classId); exported for the EXPLAIN tests. */
export const workspaceTaskQuery = (db: Executor) =>
  db
    .select({
      task: tasks,
      creatorName: identities.teacherName,
      semesterYear: semesters.year,
      semesterTerm: semesters.term,
      standard: scoringStandards,
      delay: { enabled: autoCorrectionSettings.enabled, waitSeconds: autoCorrectionSettings.waitSeconds },
      // the joins of classesRepo.find: a class without its campus or semester was not found there either
      className: sql<string | null>`(select c.name from classes c join campuses cp on cp.id = c.campus_id join semesters cs on cs.id = c.semester_id
        where c.id = ${sql.placeholder('classId')}::int and c.school_id = ${sql.placeholder('schoolId')}::int and c.deleted_at is null)`,
    })
    .from(tasks)
    .innerJoin(identities, eq(identities.id, tasks.creatorIdentityId))
    .leftJoin(semesters, eq(semesters.id, tasks.semesterId))
    .leftJoin(scoringStandards, eq(scoringStandards.id, tasks.scoringStandardId))
    .leftJoin(autoCorrectionSettings, eq(autoCorrectionSettings.identityId, tasks.creatorIdentityId))
    .where(and(eq(tasks.id, sql`${sql.placeholder('taskId')}::int`), eq(tasks.schoolId, sql`${sql.placeholder('schoolId')}::int`), isNull(tasks.deletedAt)));
const statement = preparedPerDatabase((db: Executor) => workspaceTaskQuery(db).prepare('zp_workspace_task'));

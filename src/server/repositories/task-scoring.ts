import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';
import { scoringStandards, tasks } from '../db/schema';
import { preparedPerDatabase } from './prepared-per-database';

// How tasks are scored (their scoring standard, else the product default), for many tasks in one
// named statement prepared once per database: statistics, the class report and growth records read
// it for one task or a student's dozen, where it was two queries built per task.

const own = alias(scoringStandards, 'own_standard');
const fallback = alias(scoringStandards, 'default_standard');
const standardColumns = (s: typeof own | typeof fallback) => ({ id: s.id, levelType: s.levelType, levelDim: s.levelDim, difficulty: s.difficulty });

const statement = preparedPerDatabase((db: Executor) =>
  db
    .select({ taskId: tasks.id, taskDifficulty: tasks.difficulty, standard: standardColumns(own), fallback: standardColumns(fallback) })
    .from(tasks)
    .leftJoin(own, eq(own.id, tasks.scoringStandardId))
    // the product's default standard (no school), as correctionsRepo.defaultStandard reads it
    .leftJoin(fallback, sql`${fallback.id} = (select s.id from scoring_standards s where s.school_id is null and s.is_default limit 1)`)
    .where(sql`${tasks.id} = any(${sql.placeholder('taskIds')}::int[])`)
    .prepare('zp_task_scoring'),
);

type Joined = { id: number | null; levelType: number | null; levelDim: string | null; difficulty: number | null } | null;
/** A left-joined standard, or null when the join found none. */
const present = (s: Joined) => (s && s.id !== null ? { levelType: s.levelType!, levelDim: s.levelDim!, difficulty: s.difficulty! } : null);

export interface TaskStandardRow {
  taskDifficulty: string;
  /** the task's own standard, else the default; null when neither exists */
  standard: { levelType: number; levelDim: string; difficulty: number } | null;
}

export const taskScoringRepo = {
  /** Each existing task's difficulty and the standard it is scored by. */
  async standards(db: Executor, taskIds: number[]): Promise<Map<number, TaskStandardRow>> {
    const out = new Map<number, TaskStandardRow>();
    if (!taskIds.length) return out;
    for (const r of await statement(db).execute({ taskIds: `{${taskIds.map((id) => Math.trunc(id)).join(',')}}` })) {
      out.set(r.taskId, { taskDifficulty: r.taskDifficulty, standard: present(r.standard) ?? present(r.fallback) });
    }
    return out;
  },
};

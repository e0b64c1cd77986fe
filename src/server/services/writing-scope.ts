import { CorrectionInputError, resolveStandard, type DimensionId, type ScoreType } from '../../correction/index';
import type { Executor } from '../db/database';
import { badRequest, notFound } from '../errors';
import { classesRepo } from '../repositories/classes';
import { taskClassScopeRepo } from '../repositories/task-class-scope';
import { taskScoringRepo } from '../repositories/task-scoring';
import { tasksRepo } from '../repositories/tasks';
import { isScopedTeacher } from './access';
import type { AuthContext } from './auth-context';
import { visibleClasses } from './class-service';
import type { ServiceDeps } from './deps';

/**
 * The task and the classes of it the caller may read, scoped like the writing list: a teacher sees
 * tasks they created or that reach a class they teach, and only the classes they teach; class staff
 * and headmasters the whole school. Anything else is 404; a class the task does not reach is 400.
 * Without `classId`, every class of the task the caller may see (404 when there is none).
 */
export async function taskClassesInScope(deps: Pick<ServiceDeps, 'db' | 'now'>, auth: AuthContext, taskId: number, classId?: number) {
  const db = deps.db;
  if (classId !== undefined) {
    // one class (statistics, the class report): one prepared statement for the task and the class
    const row = await taskClassScopeRepo.find(db, auth.school.id, isScopedTeacher(auth) ? auth.identity.id : null, taskId, classId);
    if (!row?.taskVisible || !row.classVisible) throw notFound();
    if (row.className === null) throw badRequest('CLASS_NOT_IN_TASK', 'essay.classNotInTask');
    return { task: row.t, classes: [{ id: classId, name: row.className }] };
  }
  const task = await tasksRepo.find(db, { schoolId: auth.school.id, ...(isScopedTeacher(auth) ? { teacherIdentityId: auth.identity.id } : {}) }, taskId);
  if (!task) throw notFound();
  const ofTask = (await tasksRepo.classesOf(db, [taskId])).get(taskId) ?? [];
  const allowed = new Set(await classesRepo.allowedIds(db, visibleClasses(auth), ofTask.map((c) => c.id)));
  const classes = ofTask.filter((c) => allowed.has(c.id));
  if (!classes.length) throw notFound();
  return { task: task.t, classes };
}

export interface TaskScoringInfo {
  scoreType: ScoreType;
  /** full mark of the total for score type 3 */
  fullMark: number | null;
  dimensions: DimensionId[];
}

/** How one task is scored (taskScoringInfos); 404 when the task is gone. */
export async function taskScoringInfo(db: Executor, taskId: number): Promise<TaskScoringInfo> {
  const info = (await taskScoringInfos(db, [taskId])).get(taskId);
  if (!info) throw notFound();
  return info;
}

/**
 * How each task is scored, read the way the ai-correction job reads it: the task's scoring standard
 * (else the product default) through resolveStandard, a standard the engine cannot read falling back
 * to its score type's default dimensions. One prepared statement for all the tasks; a missing task
 * has no entry.
 */
export async function taskScoringInfos(db: Executor, taskIds: number[]): Promise<Map<number, TaskScoringInfo>> {
  const out = new Map<number, TaskScoringInfo>();
  for (const [taskId, info] of await taskScoringRepo.standards(db, [...new Set(taskIds)])) {
    const standard = info.standard;
    const base = { transcript: '', difficulty: (standard ? (standard.difficulty === 1 ? 1 : 0) : info.taskDifficulty === 'hard' ? 1 : 0) as 0 | 1 };
    let std: ReturnType<typeof resolveStandard>;
    if (!standard) std = resolveStandard(base);
    else {
      const scoreType = standard.levelType as ScoreType;
      try {
        std = resolveStandard({ ...base, scoreType, dimensions: standard.levelDim.split(/[,，]/).map((d) => d.trim()).filter(Boolean) });
      } catch (err) {
        if (!(err instanceof CorrectionInputError)) throw err;
        std = resolveStandard({ ...base, scoreType });
      }
    }
    out.set(taskId, { scoreType: std.scoreType, fullMark: std.scoreType === 3 ? (std.fullMark ?? 100) : null, dimensions: std.dimensions });
  }
  return out;
}

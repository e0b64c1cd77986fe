import { sharedRateLimit } from './security/shared-rate-limit';
import { UNIT_TASK_TYPES, type StatusCounts, type TaskBody } from '../../core/api/contracts/tasks';
import { badRequest, forbidden, notFound } from '../errors';
import { classesRepo } from '../repositories/classes';
import { promptBankRepo } from '../repositories/prompt-bank';
import { schoolsRepo } from '../repositories/schools';
import { scoringRepo } from '../repositories/scoring';
import { taskStatusAt } from './task-status';
import { tasksRepo, type TaskFilter, type TaskViewRow } from '../repositories/tasks';
import { taskBoardRepo } from '../repositories/task-board';
import { essaysRepo } from '../repositories/essays';
import { can, isScopedTeacher, requireAny } from './access';
import type { AuthContext } from './auth-context';
import { semesterIdString, semesterNumericId, visibleClasses } from './class-service';
import { assertSchoolActive } from './school-expiry';
import type { ServiceDeps } from './deps';
import { deriveCounts, type StatusBuckets } from '../../core/tasks/status-counts';

type ParsedTaskBody = Omit<TaskBody, 'type' | 'difficulty' | 'material' | 'requirements' | 'guidance' | 'scheduled'> & {
  type: NonNullable<TaskBody['type']>;
  difficulty: NonNullable<TaskBody['difficulty']>;
  material: string;
  requirements: string[];
  guidance: string;
  scheduled: boolean;
};

/** Counts of a class with no essay yet: every student is notSubmitted. */
export function emptyCounts(students: number): StatusCounts {
  return deriveCounts({ students, submitted: 0, abnormal: 0, awaitingAi: 0, aiDone: 0, approved: 0, revisionRequested: 0 });
}
/** Counts of one class from essaysRepo.countsPerClass (latest draft per live student). */
function countsOf(p: StatusBuckets): StatusCounts {
  return deriveCounts(p);
}
function sum(list: StatusCounts[]): StatusCounts {
  const out = emptyCounts(0);
  for (const c of list) for (const k of Object.keys(out) as (keyof StatusCounts)[]) out[k] += c[k];
  return out;
}

/** Essay tasks: assignment rules, scope of classes, scheduled release and the task board views. */
/** The H5 join page's limits per address (in the database, shared by every process). */
export const H5_CLASS_LIMITS = { perIp: { max: 30, windowMs: 60_000 }, missesPerIp: { max: 20, windowMs: 3_600_000 } };

export function taskService(deps: ServiceDeps) {
  const db = deps.db;
  const filterFor = (auth: AuthContext): TaskFilter => ({ schoolId: auth.school.id, ...(isScopedTeacher(auth) ? { teacherIdentityId: auth.identity.id } : {}) });

  async function views(auth: AuthContext, rows: TaskViewRow[]) {
    const ids = rows.map((r) => r.t.id);
    // the board's hot path: statements prepared once (task-board.ts, essaysRepo.countsPerClass)
    const [scope, perClass] = await Promise.all([taskBoardRepo.classesOf(db, ids), essaysRepo.countsPerClass(db, ids)]);
    const mine = isScopedTeacher(auth) ? new Set(await taskBoardRepo.taughtIds(db, auth.school.id, auth.identity.id, [...new Set([...scope.values()].flat().map((c) => c.id))])) : null;
    const now = deps.now();
    return rows.map(({ t, creatorName, semesterYear, semesterTerm }) => {
      const classes = scope.get(t.id) ?? [];
      const status = taskStatusAt(t, now);
      return {
        id: t.id,
        title: t.title,
        type: t.type as TaskBody['type'] & string,
        genre: t.genre,
        grade: t.grade,
        unit: t.unit,
        semesterId: t.semesterId && semesterYear !== null && semesterTerm !== null ? semesterIdString({ id: t.semesterId, year: semesterYear, term: semesterTerm }) : null,
        difficulty: t.difficulty as 'easy' | 'normal' | 'hard',
        material: t.material,
        requirements: t.requirements,
        guidance: t.guidance,
        releaseAt: t.releaseAt.toISOString(),
        deadline: t.deadline.toISOString(),
        scheduled: t.scheduled,
        status,
        visibleToStudents: status === 'released' && t.releaseAt <= now,
        scoringStandardId: t.scoringStandardId,
        sourceId: t.sourceId,
        classes,
        creatorId: t.creatorIdentityId,
        creatorName,
        canEdit: can(auth, 'task', 'edit') && (!mine || t.creatorIdentityId === auth.identity.id || classes.every((c) => mine.has(c.id))),
        counts: sum(perClass.filter((p) => p.taskId === t.id).map(countsOf)),
        createdTime: t.createdAt.toISOString(),
        updatedTime: t.updatedAt.toISOString(),
      };
    });
  }

  /** Validates the form beyond its shape: unit, times, classes in the caller's scope, standard, source. */
  async function check(auth: AuthContext, body: ParsedTaskBody, current?: { releaseAt: Date; status: string }) {
    if (UNIT_TASK_TYPES.includes(body.type) && !body.unit) throw badRequest('VALIDATION', 'task.unitRequired');
    const now = deps.now();
    let releaseAt: Date;
    if (body.scheduled) {
      if (!body.releaseAt) throw badRequest('VALIDATION', 'task.scheduleInPast');
      releaseAt = new Date(body.releaseAt);
      const unchanged = current && current.status === 'scheduled' && +current.releaseAt === +releaseAt;
      if (releaseAt <= now && !unchanged) throw badRequest('SCHEDULE_IN_PAST', 'task.scheduleInPast');
    } else {
      // Published at once (a released task keeps its release time when modified).
      releaseAt = current && current.status === 'released' ? current.releaseAt : now;
    }
    const deadline = new Date(body.deadline!);
    if (deadline <= releaseAt) throw badRequest('DEADLINE_BEFORE_RELEASE', 'task.deadlineBeforeRelease');
    const classIds = [...new Set(body.classIds)];
    const allowed = await classesRepo.allowedIds(db, visibleClasses(auth), classIds);
    if (allowed.length !== classIds.length) throw forbidden();
    let semesterId: number | null = null;
    if (body.semesterId !== undefined && body.semesterId !== null) {
      const s = await classesRepo.semester(db, auth.school.id, semesterNumericId(body.semesterId));
      if (!s) throw badRequest('VALIDATION', 'class.semesterRequired');
      semesterId = s.id;
    } else {
      semesterId = (await classesRepo.currentSemester(db, auth.school.id))?.id ?? null;
    }
    if (body.scoringStandardId && !(await scoringRepo.visible(db, auth, body.scoringStandardId))) throw badRequest('SCORING_STANDARD_UNKNOWN', 'task.scoringStandardUnknown');
    if (body.sourceId && !(await promptBankRepo.visible(db, auth.identity.id, body.sourceId))) throw badRequest('SOURCE_UNKNOWN', 'task.sourceUnknown');
    const status = releaseAt > now ? 'scheduled' : 'released';
    return {
      classIds,
      values: {
        title: body.title,
        type: body.type,
        genre: body.genre,
        grade: body.grade,
        unit: body.unit ?? null,
        semesterId,
        difficulty: body.difficulty,
        material: body.material,
        requirements: body.requirements,
        guidance: body.guidance,
        releaseAt,
        deadline,
        scheduled: body.scheduled,
        status,
        scoringStandardId: body.scoringStandardId ?? null,
        sourceId: body.sourceId ?? null,
      },
    };
  }

  async function visible(auth: AuthContext, id: number) {
    requireAny(auth, ['task', 'query']);
    const row = await tasksRepo.find(db, filterFor(auth), id);
    if (!row) throw notFound();
    return row;
  }
  async function writable(auth: AuthContext, id: number, action: 'edit' | 'delete') {
    requireAny(auth, ['task', action]);
    const row = await visible(auth, id);
    const [view] = await views(auth, [row]);
    if (!view!.canEdit) throw forbidden();
    return row;
  }

  return {
    async page(auth: AuthContext, q: { pageNum: number; pageSize: number; classId?: number; status?: 'scheduled' | 'released'; title?: string }) {
      requireAny(auth, ['task', 'query'], ['workbench', 'query']);
      const { rows, total } = await taskBoardRepo.page(db, { ...filterFor(auth), classId: q.classId, status: q.status, title: q.title, now: deps.now() }, q.pageNum, q.pageSize);
      return { list: await views(auth, rows), total, pageNum: q.pageNum, pageSize: q.pageSize };
    },
    async get(auth: AuthContext, id: number) {
      return (await views(auth, [await visible(auth, id)]))[0]!;
    },
    async add(auth: AuthContext, body: ParsedTaskBody) {
      requireAny(auth, ['task', 'add']);
      requireAny(auth, ['taskBasis', 'add']);
      const { values, classIds } = await check(auth, body);
      const row = await db.transaction((tx) => tasksRepo.insert(tx, { ...values, schoolId: auth.school.id, creatorIdentityId: auth.identity.id }, classIds));
      return this.get(auth, row.id);
    },
    async update(auth: AuthContext, id: number, body: ParsedTaskBody) {
      const current = await writable(auth, id, 'edit');
      const { values, classIds } = await check(auth, body, { releaseAt: current.t.releaseAt, status: taskStatusAt(current.t, deps.now()) });
      await db.transaction((tx) => tasksRepo.update(tx, id, values, classIds));
      return this.get(auth, id);
    },
    async remove(auth: AuthContext, id: number) {
      await writable(auth, id, 'delete');
      await tasksRepo.softDelete(db, id, deps.now());
      return { deleted: 1 };
    },
    async statistics(auth: AuthContext, id: number) {
      const row = await visible(auth, id);
      const per = await essaysRepo.countsPerClass(db, [id]);
      const classes = per.map((p) => ({ classId: p.classId, className: p.className, ...countsOf(p) }));
      return { taskId: id, status: taskStatusAt(row.t, deps.now()), totals: sum(classes), classes };
    },
    /** The H5 join page: the class behind a join code and its released tasks (never scheduled ones). */
    async h5Class(code: string, ip: string) {
      const now = deps.now();
      // Per address: requests, and wrong codes (guessing class codes) far fewer.
      await sharedRateLimit.hit(db, `h5class:ip:${ip}`, H5_CLASS_LIMITS.perIp, now);
      await sharedRateLimit.refuseIfOver(db, `h5class:miss:${ip}`, H5_CLASS_LIMITS.missesPerIp, now);
      const cls = await classesRepo.findByCode(db, code);
      if (!cls) {
        await sharedRateLimit.hit(db, `h5class:miss:${ip}`, H5_CLASS_LIMITS.missesPerIp, now);
        throw notFound();
      }
      await assertSchoolActive(db, cls.schoolId);
      const school = await schoolsRepo.findById(db, cls.schoolId);
      const rows = await tasksRepo.releasedForClass(db, cls.id, now);
      return {
        classId: cls.id,
        className: cls.name,
        schoolName: school?.name ?? '',
        tasks: rows.map((t) => ({ id: t.id, title: t.title, genre: t.genre, releaseAt: t.releaseAt.toISOString(), deadline: t.deadline.toISOString(), requirements: t.requirements, guidance: t.guidance, material: t.material })),
      };
    },
  };
}
export type TaskService = ReturnType<typeof taskService>;

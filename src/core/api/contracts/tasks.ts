import { z } from 'zod';
import { semesterRef, semesterIdString } from './classes';
import { pageQuery } from './paging';

/** Essay tasks (/teacherIndex/assignTask, /homework/assignTask) and the teacher home task board. */

export const TASK_TYPES = ['textbookUnit', 'fiveFourUnit', 'selfSet'] as const;
export const DIFFICULTIES = ['easy', 'normal', 'hard'] as const;
/** Task types whose topic comes from a textbook unit: the unit is required (请选择单元). */
export const UNIT_TASK_TYPES: readonly string[] = ['textbookUnit', 'fiveFourUnit'];

const isoDate = z.iso.datetime({ offset: true });

/**
 * Assign / modify form. Missing fields answer the product-rules.md#validation messages: 请填写作文题目！, 请选择作文体裁！,
 * 请选择提交截止时间！, 请先选择年级, 请选择单元 (textbook and five-four unit essays).
 */
export const taskBody = z.object({
  title: z.string({ error: 'task.titleRequired' }).trim().min(1, { error: 'task.titleRequired' }).max(100),
  type: z.enum(TASK_TYPES).default('selfSet'),
  genre: z.string({ error: 'task.genreRequired' }).trim().min(1, { error: 'task.genreRequired' }).max(30),
  grade: z.number({ error: 'task.gradeRequired' }).int().min(1, { error: 'task.gradeRequired' }).max(12, { error: 'task.gradeRequired' }),
  unit: z.number().int().min(1).max(12).nullish(),
  semesterId: semesterRef.nullish(),
  difficulty: z.enum(DIFFICULTIES).default('normal'),
  material: z.string().max(5000).default(''),
  /** Numbered 1. 2. 3. in the form: at most 5, about 15 characters each (product-rules.md#validation). */
  requirements: z.array(z.string().trim().min(1).max(100)).max(5, { error: 'task.requirementsTooMany' }).default([]),
  guidance: z.string().max(5000).default(''),
  /** Release time; absent = now. With `scheduled`, it must lie in the future. */
  releaseAt: isoDate.nullish(),
  deadline: z.iso.datetime({ offset: true, error: 'task.deadlineRequired' }),
  /** Regular publishing: released by the background job at releaseAt. */
  scheduled: z.boolean().default(false),
  /** Rating type: a scoring standard id (mScoringLevel). */
  scoringStandardId: z.number().int().positive().nullish(),
  /** The prompt-bank source the title was picked from, if any. */
  sourceId: z.number().int().positive().nullish(),
  classIds: z.array(z.number().int().positive(), { error: 'task.classesRequired' }).min(1, { error: 'task.classesRequired' }).max(50),
});
export type TaskBody = z.input<typeof taskBody>;
export const taskUpdateBody = taskBody.extend({ id: z.number().int().positive() });

/** Counts per essay status; with no essay yet (product-rules.md#essay-intake) every student in scope is notSubmitted. */
export const statusCounts = z.object({
  students: z.number().int(),
  submitted: z.number().int(),
  abnormal: z.number().int(),
  awaitingAi: z.number().int(),
  aiDone: z.number().int(),
  approved: z.number().int(),
  revisionRequested: z.number().int(),
  /** derived: aiDone + approved + revisionRequested (core/tasks/status-counts) */
  aiCorrected: z.number().int(),
  notSubmitted: z.number().int(),
});
export type StatusCounts = z.infer<typeof statusCounts>;

export const task = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(TASK_TYPES),
  genre: z.string(),
  grade: z.number().int(),
  unit: z.number().int().nullable(),
  semesterId: semesterIdString.nullable(),
  difficulty: z.enum(DIFFICULTIES),
  material: z.string(),
  requirements: z.array(z.string()),
  guidance: z.string(),
  releaseAt: z.string(),
  deadline: z.string(),
  scheduled: z.boolean(),
  status: z.enum(['scheduled', 'released']),
  /** Released and visible on the students' H5 page. */
  visibleToStudents: z.boolean(),
  scoringStandardId: z.number().int().nullable(),
  sourceId: z.number().int().nullable(),
  classes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  creatorId: z.number().int(),
  creatorName: z.string(),
  /** The caller may modify or delete it. */
  canEdit: z.boolean(),
  counts: statusCounts,
  createdTime: z.string(),
  updatedTime: z.string(),
});
export type Task = z.infer<typeof task>;

export const taskListQuery = pageQuery.extend({
  classId: z.coerce.number().int().positive().optional(),
  status: z.enum(['scheduled', 'released']).optional(),
  title: z.string().trim().max(100).optional(),
});

export const taskStatistics = z.object({
  taskId: z.number().int(),
  status: z.enum(['scheduled', 'released']),
  totals: statusCounts,
  classes: z.array(statusCounts.extend({ classId: z.number().int(), className: z.string() })),
});
export type TaskStatistics = z.infer<typeof taskStatistics>;

/** The H5 student page (`/teaching/h5/join?code=`): the class and its released tasks. Public, by class code. */
export const h5ClassQuery = z.object({ code: z.string().trim().min(4).max(16) });
export const h5Class = z.object({
  classId: z.number().int(),
  className: z.string(),
  schoolName: z.string(),
  tasks: z.array(z.object({ id: z.number().int(), title: z.string(), genre: z.string(), releaseAt: z.string(), deadline: z.string(), requirements: z.array(z.string()), guidance: z.string(), material: z.string() })),
});

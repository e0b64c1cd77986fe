import { z } from 'zod';
import { option, paged, pageQuery, rowIdParam } from './paging';

/**
 * The school leaders' dashboards (product-rules.md#school-leaders): /headmaster home and the /teachingAdmin data pages.
 * Percents are on the 0–100 scale of the class statistics; rates are 0–1; null = nothing to measure.
 */

/** Filters of every dashboard: semester (default the current one), campus, grade. */
export const leaderFilterQuery = z.object({
  semesterId: rowIdParam().optional(),
  campusId: rowIdParam().optional(),
  grade: z.coerce.number().int().min(1).max(12).optional(),
});
export type LeaderFilter = z.infer<typeof leaderFilterQuery>;

export const sortOrder = z.enum(['asc', 'desc']);
const tableQuery = <K extends [string, ...string[]]>(keys: K) =>
  leaderFilterQuery.extend({ ...pageQuery.shape, sortBy: z.enum(keys).optional(), order: sortOrder.default('desc') });

/** The filters the page offers and the ones applied (the campus fixed for a campus-scoped identity). */
export const leaderScope = z.object({
  semesterId: z.number().int().nullable(),
  campusId: z.number().int().nullable(),
  grade: z.number().int().nullable(),
  semesters: z.array(option.extend({ isCurrent: z.boolean() })),
  campuses: z.array(option),
  grades: z.array(option),
  /** true when the identity is limited to one campus */
  campusFixed: z.boolean(),
  /** true while the background job brings the figures up to date (they are from before the latest changes) */
  refreshing: z.boolean().optional(),
});
export type LeaderScope = z.infer<typeof leaderScope>;

const band = z.object({ band: z.string(), label: z.string(), count: z.number().int() });

export const headmasterOverview = z.object({
  scope: leaderScope,
  tasks: z.number().int(),
  /** students × tasks reaching their class */
  expected: z.number().int(),
  submitted: z.number().int(),
  aiCorrected: z.number().int(),
  approved: z.number().int(),
  submissionRate: z.number().nullable(),
  aiRate: z.number().nullable(),
  approvalRate: z.number().nullable(),
  /** mean hours from submission to approval */
  turnaroundHours: z.number().nullable(),
  bandsByGrade: z.array(z.object({ grade: z.number().int(), label: z.string(), average: z.number().nullable(), bands: z.array(band) })),
  problems: z.array(z.object({ kind: z.string(), label: z.string(), essays: z.number().int() })),
  waiting: z.array(z.object({ teacherId: z.number().int(), name: z.string(), essays: z.number().int(), oldestAt: z.string(), waitingHours: z.number() })),
});
export type HeadmasterOverview = z.infer<typeof headmasterOverview>;

export const GRADE_SORT = ['grade', 'className', 'students', 'tasks', 'submissionRate', 'approvalRate', 'average'] as const;
export const gradeDataQuery = tableQuery([...GRADE_SORT]);
export const classRow = z.object({
  classId: z.number().int(),
  className: z.string(),
  grade: z.number().int(),
  gradeLabel: z.string(),
  campus: z.string(),
  students: z.number().int(),
  tasks: z.number().int(),
  expected: z.number().int(),
  submitted: z.number().int(),
  approved: z.number().int(),
  submissionRate: z.number().nullable(),
  approvalRate: z.number().nullable(),
  average: z.number().nullable(),
  dimensions: z.array(z.object({ id: z.string(), name: z.string(), average: z.number().nullable() })),
});
export type ClassRow = z.infer<typeof classRow>;
export const gradeData = z.object({
  scope: leaderScope,
  table: paged(classRow),
  grades: z.array(z.object({ grade: z.number().int(), label: z.string(), classes: z.number().int(), submissionRate: z.number().nullable(), approvalRate: z.number().nullable(), average: z.number().nullable() })),
  /** per month of the semester (YYYY-MM, China time): essays submitted and their mean final percent */
  trend: z.array(z.object({ month: z.string(), submitted: z.number().int(), average: z.number().nullable() })),
});
export type GradeData = z.infer<typeof gradeData>;

export const TEACHER_SORT = ['name', 'classes', 'tasks', 'approved', 'medianHours', 'changedRate', 'averageChange', 'comments'] as const;
export const teacherDataQuery = tableQuery([...TEACHER_SORT]);
export const teacherRow = z.object({
  teacherId: z.number().int(),
  name: z.string(),
  classes: z.number().int(),
  tasks: z.number().int(),
  approved: z.number().int(),
  /** median hours from submission to approval */
  medianHours: z.number().nullable(),
  /** share of approved essays whose total the teacher changed from the AI's */
  changedRate: z.number().nullable(),
  /** mean change in percent points (teacher − AI) where changed, and its mean size */
  averageChange: z.number().nullable(),
  averageAbsChange: z.number().nullable(),
  /** approved essays with a teacher comment, and sentence annotations written */
  comments: z.number().int(),
  annotations: z.number().int(),
});
export type TeacherRow = z.infer<typeof teacherRow>;
export const teacherData = z.object({ scope: leaderScope, table: paged(teacherRow) });
export type TeacherData = z.infer<typeof teacherData>;

export const STUDENT_SORT = ['grade', 'className', 'students', 'activeWriters', 'essaysPerStudent', 'words', 'growth'] as const;
export const studentDataQuery = tableQuery([...STUDENT_SORT]);
export const studentRow = z.object({
  classId: z.number().int(),
  className: z.string(),
  grade: z.number().int(),
  gradeLabel: z.string(),
  campus: z.string(),
  students: z.number().int(),
  /** students with at least one essay this semester */
  activeWriters: z.number().int(),
  essays: z.number().int(),
  essaysPerStudent: z.number().nullable(),
  words: z.number().int(),
  /** mean final percent of the semester's second half minus its first half */
  growth: z.number().nullable(),
});
export type StudentRow = z.infer<typeof studentRow>;
export const studentData = z.object({
  scope: leaderScope,
  table: paged(studentRow),
  grades: z.array(z.object({ grade: z.number().int(), label: z.string(), students: z.number().int(), activeWriters: z.number().int(), essays: z.number().int(), words: z.number().int(), growth: z.number().nullable() })),
});
export type StudentData = z.infer<typeof studentData>;

/** `?kind=` of the xlsx export: which table, with the same filters and sort. */
export const leaderExportQuery = leaderFilterQuery.extend({
  kind: z.enum(['grade', 'teacher', 'student']),
  sortBy: z.string().max(40).optional(),
  order: sortOrder.default('desc'),
});

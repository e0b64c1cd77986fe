/**
 * The shape of a generated district: how many schools, classes, teachers, students and tasks give
 * about the asked number of essays, in the proportions of a real term (see bench/README.md).
 */
export const CLASSES_PER_SCHOOL = 48;
export const STUDENTS_PER_CLASS = 50;
/** Each teacher teaches two classes of one grade and sets every task for both. */
export const CLASSES_PER_TEACHER = 2;
export const TEACHERS_PER_SCHOOL = CLASSES_PER_SCHOOL / CLASSES_PER_TEACHER;
/** Share of students who hand in a task, and of those who hand in a revised draft. */
export const SUBMIT_PERCENT = 95;
export const REVISION_PERCENT = 8;
/** Essays one task brings: two classes, 95 % handing in, 8 % of them twice. */
export const ESSAYS_PER_TASK = CLASSES_PER_TEACHER * STUDENTS_PER_CLASS * (SUBMIT_PERCENT / 100) * (1 + REVISION_PERCENT / 100);
/** One school's essays at 20 tasks per teacher: what a school writes in a term. */
const ESSAYS_PER_SCHOOL_TERM = TEACHERS_PER_SCHOOL * 20 * ESSAYS_PER_TASK;

export interface DistrictPlan {
  essays: number;
  schools: number;
  tasksPerTeacher: number;
  /** the generation's "now": task ages, statuses and times are relative to it */
  now: Date;
  semesterStart: Date;
}

/** Schools grow with the essays asked (21 for a million), then tasks per teacher fill the rest. */
export function planDistrict(essays: number, now: Date, schools?: number): DistrictPlan {
  const s = schools ?? Math.max(1, Math.min(21, Math.ceil(essays / ESSAYS_PER_SCHOOL_TERM)));
  const tasksPerTeacher = Math.max(1, Math.ceil(essays / (s * TEACHERS_PER_SCHOOL * ESSAYS_PER_TASK)));
  const semesterStart = new Date(now.getTime() - 88 * 86_400_000);
  return { essays, schools: s, tasksPerTeacher, now, semesterStart };
}

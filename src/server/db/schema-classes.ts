import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './schema-columns';
import { campuses, schools } from './schema-schools';
import { identities } from './schema-accounts';

/** Semesters, classes, their teachers, students and parents, and class sync runs. */

/** A school's semester: school year (e.g. 2025 = 2025–2026) and term 1 (first) or 2 (second). */
export const semesters = pgTable(
  'semesters',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    year: integer('year').notNull(),
    term: integer('term').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('semesters_unique').on(t.schoolId, t.year, t.term)],
);

export const classes = pgTable(
  'classes',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    campusId: integer('campus_id').notNull().references(() => campuses.id),
    semesterId: integer('semester_id').notNull().references(() => semesters.id),
    name: text('name').notNull(),
    /** 1–9, then 10–12 for senior high 1–3. */
    grade: integer('grade').notNull(),
    /** Main teacher: a teacher identity of the same school. */
    mainTeacherId: integer('main_teacher_id').references(() => identities.id),
    classDate: date('class_date', { mode: 'string' }),
    startTime: text('start_time'),
    endTime: text('end_time'),
    /** Code students type (or scan) to join the class on the H5 page. */
    classCode: text('class_code').notNull(),
    /** 'zhipi' = created in the product (sync never touches it), 'sync' = from the basic-data platform. */
    source: text('source').notNull().default('zhipi'),
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('classes_school_idx').on(t.schoolId, t.semesterId),
    uniqueIndex('classes_code_key').on(t.classCode),
    uniqueIndex('classes_external_key').on(t.schoolId, t.externalId).where(sql`${t.externalId} is not null`),
  ],
);

/** Teachers bound to a class besides its main teacher (mSchoolClassTeacher/binding). */
export const classTeachers = pgTable(
  'class_teachers',
  {
    classId: integer('class_id').notNull().references(() => classes.id),
    identityId: integer('identity_id').notNull().references(() => identities.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.identityId] }), index('class_teachers_identity_idx').on(t.identityId)],
);

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    classId: integer('class_id').notNull().references(() => classes.id),
    name: text('name').notNull(),
    /** 1 male, 2 female, 0 not given. */
    gender: integer('gender').notNull().default(0),
    /** Student id: at most 4 digits, unique in the class (product-rules.md#entities, #limits). */
    studentNo: text('student_no').notNull(),
    /** Unique identification number, unique in the school when given. */
    identificationNo: text('identification_no'),
    phone: text('phone'),
    source: text('source').notNull().default('zhipi'),
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('students_class_idx').on(t.classId),
    uniqueIndex('students_no_key').on(t.classId, t.studentNo).where(sql`${t.deletedAt} is null`),
    uniqueIndex('students_ident_key').on(t.schoolId, t.identificationNo).where(sql`${t.deletedAt} is null and ${t.identificationNo} is not null`),
    uniqueIndex('students_external_key').on(t.schoolId, t.externalId).where(sql`${t.externalId} is not null`),
  ],
);

export const parents = pgTable(
  'parents',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    relation: text('relation').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('parents_student_idx').on(t.studentId)],
);

/** One row per class sync run with its report (what the sync created, updated, removed). */
export const classSyncRuns = pgTable('class_sync_runs', {
  id: serial('id').primaryKey(),
  schoolId: integer('school_id').notNull().references(() => schools.id),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  report: jsonb('report'),
  error: text('error'),
});

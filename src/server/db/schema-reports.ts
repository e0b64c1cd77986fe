import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './schema-columns';
import { schools } from './schema-schools';
import { identities } from './schema-accounts';
import { classes, semesters, students } from './schema-classes';
import { tasks } from './schema-teaching';
import { essays } from './schema-essays';

/** Class report settings, parents' report links, leaders' essay facts and students' growth records. */

/** Which class-report sections a teacher includes (tasks/getTeacherReportConfig), per identity. */
export const reportConfigs = pgTable('report_configs', {
  identityId: integer('identity_id')
    .primaryKey()
    .references(() => identities.id),
  /** simple | full */
  mode: text('mode').notNull().default('simple'),
  /** section keys of the full report the teacher keeps (core/api/contracts/class-report.ts) */
  sections: text('sections').array().notNull(),
  updatedAt: updatedAt(),
});

/**
 * A parent's link to one student's report: the QR code carries `<id>.<HMAC(secret, id:nonce)>`, so it
 * cannot be derived from the student id; revoked by the teacher, expires at the end of the semester.
 */
export const parentReportLinks = pgTable(
  'parent_report_links',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdByIdentityId: integer('created_by_identity_id').notNull().references(() => identities.id),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('parent_report_links_student_idx').on(t.studentId)],
);


// School leaders' area (product-rules.md#school-leaders): one summary row per live essay for the headmaster dashboards, kept
// current from essays.updated_at (services/leaders/essay-facts.ts), so every figure is one SQL
// aggregate over indexed columns instead of reading corrections' JSON for the whole school.

/** What the dashboards read of an essay: where it belongs, its times, percents and problem kinds. */
export const essayFacts = pgTable(
  'essay_facts',
  {
    essayId: integer('essay_id').primaryKey().references(() => essays.id),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    campusId: integer('campus_id').notNull(),
    semesterId: integer('semester_id').notNull(),
    grade: integer('grade').notNull(),
    classId: integer('class_id').notNull(),
    taskId: integer('task_id').notNull(),
    studentId: integer('student_id').notNull(),
    /** the task's creator: the teacher who assigned it and reviews its essays */
    teacherId: integer('teacher_id').notNull(),
    /** who approved it (null until approved) */
    approverId: integer('approver_id'),
    draft: integer('draft').notNull(),
    /** the student's latest live draft of the task */
    isLatest: boolean('is_latest').notNull().default(true),
    status: text('status').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** the AI's result stands (statistics' AI_SCORED with a finished correction) */
    aiDone: boolean('ai_done').notNull(),
    aiPercent: doublePrecision('ai_percent'),
    teacherPercent: doublePrecision('teacher_percent'),
    /** teacher's if approved, else the AI's */
    finalPercent: doublePrecision('final_percent'),
    /** approved with a total different from the AI's, and by how many percent points (teacher − AI) */
    scoreChanged: boolean('score_changed').notNull().default(false),
    scoreDelta: doublePrecision('score_delta'),
    wordCount: integer('word_count'),
    /** teacher comment written (1/0) and sentence annotations the teacher added */
    commented: integer('commented').notNull().default(0),
    annotations: integer('annotations').notNull().default(0),
    /** { dimensionId: percent } */
    dimensions: jsonb('dimensions').notNull().default(sql`'{}'::jsonb`),
    /** problem kinds of the class statistics (wrongChar, punctuation, …) */
    problems: text('problems').array().notNull().default(sql`'{}'::text[]`),
    /** essays.updated_at this row was built from */
    sourceAt: timestamp('source_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('essay_facts_scope_idx').on(t.schoolId, t.semesterId, t.campusId, t.grade, t.classId),
    index('essay_facts_teacher_idx').on(t.schoolId, t.semesterId, t.teacherId),
    index('essay_facts_task_student_idx').on(t.taskId, t.studentId, t.draft),
  ],
);

/** Per school: the essays.updated_at up to which essay_facts is current. */
export const essayFactsWatermarks = pgTable('essay_facts_watermarks', {
  schoolId: integer('school_id').primaryKey().references(() => schools.id),
  watermark: timestamp('watermark', { withTimezone: true }).notNull(),
});

/**
 * What an approved essay adds to its student's growth record, taken at approval time (teacher scores
 * as percents, the AI's wrong characters, the teacher's good sentences and comment), so a profile of
 * hundreds of essays is read from one narrow table instead of the correction results.
 */
export const growthEntries = pgTable(
  'growth_entries',
  {
    essayId: integer('essay_id')
      .primaryKey()
      .references(() => essays.id),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    classId: integer('class_id').notNull().references(() => classes.id),
    semesterId: integer('semester_id').notNull().references(() => semesters.id),
    taskId: integer('task_id').notNull().references(() => tasks.id),
    taskTitle: text('task_title').notNull(),
    draft: integer('draft').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull(),
    wordCount: integer('word_count').notNull().default(0),
    /** the teacher's total as stored (a number or a level label) */
    score: text('score'),
    /** the teacher's total on the 0-100 scale (teacher-percent.ts) */
    scorePercent: integer('score_percent'),
    /** [{ id, percent }] per scoring dimension, on the 0-100 scale */
    dimensions: jsonb('dimensions').notNull().default(sql`'[]'::jsonb`),
    /** [{ wrong, fix }] wrong characters the correction found */
    wrongChars: jsonb('wrong_chars').notNull().default(sql`'[]'::jsonb`),
    /** [{ excerpt, text }] sentences the teacher marked good */
    goodSentences: jsonb('good_sentences').notNull().default(sql`'[]'::jsonb`),
    teacherComment: text('teacher_comment').notNull().default(''),
    /** the approved transcript: a later essay that writes a wrong character's fix shows it fixed */
    transcript: text('transcript').notNull().default(''),
  },
  (t) => [index('growth_entries_student_idx').on(t.studentId, t.semesterId, t.submittedAt)],
);

/** One student's growth record per semester (product-rules.md#entities), recomputed from growth_entries on every change. */
export const growthRecords = pgTable(
  'growth_records',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    tasksCompleted: integer('tasks_completed').notNull().default(0),
    essaysSubmitted: integer('essays_submitted').notNull().default(0),
    totalWords: integer('total_words').notNull().default(0),
    averagePercent: integer('average_percent'),
    lastApprovedAt: timestamp('last_approved_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.semesterId] }), index('growth_records_semester_idx').on(t.semesterId, t.schoolId)],
);

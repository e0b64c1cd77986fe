// Practice homework (练习作业) and classroom composition (课堂作文), product-rules.md#practice: short writing a teacher
// sets for a class, answered on the students' phones, with the AI's feedback at once (no approval).
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { schools } from './schema-schools';
import { identities } from './schema-accounts';
import { classes, students } from './schema-classes';
import { writingSources } from './schema-teaching';

/**
 * One practice (kind `practice`) or one timed in-class writing (kind `classroom`) for one class.
 * Submissions are accepted while `startedAt <= now < endsAt` and `endedAt` is null: a practice starts
 * when set and ends at its deadline; a classroom writing starts when the teacher presses start
 * (endsAt = start + duration) and ends at endsAt or when the teacher ends it.
 */
export const practices = pgTable(
  'practices',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    classId: integer('class_id').notNull().references(() => classes.id),
    creatorIdentityId: integer('creator_identity_id').notNull().references(() => identities.id),
    /** practice | classroom */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** The writing prompt the students see (material and requirements in the teacher's words). */
    prompt: text('prompt').notNull().default(''),
    /** The prompt-bank entry it came from, if any. */
    sourceId: integer('source_id').references(() => writingSources.id),
    genre: text('genre').notNull().default(''),
    grade: integer('grade').notNull(),
    /** Length target in Chinese characters (short: 50 to 1500). */
    minWords: integer('min_words').notNull(),
    /** '' or one of PRACTICE_FOCUSES (simile, personification, parallelism, opening, ending, description). */
    focus: text('focus').notNull().default(''),
    /** Classroom only: minutes from start to end. */
    durationMinutes: integer('duration_minutes'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Ended early by the teacher. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('practices_class_idx').on(t.classId, t.createdAt), index('practices_school_idx').on(t.schoolId, t.kind)],
);

/**
 * A student's attempt: typed text or photos, and the AI's feedback once the `practice-feedback` job
 * ran (status queued → running → done | failed). A practice takes up to PRACTICE_MAX_ATTEMPTS
 * attempts per student, a classroom writing one.
 */
export const practiceAttempts = pgTable(
  'practice_attempts',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id').notNull().references(() => practices.id),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    classId: integer('class_id').notNull().references(() => classes.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    attemptNo: integer('attempt_no').notNull(),
    /** typed | photo */
    source: text('source').notNull(),
    /** What the student typed (photo attempts: the OCR transcript once read). */
    text: text('text').notNull().default(''),
    fileIds: uuid('file_ids').array().notNull().default(sql`'{}'::uuid[]`),
    status: text('status').notNull().default('queued'),
    /** The AI feedback shown to the student and the teacher (PracticeFeedback in core contracts). */
    feedback: jsonb('feedback'),
    scorePercent: integer('score_percent'),
    wordCount: integer('word_count'),
    error: text('error'),
    teacherComment: text('teacher_comment').notNull().default(''),
    commentedAt: timestamp('commented_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    feedbackAt: timestamp('feedback_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('practice_attempts_no_key').on(t.practiceId, t.studentId, t.attemptNo), index('practice_attempts_student_idx').on(t.studentId, t.submittedAt)],
);

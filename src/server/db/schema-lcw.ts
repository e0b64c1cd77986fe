import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schools } from './schema-schools';
import { identities } from './schema-accounts';
import { classes, students } from './schema-classes';

// Etiquette test (礼仪测试, /lcwAts): a school's question bank, tests built from it for classes,
// and students' submissions. A test keeps its own copy of each question, so editing the bank later
// never changes a test students already took.

const at = (name: string) => timestamp(name, { withTimezone: true });

/** single | multiple | judge (true/false) | short (marked by the teacher). */
export type LcwQuestionKind = 'single' | 'multiple' | 'judge' | 'short';

/** The school's etiquette question bank (shared by its staff). */
export const lcwQuestions = pgTable(
  'lcw_questions',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    createdBy: integer('created_by').notNull().references(() => identities.id),
    kind: text('kind').$type<LcwQuestionKind>().notNull(),
    stem: text('stem').notNull(),
    /** Choice texts (single/multiple); empty for judge and short. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    /** Right answer: option indexes (single/multiple), [1] true / [0] false (judge), [] for short. */
    answer: jsonb('answer').$type<number[]>().notNull().default([]),
    /** Reference answer or explanation shown to the teacher (and to students after the deadline). */
    explanation: text('explanation').notNull().default(''),
    points: integer('points').notNull().default(5),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('lcw_questions_school_idx').on(t.schoolId)],
);

export const lcwTests = pgTable(
  'lcw_tests',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    createdBy: integer('created_by').notNull().references(() => identities.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Students may open it from this time (none = at once). */
    startsAt: at('starts_at'),
    /** Submissions after this time are refused. */
    deadline: at('deadline').notNull(),
    /** draft (editable, invisible to students) | published. */
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('lcw_tests_school_idx').on(t.schoolId)],
);

/** A test's own copy of its questions, in order. */
export const lcwTestQuestions = pgTable(
  'lcw_test_questions',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id').notNull().references(() => lcwTests.id),
    questionId: integer('question_id').references(() => lcwQuestions.id),
    position: integer('position').notNull(),
    kind: text('kind').$type<LcwQuestionKind>().notNull(),
    stem: text('stem').notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    answer: jsonb('answer').$type<number[]>().notNull().default([]),
    explanation: text('explanation').notNull().default(''),
    points: integer('points').notNull(),
  },
  (t) => [index('lcw_test_questions_test_idx').on(t.testId, t.position)],
);

export const lcwTestClasses = pgTable(
  'lcw_test_classes',
  {
    testId: integer('test_id').notNull().references(() => lcwTests.id),
    classId: integer('class_id').notNull().references(() => classes.id),
  },
  (t) => [uniqueIndex('lcw_test_classes_key').on(t.testId, t.classId), index('lcw_test_classes_class_idx').on(t.classId)],
);

/** One per student and test: inserted once, never replaced (answers are final after submission). */
export const lcwSubmissions = pgTable(
  'lcw_submissions',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    testId: integer('test_id').notNull().references(() => lcwTests.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    classId: integer('class_id').notNull().references(() => classes.id),
    submittedAt: at('submitted_at').notNull(),
    /** Sum of the scored answers so far (short answers count once marked). */
    score: integer('score').notNull().default(0),
    /** Short answers still waiting for the teacher. */
    pendingCount: integer('pending_count').notNull().default(0),
  },
  (t) => [uniqueIndex('lcw_submissions_once').on(t.testId, t.studentId), index('lcw_submissions_test_idx').on(t.testId)],
);

export const lcwAnswers = pgTable(
  'lcw_answers',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id').notNull().references(() => lcwSubmissions.id),
    testQuestionId: integer('test_question_id').notNull().references(() => lcwTestQuestions.id),
    /** Chosen option indexes (choice, judge) — the student's words for a short answer go in `text`. */
    choice: jsonb('choice').$type<number[]>().notNull().default([]),
    text: text('text').notNull().default(''),
    /** Right or wrong for scored kinds; null for a short answer. */
    correct: boolean('correct'),
    /** Points given; null while a short answer waits for marking. */
    score: integer('score'),
    teacherComment: text('teacher_comment').notNull().default(''),
    markedBy: integer('marked_by').references(() => identities.id),
    markedAt: at('marked_at'),
  },
  (t) => [
    uniqueIndex('lcw_answers_once').on(t.submissionId, t.testQuestionId),
    index('lcw_answers_pending_idx').on(t.testQuestionId).where(sql`${t.score} is null`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './schema-columns';
import { campuses, schools } from './schema-schools';
import { identities } from './schema-accounts';
import { classes, semesters } from './schema-classes';

/** Teaching material: textbooks, the prompt bank, scoring standards, tasks and their classes. */

export const textbooks = pgTable(
  'textbooks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    publisher: text('publisher').notNull(),
    subject: text('subject').notNull(),
    grade: integer('grade').notNull(),
    /** 1 first volume (上册), 2 second volume (下册). */
    term: integer('term').notNull(),
  },
  (t) => [uniqueIndex('textbooks_unique').on(t.publisher, t.subject, t.grade, t.term)],
);

export const classTextbooks = pgTable(
  'class_textbooks',
  {
    classId: integer('class_id').notNull().references(() => classes.id),
    textbookId: integer('textbook_id').notNull().references(() => textbooks.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.textbookId] })],
);

/** The prompt bank: public rows (school and owner null) and teachers' personal rows. */
export const writingSources = pgTable(
  'writing_sources',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').references(() => schools.id),
    ownerIdentityId: integer('owner_identity_id').references(() => identities.id),
    /** Stable key of a seeded public prompt, so seeding is idempotent. */
    seedKey: text('seed_key').unique(),
    copiedFromId: integer('copied_from_id'),
    title: text('title').notNull(),
    theme: text('theme').notNull(),
    topic: text('topic').notNull(),
    /** Genre value of the `genre` dictionary. */
    type: text('type').notNull(),
    grade: integer('grade').notNull(),
    unit: integer('unit'),
    term: integer('term'),
    requirements: text('requirements').array().notNull().default(sql`'{}'::text[]`),
    guidance: text('guidance').notNull().default(''),
    material: text('material').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('writing_sources_owner_idx').on(t.ownerIdentityId), index('writing_sources_grade_idx').on(t.grade, t.unit)],
);

/** mScoringLevel: score type 1–4, comma-joined dimensions, difficulty 0 normal / 1 hard. */
export const scoringStandards = pgTable('scoring_standards', {
  id: serial('id').primaryKey(),
  /** Null for the product's default standard. */
  schoolId: integer('school_id').references(() => schools.id),
  ownerIdentityId: integer('owner_identity_id').references(() => identities.id),
  name: text('name').notNull(),
  levelType: integer('level_type').notNull(),
  levelDim: text('level_dim').notNull(),
  difficulty: integer('difficulty').notNull().default(0),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    title: text('title').notNull(),
    /** textbookUnit | fiveFourUnit | selfSet */
    type: text('type').notNull(),
    genre: text('genre').notNull(),
    grade: integer('grade').notNull(),
    unit: integer('unit'),
    semesterId: integer('semester_id').references(() => semesters.id),
    /** easy | normal | hard */
    difficulty: text('difficulty').notNull().default('normal'),
    material: text('material').notNull().default(''),
    requirements: text('requirements').array().notNull().default(sql`'{}'::text[]`),
    guidance: text('guidance').notNull().default(''),
    sourceId: integer('source_id').references(() => writingSources.id),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    /** Regular publishing: released by the background job (or lazily on read) at releaseAt. */
    scheduled: boolean('scheduled').notNull().default(false),
    /** scheduled | released */
    status: text('status').notNull().default('released'),
    /** Rating type: the scoring standard id. */
    scoringStandardId: integer('scoring_standard_id').references(() => scoringStandards.id),
    creatorIdentityId: integer('creator_identity_id').notNull().references(() => identities.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('tasks_school_idx').on(t.schoolId, t.releaseAt), index('tasks_scheduled_idx').on(t.status, t.releaseAt)],
);

export const taskClasses = pgTable(
  'task_classes',
  {
    taskId: integer('task_id').notNull().references(() => tasks.id),
    classId: integer('class_id').notNull().references(() => classes.id),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.classId] }), index('task_classes_class_idx').on(t.classId)],
);

/** mTeacherScoreConfig: which scoring standard and full mark apply per school campus and key. */
export const teacherScoreConfigs = pgTable(
  'teacher_score_configs',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    campusId: integer('campus_id').notNull().references(() => campuses.id),
    key: text('key').notNull(),
    scoringStandardId: integer('scoring_standard_id').references(() => scoringStandards.id),
    fullMark: integer('full_mark').notNull().default(100),
    updatedByIdentityId: integer('updated_by_identity_id').references(() => identities.id),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('teacher_score_configs_unique').on(t.schoolId, t.campusId, t.key)],
);

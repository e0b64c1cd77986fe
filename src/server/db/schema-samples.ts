import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './schema-columns';
import { campuses, schools } from './schema-schools';
import { identities } from './schema-accounts';
import { classes, students } from './schema-classes';
import { tasks } from './schema-teaching';
import { essays, files } from './schema-essays';

/** Excellent sample essays (优秀范文): proposals, review, publication and likes. */

/**
 * An approved essay proposed as an excellent sample. Status (product-rules.md#states): to_release (待发布) →
 * published (已发布); a campus-wide publication passes through checking (exCheck) first. Visible
 * scope class | grade | campus, never wider than the campus of the essay's class.
 */
export const excellentSamples = pgTable(
  'excellent_samples',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    campusId: integer('campus_id').notNull().references(() => campuses.id),
    classId: integer('class_id').notNull().references(() => classes.id),
    grade: integer('grade').notNull(),
    taskId: integer('task_id').notNull().references(() => tasks.id),
    essayId: integer('essay_id').notNull().references(() => essays.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    /** to_release | checking | published */
    status: text('status').notNull().default('to_release'),
    reason: text('reason').notNull().default(''),
    title: text('title').notNull(),
    /** A page of the essay or an uploaded image (files of the same school). */
    coverFileId: uuid('cover_file_id').references(() => files.id),
    abstract: text('abstract').notNull().default(''),
    aiReview: text('ai_review').notNull().default(''),
    /** 名师点评: the famous-teacher evaluation. */
    teacherEvaluation: text('teacher_evaluation').notNull().default(''),
    /** class | grade | campus */
    scope: text('scope').notNull().default('class'),
    /** Name shown in full inside the class, initials beyond it; false = anonymous everywhere. */
    showName: boolean('show_name').notNull().default(true),
    genre: text('genre').notNull(),
    themes: text('themes').array().notNull().default(sql`'{}'::text[]`),
    /** [{ start, end, excerpt, note }] UTF-16 offsets into the essay's transcript. */
    highlights: jsonb('highlights').notNull().default(sql`'[]'::jsonb`),
    featured: boolean('featured').notNull().default(false),
    likeCount: integer('like_count').notNull().default(0),
    checkNote: text('check_note'),
    proposedByIdentityId: integer('proposed_by_identity_id').notNull().references(() => identities.id),
    checkedByIdentityId: integer('checked_by_identity_id').references(() => identities.id),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('excellent_samples_essay_key').on(t.essayId).where(sql`${t.deletedAt} is null`),
    index('excellent_samples_school_idx').on(t.schoolId, t.campusId, t.status),
    index('excellent_samples_student_idx').on(t.studentId),
    index('excellent_samples_task_idx').on(t.taskId, t.classId),
  ],
);

/** One like per reader and sample: `identity:<id>` for signed-in users, `pupil:<student id>` on the H5 page (older `h5:` device-key likes stay counted). */
export const excellentSampleLikes = pgTable(
  'excellent_sample_likes',
  {
    sampleId: integer('sample_id').notNull().references(() => excellentSamples.id),
    readerKey: text('reader_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sampleId, t.readerKey] })],
);

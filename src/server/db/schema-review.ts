import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './schema-columns';
import { schools } from './schema-schools';
import { identities } from './schema-accounts';
import { classes, students } from './schema-classes';
import { tasks } from './schema-teaching';
import { essays } from './schema-essays';

/** Teacher review, revision requests, the comment library and students' notifications. */

/**
 * The teacher's side of an essay's correction (never touched by an AI re-run except on a confirmed
 * overwrite): corrected transcript, teacher comment, per-dimension scores, sentence annotations, approval.
 */
export const essayReviews = pgTable('essay_reviews', {
  essayId: integer('essay_id')
    .primaryKey()
    .references(() => essays.id),
  /** The transcript as corrected by the teacher; null while the AI's OCR text stands. */
  transcript: text('transcript'),
  teacherComment: text('teacher_comment').notNull().default(''),
  /** [{ id, value }] per dimension of the task's scoring standard, in the task's score type. */
  dimensionScores: jsonb('dimension_scores').notNull().default(sql`'[]'::jsonb`),
  /** Teacher's sentence annotations: [{ id, start, end, excerpt, text, kind }] on the transcript. */
  annotations: jsonb('annotations').notNull().default(sql`'[]'::jsonb`),
  updatedByIdentityId: integer('updated_by_identity_id').references(() => identities.id),
  approvedByIdentityId: integer('approved_by_identity_id').references(() => identities.id),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A teacher's request that a student resubmit (product-rules.md#states Resubmission). */
export const revisionRequests = pgTable(
  'revision_requests',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    essayId: integer('essay_id').notNull().references(() => essays.id),
    taskId: integer('task_id').notNull().references(() => tasks.id),
    classId: integer('class_id').notNull().references(() => classes.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    /** keep: the current essay stays for comparison; discard: the current essay and comment are dropped. */
    mode: text('mode').notNull(),
    message: text('message').notNull().default(''),
    /** pending | cancelled | fulfilled */
    status: text('status').notNull().default('pending'),
    /** The draft number the student's next upload becomes. */
    nextDraft: integer('next_draft').notNull(),
    requestedByIdentityId: integer('requested_by_identity_id').notNull().references(() => identities.id),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    fulfilledByEssayId: integer('fulfilled_by_essay_id').references(() => essays.id),
  },
  (t) => [
    index('revision_requests_task_idx').on(t.taskId, t.classId),
    uniqueIndex('revision_requests_pending_key').on(t.taskId, t.studentId).where(sql`${t.status} = 'pending'`),
  ],
);

/** Comment library (product-rules.md#entities): public comments (school null, owner null) and each teacher's own. */
export const libraryComments = pgTable(
  'library_comments',
  {
    id: serial('id').primaryKey(),
    /** null for the public library shipped with the product */
    schoolId: integer('school_id').references(() => schools.id),
    /** null for public comments; the teacher identity for "mine" */
    ownerIdentityId: integer('owner_identity_id').references(() => identities.id),
    /** positive | reverse */
    kind: text('kind').notNull(),
    /** scoring dimension id (src/correction dimensions) or 'overall' */
    dimension: text('dimension').notNull().default('overall'),
    /** narrative | argumentative | expository | practical | any */
    genre: text('genre').notNull().default('any'),
    /** one of the core comments teachers reach for first */
    core: boolean('core').notNull().default(false),
    tags: jsonb('tags').notNull().default(sql`'[]'::jsonb`),
    text: text('text').notNull(),
    /** stable key of a seeded public comment (upserted at start) */
    seedKey: text('seed_key'),
    useCount: integer('use_count').notNull().default(0),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('library_comments_owner_idx').on(t.ownerIdentityId),
    uniqueIndex('library_comments_seed_key').on(t.seedKey),
  ],
);

/** Notifications to a student, shown on the H5 class pages (resubmission requests, reminders, approvals). */
export const studentNotifications = pgTable(
  'student_notifications',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    /** revision | reminder | approved | revision_cancelled */
    kind: text('kind').notNull(),
    taskId: integer('task_id').references(() => tasks.id),
    essayId: integer('essay_id').references(() => essays.id),
    message: text('message').notNull(),
    isRead: integer('is_read').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_notifications_student_idx').on(t.studentId, t.isRead)],
);


/** How often a school's teachers used a library comment: public comments are counted per school, never across schools. */
export const libraryCommentUses = pgTable(
  'library_comment_uses',
  {
    commentId: integer('comment_id').notNull().references(() => libraryComments.id),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.schoolId] })],
);

import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './schema-columns';
import { schools } from './schema-schools';
import { identities } from './schema-accounts';
import { classes, students } from './schema-classes';
import { tasks } from './schema-teaching';

/** Stored files, essays and their pages, batch uploads, background jobs and AI corrections. */

/** A stored file: content-addressed (sha256) per school, bytes kept behind the storage interface. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    sha256: text('sha256').notNull(),
    /** Key in the storage backend (folder under DATA_DIR, or S3-compatible object storage). */
    storageKey: text('storage_key').notNull(),
    /** Sniffed from the content, never trusted from the name: image/jpeg, image/png, image/webp, application/pdf, application/zip. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    originalName: text('original_name'),
    createdByIdentityId: integer('created_by_identity_id').references(() => identities.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_school_sha_key').on(t.schoolId, t.sha256)],
);

/**
 * One student's essay for one task and draft (0 first, 1 revised 1, 2 revised 2). Status follows
 * product-rules.md#states: submitted → awaiting_ai → ai_running → ai_done → approved, or abnormal; revision_requested
 * when the teacher asks for a revised draft. "Not submitted" is the absence of a row.
 */
export const essays = pgTable(
  'essays',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id').notNull().references(() => schools.id),
    taskId: integer('task_id').notNull().references(() => tasks.id),
    classId: integer('class_id').notNull().references(() => classes.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    draft: integer('draft').notNull().default(0),
    /** submitted | abnormal | awaiting_ai | ai_running | ai_done | approved | revision_requested */
    status: text('status').notNull().default('submitted'),
    /** single | batch | phone */
    source: text('source').notNull(),
    /** Abnormal flag codes of src/correction/flags.ts with their evidence. */
    flags: jsonb('flags').notNull().default(sql`'[]'::jsonb`),
    /** The teacher chose to correct an abnormal essay anyway (results may be less accurate). */
    insistCorrect: boolean('insist_correct').notNull().default(false),
    wordCount: integer('word_count'),
    aiScore: text('ai_score'),
    teacherScore: text('teacher_score'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    auditAt: timestamp('audit_at', { withTimezone: true }),
    submittedByIdentityId: integer('submitted_by_identity_id').references(() => identities.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('essays_task_student_draft_key').on(t.taskId, t.studentId, t.draft).where(sql`${t.deletedAt} is null`),
    index('essays_task_class_idx').on(t.taskId, t.classId),
    // leaders' dashboards pick up changed essays by this (essay_facts refresh)
    index('essays_school_updated_idx').on(t.schoolId, t.updatedAt),
    // a student's essays of a semester (growth record's handed-in count, the growth table)
    index('essays_student_idx').on(t.studentId),
  ],
);

/** The pages of an essay, in the teacher's order, each with its clockwise rotation. */
export const essayPages = pgTable(
  'essay_pages',
  {
    id: serial('id').primaryKey(),
    essayId: integer('essay_id').notNull().references(() => essays.id),
    fileId: uuid('file_id').notNull().references(() => files.id),
    pageNo: integer('page_no').notNull(),
    /** 0, 90, 180 or 270. */
    rotation: integer('rotation').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('essay_pages_essay_idx').on(t.essayId, t.pageNo)],
);

/** A batch PDF or ZIP upload for one task and class, split and matched in the background. */
export const batchUploads = pgTable('batch_uploads', {
  id: uuid('id').primaryKey(),
  schoolId: integer('school_id').notNull().references(() => schools.id),
  taskId: integer('task_id').notNull().references(() => tasks.id),
  classId: integer('class_id').notNull().references(() => classes.id),
  /** pdf | zip */
  kind: text('kind').notNull(),
  fileId: uuid('file_id').notNull().references(() => files.id),
  /** queued | running | done | failed */
  status: text('status').notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  totalPages: integer('total_pages'),
  error: text('error'),
  createdByIdentityId: integer('created_by_identity_id').notNull().references(() => identities.id),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** Every page (or ZIP entry) of a batch and where it went: matched, grouped, unmatched or rejected. */
export const batchPages = pgTable(
  'batch_pages',
  {
    id: serial('id').primaryKey(),
    batchId: uuid('batch_id').notNull().references(() => batchUploads.id),
    pageNo: integer('page_no').notNull(),
    entryName: text('entry_name'),
    fileId: uuid('file_id').references(() => files.id),
    /** pending | matched | grouped | unmatched | rejected */
    state: text('state').notNull().default('pending'),
    /** qr | ocr | filename | manual */
    matchMethod: text('match_method'),
    confidence: text('confidence'),
    studentId: integer('student_id').references(() => students.id),
    essayId: integer('essay_id').references(() => essays.id),
    /** Top candidates for a page the teacher assigns by hand: [{ studentId, name, score }]. */
    candidates: jsonb('candidates').notNull().default(sql`'[]'::jsonb`),
    /** Why a page was rejected or left unmatched, in words for the teacher. */
    reason: text('reason'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('batch_pages_batch_page_key').on(t.batchId, t.pageNo)],
);

/**
 * Background jobs (AI correction, batch splitting): claimed with FOR UPDATE SKIP LOCKED under a
 * lease, so a killed worker's job is taken again; retried with backoff up to maxAttempts.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** Jobs with the same key are not queued twice while one is pending or running. */
    dedupeKey: text('dedupe_key'),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Due jobs are claimed highest first (then by runAt): background work (the seeded demo essays) is below 0, so it never delays what a teacher waits for. */
    priority: integer('priority').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    progress: integer('progress').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey).where(sql`${t.status} in ('queued', 'running')`),
    // the latest job of a key whatever its status (the correction screen reads it on every open; done jobs stay)
    index('jobs_dedupe_key_id_idx').on(t.dedupeKey, t.id),
  ],
);

/** The AI's full correction of an essay (replaced as a whole by a re-run; teacher edits live elsewhere). */
export const corrections = pgTable('corrections', {
  essayId: integer('essay_id')
    .primaryKey()
    .references(() => essays.id),
  /** queued | running | done | failed */
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  transcript: text('transcript'),
  /** The whole result of correctEssay/correctText (analysis, scores, comments, notes, flags, OCR boxes). */
  result: jsonb('result'),
  /** local | model name */
  engine: text('engine'),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});


/** The pages an essay had before a phone re-submission replaced them (kept, the teacher is told). */
export const essayPageVersions = pgTable(
  'essay_page_versions',
  {
    id: serial('id').primaryKey(),
    essayId: integer('essay_id').notNull().references(() => essays.id),
    /** file ids of the replaced pages, in page order */
    fileIds: jsonb('file_ids').$type<string[]>().notNull(),
    /** how the replaced pages had come in (single | batch | phone) */
    source: text('source').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    replacedAt: createdAt(),
  },
  (t) => [index('essay_page_versions_essay_idx').on(t.essayId)],
);

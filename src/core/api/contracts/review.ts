import { scoreSummarySchema } from './score-summary';
import { z } from 'zod';
import { correction } from './correction';
import { ERROR_CODES } from '../error-codes';
import { essay, essayBrief, essayPage } from './essays';
import { rowId, rowIdParam } from './paging';
import { MAX_TEACHER_COMMENT } from './zod-free';
export { MAX_TEACHER_COMMENT } from './zod-free';

/**
 * Teacher review of an essay (product-rules.md#teacher-review): the teacher's transcript, comment, per-dimension scores and
 * sentence annotations, approval and its cancellation, revised-draft requests, batch review,
 * reminders, statistics, classroom evaluation and the drafts side by side.
 */

export const REVISION_MODES = ['keep', 'discard'] as const;
export type RevisionMode = (typeof REVISION_MODES)[number];
export const REVISION_STATUSES = ['pending', 'cancelled', 'fulfilled'] as const;
export const ANNOTATION_KINDS = ['comment', 'good', 'fix'] as const;
/** Longest transcript the server accepts (the teacher comment's limit is in ./zod-free). */
export const MAX_TRANSCRIPT = 20000;
/** Essays one batch call (batch review, batch revision request) may touch. */
export const MAX_BATCH = 100;

const essayId = rowId();
/** Not blank after trimming: product-rules.md#validation 'Teacher comments cannot be empty'. */
const teacherComment = z.string().trim().min(1, { error: 'review.commentEmpty' }).max(MAX_TEACHER_COMMENT, { error: 'review.commentTooLong' });

/**
 * A dimension score in the task's score type: `value` for score type 3 (0..fullMark of the dimension),
 * `label` for types 1, 2 and 4 (one of that type's level labels, e.g. A/B/C).
 */
export const dimensionScoreInput = z.object({ id: z.string().min(1).max(40), value: z.number().min(0).max(1000).optional(), label: z.string().max(20).optional() });
export type DimensionScoreInput = z.infer<typeof dimensionScoreInput>;

export const reviewAnnotation = z.object({
  /** client-made id, stable across saves */
  id: z.string().min(1).max(40),
  kind: z.enum(ANNOTATION_KINDS),
  /** UTF-16 offsets [start, end) into the transcript shown (the teacher's if corrected) */
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  excerpt: z.string().max(500),
  text: z.string().trim().min(1, { error: 'review.commentEmpty' }).max(500),
});
export type ReviewAnnotation = z.infer<typeof reviewAnnotation>;

/** The teacher's side of one essay, as stored. */
export const essayReview = z.object({
  essayId: z.number().int(),
  /** the teacher-corrected transcript; null while the AI's text stands */
  transcript: z.string().nullable(),
  teacherComment: z.string(),
  dimensionScores: z.array(dimensionScoreInput.extend({ name: z.string() })),
  annotations: z.array(reviewAnnotation),
  teacherScore: z.string().nullable(),
  approved: z.boolean(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type EssayReview = z.infer<typeof essayReview>;

export const revisionRequest = z.object({
  id: z.number().int(),
  essayId: z.number().int(),
  studentId: z.number().int(),
  mode: z.enum(REVISION_MODES),
  message: z.string(),
  status: z.enum(REVISION_STATUSES),
  /** draft number (1 or 2) the student's next upload becomes */
  nextDraft: z.number().int(),
  requestedAt: z.string(),
  requestedBy: z.string(),
});
export type RevisionRequest = z.infer<typeof revisionRequest>;

/** A classmate in the panel's previous/next order (the class list order: student number). */
export const classmate = z.object({ essayId: z.number().int(), studentId: z.number().int(), name: z.string(), status: z.string() });

/**
 * Everything the correction screen needs in one call: the essay with pages, the AI correction, the
 * teacher's review, the task's scoring (type, dimensions, full marks, level labels), the pending
 * revision request, and the previous/next classmates with an essay.
 */
export const reviewWorkspace = z.object({
  /** The essay as the class list shows it, without the list's own fields (source, flags, scores). */
  essay: essay
    .pick({ id: true, taskId: true, classId: true, studentId: true, studentName: true, studentNo: true, draft: true, status: true, label: true, submittedTime: true, auditTime: true })
    .extend({ pages: z.array(essayPage.omit({ fileId: true })) }),
  task: z.object({
    id: z.number().int(),
    title: z.string(),
    genre: z.string(),
    grade: z.number().int().nullable(),
    requirements: z.array(z.string()),
    scoreType: z.number().int(),
    /** full mark of the total for score type 3 */
    fullMark: z.number().int().nullable(),
    /** level labels of score types 1, 2, 4, best first */
    levels: z.array(z.string()),
    dimensions: z.array(z.object({ id: z.string(), name: z.string(), fullMark: z.number().nullable() })),
  }),
  className: z.string(),
  correction: correction,
  review: essayReview,
  revision: revisionRequest.nullable(),
  previous: classmate.nullable(),
  next: classmate.nullable(),
  /**
   * Where each character of the transcript shown sits on the page images, as [offset, page, line, x, y,
   * width, height] (core/geometry/page-boxes): the panel draws the teacher's own sentence notes with them.
   * Characters the teacher typed in (not read from a page) have none.
   */
  charBoxes: z.array(z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number(), z.number(), z.number(), z.number()])),
  /** position in the class order, 1-based, and how many classmates have an essay */
  position: z.number().int(),
  total: z.number().int(),
});
export type ReviewWorkspace = z.infer<typeof reviewWorkspace>;

export const reviewQuery = z.object({ essayId: rowIdParam() });
/** The classmate before/after an essay; 400 'The current student is already the first/last one' at an end. */
export const neighbourQuery = z.object({ essayId: rowIdParam(), direction: z.enum(['previous', 'next']) });

/** Save the teacher's edits without approving (any subset). */
export const saveReviewBody = z.object({
  essayId,
  teacherComment: z.string().max(MAX_TEACHER_COMMENT).optional(),
  dimensionScores: z.array(dimensionScoreInput).max(10).optional(),
  /** the total in the task's score type (a level label, or a number for type 3); omitted → derived from the dimensions */
  teacherScore: z.string().trim().max(20).optional(),
  annotations: z.array(reviewAnnotation).max(200).optional(),
});

/** The teacher corrects the transcript: stored, then the local analysis re-runs on it (scores and notes refreshed). */
export const transcriptBody = z.object({ essayId, transcript: z.string().trim().min(1, { error: 'review.transcriptEmpty' }).max(MAX_TRANSCRIPT) });

/**
 * Approve: the AI review must be done ('Please complete the AI review first'), the teacher comment not
 * empty; with a pending revision request the caller must confirm (409 REVISION_PENDING otherwise),
 * which closes the request.
 */
export const approveBody = z.object({
  essayId,
  teacherComment,
  dimensionScores: z.array(dimensionScoreInput).max(10).optional(),
  teacherScore: z.string().trim().max(20).optional(),
  confirmPendingRevision: z.boolean().default(false),
});
export const cancelApprovalBody = z.object({ essayId });

/** Batch review: approve many essays after a quick look; an essay without a teacher comment takes the AI's overall comment. */
/**
 * useAiComment: the teacher chose, in the dialog, to sign the AI's overall comment as their own for
 * essays they have not commented on; without it such essays are skipped (TEACHER_COMMENT_REQUIRED), so
 * an AI comment never becomes the teacher's by default.
 */
export const batchApproveBody = z.object({ essayIds: z.array(essayId).min(1).max(MAX_BATCH), confirmPendingRevision: z.boolean().default(false), useAiComment: z.boolean().default(false) });
export const batchResult = z.object({
  done: z.array(z.number().int()),
  /** essays left alone, each with the reason in the caller's language */
  skipped: z.array(z.object({ essayId: z.number().int(), code: z.enum(ERROR_CODES), message: z.string() })),
});
export type BatchResult = z.infer<typeof batchResult>;

/** Ask for revised drafts (one essay or a batch); the students are notified on the H5 pages. */
export const requestRevisionBody = z.object({
  essayIds: z.array(essayId).min(1).max(MAX_BATCH),
  mode: z.enum(REVISION_MODES),
  message: z.string().trim().max(200).default(''),
});
/** Cancel a pending request: the caller must confirm (409 CONFIRM_REQUIRED otherwise). */
export const cancelRevisionBody = z.object({ essayId, confirm: z.boolean().default(false) });

/** One-click reminder to the students of a class who have not submitted the task. */
export const remindBody = z.object({ taskId: rowId(), classId: rowId() });
export const remindResult = z.object({ reminded: z.number().int(), students: z.array(z.string()) });

/** A student's drafts of a task, oldest first, with what the teacher and the AI said of each. */
export const draftsQuery = z.object({ taskId: rowIdParam(), studentId: rowIdParam() });
export const studentDrafts = z.object({
  studentId: z.number().int(),
  studentName: z.string(),
  drafts: z.array(
    essayBrief.extend({
      transcript: z.string().nullable(),
      teacherComment: z.string(),
      aiComment: z.string().nullable(),
      /** a discarded draft (revision mode discard) is listed for the record, greyed */
      discarded: z.boolean(),
    }),
  ),
});
export type StudentDrafts = z.infer<typeof studentDrafts>;

/** Statistics of a task in a class (writing list). */
export const classTaskQuery = z.object({ taskId: rowIdParam(), classId: rowIdParam() });
const band = z.object({ band: z.string(), label: z.string(), count: z.number().int() });
export const writingStatistics = z.object({
  students: z.number().int(),
  submitted: z.number().int(),
  aiDone: z.number().int(),
  approved: z.number().int(),
  abnormal: z.number().int(),
  /** percent scale 0-100 averages (null while nothing is scored) */
  averageAi: z.number().nullable(),
  averageTeacher: z.number().nullable(),
  /** the AI's and the teacher's scores summed up on the task's scale: letters counted, or points (score-summary.ts) */
  aiSummary: scoreSummarySchema,
  teacherSummary: scoreSummarySchema,
  averageWords: z.number().nullable(),
  /** grade bands of the final score (teacher's if approved, else AI) */
  bands: z.array(band),
  /** histogram of percent scores in steps of 10 */
  distribution: z.array(z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() })),
  dimensions: z.array(z.object({ id: z.string(), name: z.string(), average: z.number().nullable() })),
  /** most frequent problems found by the AI, with how many essays show them and examples */
  commonProblems: z.array(z.object({ kind: z.string(), label: z.string(), essays: z.number().int(), examples: z.array(z.string()) })),
});
export type WritingStatistics = z.infer<typeof writingStatistics>;

/** Classroom evaluation: a class-level summary the teacher can present. */
export const classroomEvaluation = z.object({
  taskTitle: z.string(),
  className: z.string(),
  summary: z.string(),
  strengths: z.array(z.string()),
  problems: z.array(z.string()),
  /** good sentences from the class with the student's name */
  goodSentences: z.array(z.object({ studentName: z.string(), text: z.string(), why: z.string() })),
  /** best essays (approved first) */
  topEssays: z.array(z.object({ essayId: z.number().int(), studentName: z.string(), score: z.string().nullable(), excerpt: z.string() })),
  /** frequent wrong characters with their fixes */
  wrongCharacters: z.array(z.object({ wrong: z.string(), fix: z.string(), count: z.number().int() })),
  statistics: writingStatistics,
});
export type ClassroomEvaluation = z.infer<typeof classroomEvaluation>;

/** Export (product-rules.md#validation: only teacher-approved scores): xlsx of a task, all its classes or one. */
export const exportWritingQuery = z.object({ taskId: rowIdParam(), classId: rowIdParam().optional() });


import { z } from 'zod';
import { statusCounts } from './tasks';
import { ESSAY_LABELS } from './zod-free';
export { ESSAY_LABELS, type EssayLabel } from './zod-free';

/** Essays: single upload, pages, the class essay list and the students' phone upload (product-rules.md#essay-intake). */

/** Stored statuses (product-rules.md#states). "Not submitted" is the absence of an essay. */
export const ESSAY_STATUSES = ['submitted', 'abnormal', 'awaiting_ai', 'ai_running', 'ai_done', 'approved', 'revision_requested'] as const;
export type EssayStatus = (typeof ESSAY_STATUSES)[number];
// ESSAY_LABELS (product-rules.md#entities list labels) lives in ./zod-free.
/** 0 first draft, 1 revised 1, 2 revised 2. */
export const DRAFTS = [0, 1, 2] as const;
export const ESSAY_SOURCES = ['single', 'batch', 'phone'] as const;
/** Pages of one essay. */
export const MAX_ESSAY_PAGES = 20;
/** Pages a student sends from the phone in one go. */
export const MAX_PHONE_PAGES = 10;

const draft = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'essay.draftInvalid' });

export const essayPage = z.object({
  id: z.number().int(),
  pageNo: z.number().int(),
  fileId: z.uuid(),
  /** Clockwise quarter turn that shows the stored file (EXIF orientation applied) upright; the file itself is never re-encoded. */
  rotation: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Short-lived signed image link. */
  url: z.string(),
});
export type EssayPage = z.infer<typeof essayPage>;

export const essay = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  classId: z.number().int(),
  studentId: z.number().int(),
  studentName: z.string(),
  studentNo: z.string(),
  draft: z.number().int(),
  status: z.enum(ESSAY_STATUSES),
  label: z.enum(ESSAY_LABELS),
  source: z.enum(ESSAY_SOURCES),
  flags: z.array(z.unknown()),
  insistCorrect: z.boolean(),
  wordCount: z.number().int().nullable(),
  aiScore: z.string().nullable(),
  teacherScore: z.string().nullable(),
  submittedTime: z.string(),
  auditTime: z.string().nullable(),
  pages: z.array(essayPage),
});
export type Essay = z.infer<typeof essay>;

/** Class essay list: every student of the class with their essays (all drafts) and a label. */
export const writingListQuery = z.object({ taskId: z.coerce.number().int().positive(), classId: z.coerce.number().int().positive() });
export const essayBrief = essay.omit({ pages: true, studentName: true, studentNo: true, flags: true }).extend({ pageCount: z.number().int(), flagCount: z.number().int() });
export const writingListRow = z.object({
  studentId: z.number().int(),
  name: z.string(),
  studentNo: z.string(),
  /** The label of the latest draft, or notSubmitted. */
  label: z.enum(ESSAY_LABELS),
  status: z.enum(ESSAY_STATUSES).nullable(),
  essays: z.array(essayBrief),
});
export const writingList = z.object({
  taskId: z.number().int(),
  classId: z.number().int(),
  counts: statusCounts,
  /** Batch pages of this task and class that no student could be matched to yet. */
  unmatchedImages: z.number().int(),
  students: z.array(writingListRow),
});
export type WritingList = z.infer<typeof writingList>;

/**
 * Single upload: one student, one draft, pages as file ids from the file service, in order.
 * A repeated upload of the same draft replaces the pages of that essay while it is not approved.
 */
export const saveSingleBody = z.object({
  taskId: z.number().int().positive(),
  classId: z.number().int().positive(),
  studentId: z.number().int().positive({ error: 'essay.studentRequired' }),
  draft: draft.default(0),
  fileIds: z.array(z.uuid()).min(1, { error: 'essay.pagesRequired' }).max(MAX_ESSAY_PAGES),
});
export type SaveSingleBody = z.input<typeof saveSingleBody>;

export const reorderPagesBody = z.object({ essayId: z.number().int().positive(), pageIds: z.array(z.number().int().positive()).min(1).max(MAX_ESSAY_PAGES) });
export const rotatePageBody = z.object({ pageId: z.number().int().positive(), degrees: z.union([z.literal(90), z.literal(180), z.literal(270), z.literal(-90)]) });
export const replacePageBody = z.object({ pageId: z.number().int().positive(), fileId: z.uuid() });
export const addPagesBody = z.object({ essayId: z.number().int().positive(), fileIds: z.array(z.uuid()).min(1).max(MAX_ESSAY_PAGES) });

// Phone upload (public, the task's upload QR: /teaching/h5/upload?taskId=&classCode=)

export const h5UploadQuery = z.object({ taskId: z.coerce.number().int().positive(), classCode: z.string().trim().min(4).max(16) });
export const h5UploadContext = z.object({
  taskId: z.number().int(),
  title: z.string(),
  genre: z.string(),
  requirements: z.array(z.string()),
  guidance: z.string(),
  deadline: z.string(),
  /** The deadline has passed: submissions are refused. */
  closed: z.boolean(),
  classId: z.number().int(),
  className: z.string(),
  maxPages: z.number().int(),
  maxMb: z.number().int(),
  students: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** Student id with all but the last digit hidden, to tell namesakes apart. */
      maskedNo: z.string(),
      label: z.enum(ESSAY_LABELS),
      draft: z.number().int().nullable(),
      pageCount: z.number().int(),
      submittedTime: z.string().nullable(),
      /** Whether a submission now is accepted (not approved, or a revision was asked for). */
      canSubmit: z.boolean(),
    }),
  ),
});
export type H5UploadContext = z.infer<typeof h5UploadContext>;

/** JSON variant of the phone submission (the multipart one sends the same fields then `files`). */
export const h5SubmitBody = z.object({
  taskId: z.coerce.number().int().positive(),
  classCode: z.string().trim().min(4).max(16),
  studentId: z.coerce.number().int().positive({ error: 'essay.studentRequired' }),
  /** the student's own code (学生码) from the teacher's class list */
  studentCode: z.string({ error: 'h5.studentCodeRequired' }).trim().min(1, { error: 'h5.studentCodeRequired' }).max(16),
  pages: z
    .array(z.object({ fileName: z.string().max(255).default(''), contentBase64: z.string().min(1) }))
    .min(1, { error: 'essay.pagesRequired' })
    .max(MAX_PHONE_PAGES, { error: 'essay.tooManyPages' }),
});
export type H5SubmitBody = z.input<typeof h5SubmitBody>;
export const h5SubmitResult = z.object({ essayId: z.number().int(), draft: z.number().int(), pageCount: z.number().int(), replaced: z.boolean(), label: z.enum(ESSAY_LABELS), submittedTime: z.string() });

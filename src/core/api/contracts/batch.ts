import { z } from 'zod';

/**
 * Batch intake (product-rules.md#essay-intake): printable answer sheets, batch PDF/ZIP upload, its progress, the
 * match report and the teacher's hand assignments. product-rules.md#api writings/*.
 */

const id = z.coerce.number().int().positive();

/** `GET writings/answerSheets?taskId&classId[&studentIds=1,2][&pages=1]` → application/pdf. */
export const answerSheetQuery = z.object({
  taskId: id,
  classId: id,
  /** Comma-separated student ids; none = the whole class. */
  studentIds: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .optional(),
  /** Sheets per student (each with its own page number in the QR code), 1–4. */
  pages: z.coerce.number().int().min(1).max(4).default(1),
});

/**
 * Multipart fields of `POST writings/saveBatchUploadWritingFileByPDF` and `...ByZIP`: `taskId`, `classId`,
 * optional `draft` (0 first, 1 revised 1, 2 revised 2) and one `file` (pdf or zip, sniffed from the content).
 */
export const batchUploadFields = z.object({
  taskId: id,
  classId: id,
  draft: z.coerce.number().int().min(0).max(2).default(0),
});

export const batchStatus = z.enum(['queued', 'running', 'done', 'failed']);
export const batchPageState = z.enum(['pending', 'matched', 'grouped', 'unmatched', 'rejected']);
export const matchMethod = z.enum(['qr', 'ocr', 'filename', 'manual']);

export const batchUploadResult = z.object({
  batchId: z.string().uuid(),
  status: batchStatus,
  /** The same file was uploaded for this task and class before: its batch is answered, nothing is redone. */
  reused: z.boolean(),
  totalPages: z.number().int().nullable(),
});

/** One SSE `progress` event of `GET writings/batchUploadProgress/{batchId}` (also the last `done` event). */
export const batchProgress = z.object({
  batchId: z.string().uuid(),
  status: batchStatus,
  /** 0–100 */
  progress: z.number().int(),
  totalPages: z.number().int().nullable(),
  pages: z.array(z.object({ pageNo: z.number().int(), state: batchPageState })),
  error: z.string().nullable(),
});

export const batchCandidate = z.object({
  studentId: z.number().int(),
  name: z.string(),
  studentNo: z.string(),
  /** 0..1 */
  score: z.number(),
});

export const batchPage = z.object({
  /** 1-based position in the PDF or the ZIP (entries in archive order). */
  pageNo: z.number().int(),
  /** The ZIP entry's path, null for PDF pages. */
  entryName: z.string().nullable(),
  /** The page image (a file of the file service), null when nothing could be stored (rejected entry). */
  fileId: z.string().uuid().nullable(),
  /** A short-lived signed link to the page image (thumbnails, the enlarged view); null without a file. */
  imageUrl: z.string().nullable(),
  state: batchPageState,
  method: matchMethod.nullable(),
  /** 0..1; 1 for a decoded answer-sheet QR code and for a teacher's assignment. */
  confidence: z.number().nullable(),
  student: z.object({ id: z.number().int(), name: z.string(), studentNo: z.string() }).nullable(),
  essayId: z.number().int().nullable(),
  /** Clockwise rotation applied to show the page upright (0, 90, 180, 270). */
  rotation: z.number().int(),
  /** Best students for an unmatched page, best first. */
  candidates: z.array(batchCandidate),
  /** Why the page was rejected or left unmatched, in the caller's language. */
  reason: z.string().nullable(),
});

export const batchMatchResultQuery = z.object({ batchId: z.string().uuid() });

export const batchMatchResult = z.object({
  batch: z.object({
    id: z.string().uuid(),
    taskId: z.number().int(),
    classId: z.number().int(),
    kind: z.enum(['pdf', 'zip']),
    status: batchStatus,
    progress: z.number().int(),
    totalPages: z.number().int().nullable(),
    error: z.string().nullable(),
    createdTime: z.string(),
    finishedTime: z.string().nullable(),
  }),
  summary: z.object({ total: z.number().int(), matched: z.number().int(), grouped: z.number().int(), unmatched: z.number().int(), rejected: z.number().int(), essays: z.number().int() }),
  pages: z.array(batchPage),
});

/** `GET writings/batchUnmatchedPages`: every page of a task and class still waiting for its student. */
export const unmatchedPagesQuery = z.object({ taskId: z.coerce.number().int().positive(), classId: z.coerce.number().int().positive() });

export const unmatchedPages = z.object({
  pages: z.array(batchPage.extend({ batchId: z.string().uuid(), uploadedTime: z.string() })),
});

/**
 * `POST writings/saveBatchUploadWritingInfo`: the teacher assigns pages by hand. `studentId` puts the
 * page into that student's essay (a matched page may be moved: regrouping); null sets it aside as rejected.
 * Pages of one student are ordered by `order` when given, else by page number.
 */
export const batchAssignBody = z.object({
  batchId: z.string().uuid(),
  assignments: z
    .array(
      z.object({
        pageNo: z.number().int().positive(),
        studentId: z.number().int().positive().nullable(),
        order: z.number().int().positive().optional(),
      }),
    )
    .min(1)
    .max(500),
});

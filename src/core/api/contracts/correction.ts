import { z } from 'zod';
import { rowIdParam } from './paging';

/** AI correction of an essay (workManager/correction/*) and its background job. */

export const correctionIdParams = z.object({ id: rowIdParam() });
export const essayIdParams = z.object({ essayId: rowIdParam() });

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

const box = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
const pageBox = z.object({ page: z.number().int(), box });
const range = z.tuple([z.number().int(), z.number().int()]);
const evidence = z.object({ feature: z.string(), value: z.union([z.number(), z.string()]), effect: z.number(), ranges: z.array(range) });

export const correctionFlag = z.object({
  /** a code of src/correction/flags.ts (AI_SERVICE_FAILED, MISSING_PAGE, ...) */
  code: z.string(),
  label: z.string(),
  evidence: z.string(),
  ranges: z.array(range),
  page: z.number().int().optional(),
  boxes: z.array(pageBox).optional(),
  /** copy flags (DUPLICATE_PAGE, COPIED_TEXT): the other essay and the matching passages side by side */
  match: z
    .object({
      source: z.enum(['class', 'school', 'sample']),
      essayId: z.number().int(),
      studentName: z.string(),
      className: z.string(),
      taskTitle: z.string(),
      share: z.number().optional(),
      page: z.number().int().optional(),
      otherPage: z.number().int().optional(),
      distance: z.number().int().optional(),
      passages: z.array(z.object({ mine: range, theirs: range, mineText: z.string(), theirsText: z.string() })).optional(),
    })
    .optional(),
});

const shownScore = { label: z.string(), value: z.number().optional(), fullMark: z.number().optional() };

export const correctionScore = z.object({
  ...shownScore,
  scoreType: z.number().int(),
  difficulty: z.number().int(),
  percent: z.number(),
  band: z.string(),
  scorer: z.string(),
  evidence: z.array(evidence),
  dimensions: z.array(z.object({ id: z.string(), name: z.string(), percent: z.number(), ...shownScore, evidence: z.array(evidence) })),
});

export const correctionNote = z.object({
  kind: z.string(),
  /** UTF-16 offsets [start, end) into the transcript */
  start: z.number().int(),
  end: z.number().int(),
  excerpt: z.string(),
  message: z.string(),
  fix: z.string().optional(),
  /** where the note sits on the page images */
  boxes: z.array(pageBox).optional(),
});

export const correctionJob = z.object({
  id: z.number().int(),
  status: z.enum(JOB_STATUSES),
  progress: z.number().int(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  runAt: z.string(),
  lastError: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

export const correctionResult = z.object({
  /** scored | unsupported (poems) | failed (unreadable) */
  status: z.string(),
  message: z.string().nullable(),
  title: z.string(),
  grade: z.number(),
  genre: z.string(),
  wordCount: z.number().int(),
  score: correctionScore.nullable(),
  comments: z.object({
    overall: z.string(),
    dimensions: z.array(z.object({ id: z.string(), name: z.string(), text: z.string() })),
    paragraphs: z.array(z.object({ paragraph: z.number().int(), start: z.number().int(), end: z.number().int(), text: z.string() })),
  }),
  notes: z.array(correctionNote),
  flags: z.array(correctionFlag),
  ocr: z.object({ provider: z.string(), confidence: z.number() }).optional(),
  service: z
    .object({ ok: z.boolean(), model: z.string(), attempts: z.number().int(), latencyMs: z.number().optional(), promptTokens: z.number().optional(), completionTokens: z.number().optional(), error: z.string().optional() })
    .nullable(),
  /** per page: size, layout, confidence, OCR lines with character boxes */
  pages: z.array(z.unknown()),
  /** characters the OCR read with doubt (transcript offsets), with their other readings; never judged as wrong characters */
  doubts: z.array(z.object({ start: z.number().int(), end: z.number().int(), text: z.string(), confidence: z.number(), alternatives: z.array(z.object({ text: z.string(), confidence: z.number() })) })).optional(),
  /** everything the text analysis measured */
  analysis: z.unknown(),
});

export const correction = z.object({
  essayId: z.number().int(),
  essayStatus: z.string(),
  /** none (never queued) | queued | running | done | failed */
  status: z.enum(['none', ...JOB_STATUSES]),
  insistCorrect: z.boolean(),
  aiScore: z.string().nullable(),
  teacherScore: z.string().nullable(),
  wordCount: z.number().int().nullable(),
  flags: z.array(correctionFlag),
  /** local | model:<name> */
  engine: z.string().nullable(),
  error: z.string().nullable(),
  transcript: z.string().nullable(),
  result: correctionResult.nullable(),
  attempts: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  job: correctionJob.nullable(),
  /** the school's vision model (AI_OCR_MODEL) that can read the pages again, or null when it has none */
  visionOcr: z.string().nullable(),
});

export const rerunBody = z.object({
  /** required true when a teacher already edited the correction (teacher score set) */
  confirmOverwrite: z.boolean().default(false),
});

export const correctionQueued = z.object({
  essayId: z.number().int(),
  queued: z.boolean(),
  jobId: z.number().int().nullable(),
  runAt: z.string().nullable(),
});

export const essayJob = z.object({
  essayId: z.number().int(),
  essayStatus: z.string(),
  job: correctionJob.nullable(),
});

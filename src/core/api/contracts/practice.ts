import { z } from 'zod';
import { rowId, rowIdParam } from './paging';
import { studentCodeField } from './student-messages';

/**
 * Practice homework (练习作业, /practice) and classroom composition (课堂作文, /homework/situation/index):
 * short writing for a class, answered on the students' phones (H5, class code + 学生码), with the AI's
 * feedback at once. docs/practice.md.
 */
export const PRACTICE_KINDS = ['practice', 'classroom'] as const;
export type PracticeKind = (typeof PRACTICE_KINDS)[number];
/** What a practice can train: a device (比喻, 拟人, 排比), a part (开头, 结尾) or 描写. */
export const PRACTICE_FOCUSES = ['simile', 'personification', 'parallelism', 'opening', 'ending', 'description'] as const;
export type PracticeFocus = (typeof PRACTICE_FOCUSES)[number];
export const PRACTICE_MIN_WORDS = 50;
export const PRACTICE_MAX_WORDS = 1500;
/** Attempts per student: a practice may be tried again (each attempt gets feedback); a classroom writing is handed in once. */
export const PRACTICE_MAX_ATTEMPTS = 3;
/** Longest typed answer, in characters. */
export const PRACTICE_MAX_TEXT = 5000;
export const PRACTICE_MAX_PHOTOS = 3;
export const CLASSROOM_MIN_MINUTES = 5;
export const CLASSROOM_MAX_MINUTES = 120;

export type PracticeState = 'notStarted' | 'open' | 'ended';
export const practiceState = z.enum(['notStarted', 'open', 'ended']);

const title = z.string({ error: 'practice.titleRequired' }).trim().min(1, { error: 'practice.titleRequired' }).max(60, { error: 'practice.titleTooLong' });

/** Setting a practice or a classroom writing. */
export const practiceAddBody = z
  .object({
    kind: z.enum(PRACTICE_KINDS).default('practice'),
    classId: rowId(),
    title,
    prompt: z.string().trim().max(2000, { error: 'practice.promptTooLong' }).default(''),
    sourceId: rowId().optional(),
    genre: z.string().trim().max(20).default(''),
    minWords: z.coerce.number({ error: 'practice.minWordsRange' }).int().min(PRACTICE_MIN_WORDS, { error: 'practice.minWordsRange' }).max(PRACTICE_MAX_WORDS, { error: 'practice.minWordsRange' }),
    focus: z.enum(['', ...PRACTICE_FOCUSES], { error: 'practice.focusUnknown' }).default(''),
    /** Practice: when it closes (ISO time, in the future). */
    deadline: z.iso.datetime({ offset: true, error: 'practice.deadlineRequired' }).optional(),
    /** Classroom: minutes from start to end. */
    durationMinutes: z.coerce.number().int().min(CLASSROOM_MIN_MINUTES, { error: 'practice.durationRange' }).max(CLASSROOM_MAX_MINUTES, { error: 'practice.durationRange' }).optional(),
    /** Classroom: start at once. */
    startNow: z.boolean().default(false),
  })
  .strict();
export type PracticeAddBody = z.input<typeof practiceAddBody>;

export const practiceListQuery = z.object({
  kind: z.enum(PRACTICE_KINDS).default('practice'),
  classId: rowIdParam().optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const practiceSummary = z.object({
  id: z.number().int(),
  kind: z.enum(PRACTICE_KINDS),
  title: z.string(),
  prompt: z.string(),
  genre: z.string(),
  grade: z.number().int(),
  minWords: z.number().int(),
  focus: z.string(),
  classId: z.number().int(),
  className: z.string(),
  classCode: z.string(),
  durationMinutes: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  state: practiceState,
  createdAt: z.string(),
  /** students with at least one attempt / students in the class */
  participants: z.number().int(),
  classSize: z.number().int(),
  attempts: z.number().int(),
  /** mean of each participant's best AI score (0-100), null before any feedback */
  averagePercent: z.number().int().nullable(),
  averageWords: z.number().int().nullable(),
});
export type PracticeSummary = z.infer<typeof practiceSummary>;
export const practicePage = z.object({ list: z.array(practiceSummary), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });

/** The AI's feedback on one attempt (labelled as AI feedback wherever it is shown). */
export const practiceFeedback = z.object({
  /** scored | unsupported (poem) | failed (unreadable) */
  status: z.string(),
  scorePercent: z.number().int().nullable(),
  level: z.string().nullable(),
  wordCount: z.number().int(),
  minWords: z.number().int(),
  overall: z.string(),
  dimensions: z.array(z.object({ id: z.string(), name: z.string(), percent: z.number().int().nullable(), text: z.string() })),
  /** how the attempt did on the practice's focus, with the sentences that show it */
  focus: z.object({ focus: z.string(), met: z.boolean(), text: z.string(), examples: z.array(z.string()) }).nullable(),
  goodSentences: z.array(z.string()),
  /** wrong characters and other sentence notes */
  notes: z.array(z.object({ kind: z.string(), excerpt: z.string(), message: z.string(), fix: z.string().nullable() })),
  engine: z.string(),
});
export type PracticeFeedback = z.infer<typeof practiceFeedback>;

export const practiceAttempt = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  attemptNo: z.number().int(),
  source: z.enum(['typed', 'photo']),
  text: z.string(),
  photoUrls: z.array(z.string()),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  feedback: practiceFeedback.nullable(),
  scorePercent: z.number().int().nullable(),
  wordCount: z.number().int().nullable(),
  error: z.string().nullable(),
  teacherComment: z.string(),
  commentedAt: z.string().nullable(),
  submittedAt: z.string(),
  feedbackAt: z.string().nullable(),
});
export type PracticeAttempt = z.infer<typeof practiceAttempt>;

export const practiceDetail = z.object({
  practice: practiceSummary,
  /** seconds the server's clock says remain (open classroom writing or practice), else null */
  remainingSeconds: z.number().int().nullable(),
  students: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      studentNo: z.string(),
      attempts: z.array(practiceAttempt),
      bestPercent: z.number().int().nullable(),
    }),
  ),
});
export type PracticeDetail = z.infer<typeof practiceDetail>;

export const practiceCommentBody = z.object({ attemptId: rowId(), comment: z.string().trim().max(1000, { error: 'practice.commentTooLong' }) }).strict();

/** A student's practice series for the growth profile (kept apart from graded tasks). */
export const practiceGrowthQuery = z.object({ studentId: rowIdParam() });
export const practiceGrowth = z.object({
  studentId: z.number().int(),
  practices: z.number().int(),
  attempts: z.number().int(),
  averagePercent: z.number().int().nullable(),
  series: z.array(z.object({ practiceId: z.number().int(), kind: z.enum(PRACTICE_KINDS), title: z.string(), focus: z.string(), date: z.string(), bestPercent: z.number().int().nullable(), wordCount: z.number().int().nullable(), attempts: z.number().int(), focusMet: z.boolean().nullable() })),
});
export type PracticeGrowth = z.infer<typeof practiceGrowth>;

// ---- H5 (public: class code, the student's own code) ----

export const h5PracticeClassQuery = z.object({ code: z.string().trim().min(4).max(16) });
export const h5PracticeClass = z.object({
  classId: z.number().int(),
  className: z.string(),
  practices: z.array(z.object({ id: z.number().int(), kind: z.enum(PRACTICE_KINDS), title: z.string(), prompt: z.string(), minWords: z.number().int(), focus: z.string(), state: practiceState, endsAt: z.string().nullable(), remainingSeconds: z.number().int().nullable() })),
  students: z.array(z.object({ id: z.number().int(), name: z.string(), maskedNo: z.string() })),
});
export type H5PracticeClass = z.infer<typeof h5PracticeClass>;

export const h5PracticeWho = z.object({ classCode: z.string().trim().min(4).max(16), studentId: rowId(), studentCode: studentCodeField, practiceId: rowId() });
export const h5PracticeMine = z.object({
  practiceId: z.number().int(),
  state: practiceState,
  canSubmit: z.boolean(),
  attemptsLeft: z.number().int(),
  attempts: z.array(practiceAttempt),
});
export type H5PracticeMine = z.infer<typeof h5PracticeMine>;
/** A typed answer (photos go as multipart: the same fields first, then the images). */
export const h5PracticeSubmit = h5PracticeWho.extend({ text: z.string().max(PRACTICE_MAX_TEXT, { error: 'practice.textTooLong' }).optional() });
export const h5PracticeSubmitted = z.object({ attemptId: z.number().int(), attemptNo: z.number().int(), status: z.string() });

import { z } from 'zod';
import { pageQuery, paged, rowId, rowIdParam } from './paging';
import { studentCodeField } from './student-messages';

/**
 * Excellent sample essays (优秀范文, product-rules.md#entities/#states): an approved essay proposed as a sample, edited,
 * reviewed (exCheck) and published to a visible scope — class, grade or campus, never wider.
 */
export const SAMPLE_STATUSES = ['to_release', 'checking', 'published'] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];
export const SAMPLE_SCOPES = ['class', 'grade', 'campus'] as const;
export type SampleScope = (typeof SAMPLE_SCOPES)[number];

const text = (max: number) => z.string().trim().max(max);

export const proposeBody = z.object({ essayId: rowId(), reason: text(200).default('') });

export const sampleHighlight = z.object({
  /** UTF-16 offsets [start, end) into the transcript */
  start: z.number().int().min(0),
  end: z.number().int().min(1),
  excerpt: z.string().max(2000),
  note: text(200).default(''),
});
export type SampleHighlight = z.infer<typeof sampleHighlight>;

export const saveSampleBody = z.object({
  id: rowId(),
  title: text(60).min(1),
  /** a page of the essay or an uploaded image of the school; null = the first page */
  coverFileId: z.string().uuid().nullable(),
  abstract: text(500),
  aiReview: text(2000),
  teacherEvaluation: text(2000),
  scope: z.enum(SAMPLE_SCOPES),
  showName: z.boolean(),
  /** tags: genre (dictionary value), themes; the grade is the class's */
  genre: text(30).min(1),
  themes: z.array(text(20).min(1)).max(8),
  highlights: z.array(sampleHighlight).max(50),
  featured: z.boolean().default(false),
});

export const sampleIdBody = z.object({ id: rowId() });
export const sampleIdQuery = z.object({ id: rowIdParam() });
export const checkBody = z.object({ id: rowId(), approve: z.boolean(), note: text(200).default('') });

export const sampleSummary = z.object({
  id: z.number().int(),
  essayId: z.number().int(),
  taskId: z.number().int(),
  classId: z.number().int(),
  title: z.string(),
  status: z.enum(SAMPLE_STATUSES),
  scope: z.enum(SAMPLE_SCOPES),
  /** the student's name as this reader may see it: full, initials, or anonymous */
  studentName: z.string(),
  className: z.string(),
  grade: z.number().int(),
  genre: z.string(),
  themes: z.array(z.string()),
  taskTitle: z.string(),
  teacherScore: z.string().nullable(),
  abstract: z.string(),
  reason: z.string(),
  coverUrl: z.string().nullable(),
  featured: z.boolean(),
  likeCount: z.number().int(),
  liked: z.boolean(),
  proposedBy: z.string(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SampleSummary = z.infer<typeof sampleSummary>;

export const samplePage = z.object({ id: z.number().int(), pageNo: z.number().int(), fileId: z.string(), rotation: z.number().int(), url: z.string() });

export const sampleDetail = sampleSummary.extend({
  coverFileId: z.string().nullable(),
  transcript: z.string(),
  highlights: z.array(sampleHighlight),
  aiReview: z.string(),
  teacherEvaluation: z.string(),
  /** the teacher's comment on the essay */
  teacherComment: z.string(),
  showName: z.boolean(),
  pages: z.array(samplePage),
  checkNote: z.string().nullable(),
  checkedBy: z.string().nullable(),
  /** what this reader may do */
  canEdit: z.boolean(),
  canCheck: z.boolean(),
});
export type SampleDetail = z.infer<typeof sampleDetail>;

export const SAMPLE_SORTS = ['date', 'likes'] as const;
export const sampleListQuery = pageQuery.extend({
  keyword: text(40).optional(),
  grade: z.coerce.number().int().min(1).max(12).optional(),
  genre: text(30).optional(),
  theme: text(20).optional(),
  status: z.enum(SAMPLE_STATUSES).optional(),
  taskId: rowIdParam().optional(),
  classId: rowIdParam().optional(),
  sort: z.enum(SAMPLE_SORTS).default('date'),
});
export type SampleListQuery = Partial<z.infer<typeof sampleListQuery>>;
export const sampleList = paged(sampleSummary);

export const sampleSuggestion = z.object({
  essayId: z.number().int(),
  taskId: z.number().int(),
  taskTitle: z.string(),
  classId: z.number().int(),
  className: z.string(),
  studentName: z.string(),
  teacherScore: z.string().nullable(),
  /** rank among the task's approved essays in the class, and why the AI suggests it */
  rank: z.number().int(),
  approvedCount: z.number().int(),
  why: z.string(),
});
export type SampleSuggestion = z.infer<typeof sampleSuggestion>;
export const preList = z.object({ proposed: z.array(sampleSummary), suggestions: z.array(sampleSuggestion) });

export const homeQuery = z.object({ grade: z.coerce.number().int().min(1).max(12).optional(), genre: text(30).optional() });
export const sampleHome = z.object({
  featured: z.array(sampleSummary),
  latest: z.array(sampleSummary),
  grades: z.array(z.object({ grade: z.number().int(), count: z.number().int() })),
  genres: z.array(z.object({ genre: z.string(), count: z.number().int() })),
});

export const likeResult = z.object({ liked: z.boolean(), likeCount: z.number().int() });

/** H5 (class code from the class page or a QR code): reading published samples only. */
const classCode = z.string().trim().min(4).max(16);
export const h5SamplesQuery = z.object({ classCode });
/** With the pupil (studentId and their 学生码, as the messages page sends them) the answer says whether they liked it. */
export const h5SampleQuery = h5SamplesQuery.extend({ id: rowIdParam(), studentId: rowIdParam().optional(), studentCode: studentCodeField.optional() });
/** A like is the pupil's own: their id and their student code (学生码), as on the other H5 pupil pages. */
export const h5LikeBody = z.object({ classCode, id: rowId(), studentId: rowId(), studentCode: studentCodeField });
export const h5SampleList = z.object({ className: z.string(), list: z.array(sampleSummary) });

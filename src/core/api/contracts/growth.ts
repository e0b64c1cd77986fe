import { z } from 'zod';
import { scoreSummarySchema } from './score-summary';
import { semesterRef } from './classes';
import { pageQuery, paged, rowIdParam } from './paging';

/**
 * Student growth records and profiles (product-rules.md#audience, #entities student growth record, product-rules.md#api studentGrowing/*).
 * Records are built from teacher-approved essays; scores are on the 0-100 scale (teacher-percent).
 */

export const GROWTH_SORTS = ['studentNo', 'name', 'className', 'tasksCompleted', 'essaysSubmitted', 'totalWords', 'excellentCount', 'averageScore'] as const;

/** Filters of the class growth table; without a semester the school's current one. */
export const growthFilterQuery = z.object({
  semesterId: semesterRef.optional(),
  classId: rowIdParam().optional(),
  campusId: rowIdParam().optional(),
  grade: z.coerce.number().int().min(1).max(12).optional(),
  keyword: z.string().trim().max(40).optional(),
  sort: z.enum(GROWTH_SORTS).default('studentNo'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export const growthPageQuery = pageQuery.extend(growthFilterQuery.shape);
/** The query the client sends (every field optional; ids as numbers). */
export type GrowthPageQuery = {
  semesterId?: string | undefined;
  classId?: number | undefined;
  campusId?: number | undefined;
  grade?: number | undefined;
  keyword?: string | undefined;
  sort?: (typeof GROWTH_SORTS)[number] | undefined;
  order?: 'asc' | 'desc' | undefined;
  pageNum?: number | undefined;
  pageSize?: number | undefined;
};

/** The product-rules.md#entities student growth record. */
export const growthRecord = z.object({
  studentId: z.number().int(),
  name: z.string(),
  /** 1 male, 2 female, 0 not given */
  gender: z.number().int(),
  studentNo: z.string(),
  classId: z.number().int(),
  className: z.string(),
  gradeName: z.string(),
  campusName: z.string(),
  semesterId: z.string(),
  tasksCompleted: z.number().int(),
  essaysSubmitted: z.number().int(),
  totalWords: z.number().int(),
  excellentCount: z.number().int(),
  /** mean teacher score of the approved essays, 0-100, only when every scored essay was marked in
   * points (null before any, and whenever a letter-grade task is among them: letters are never averaged) */
  averageScore: z.number().int().nullable(),
  /** the approved scores summed up on their tasks' own scales, one summary per scale (letters as level
   * counts, points out of their full mark): what every screen and export shows */
  scores: z.array(scoreSummarySchema),
  lastApprovedAt: z.string().nullable(),
});
export type GrowthRecord = z.infer<typeof growthRecord>;
export const growthPage = paged(growthRecord).extend({ semester: z.object({ id: z.number().int(), semesterId: z.string(), name: z.string() }).nullable() });
export type GrowthPage = z.infer<typeof growthPage>;

export const growthSingleQuery = z.object({ studentId: rowIdParam(), semesterId: semesterRef.optional() });
export const growthRecordParams = z.object({ studentId: rowIdParam(), semesterId: z.string().regex(/^\d+(_\d{4}_[12])?$/) });

const essayRef = { essayId: z.number().int(), taskId: z.number().int(), taskTitle: z.string(), draft: z.number().int(), date: z.string() };

/** One student's growth profile of a semester. */
export const growthProfile = z.object({
  record: growthRecord,
  semester: z.object({ id: z.number().int(), semesterId: z.string(), name: z.string() }),
  /** the dimensions met in the semester's essays, in the order of the first essay */
  dimensions: z.array(z.object({ id: z.string(), name: z.string() })),
  /** every approved essay, oldest first: total and dimension scores (0-100) */
  trend: z.array(z.object({ ...essayRef, score: z.string().nullable(), scorePercent: z.number().int().nullable(), wordCount: z.number().int(), dimensions: z.record(z.string(), z.number()) })),
  lengthByTask: z.array(z.object({ taskId: z.number().int(), taskTitle: z.string(), essays: z.number().int(), averageWords: z.number().int() })),
  /** tasks with more than one approved draft: first and latest score and how much the revision added */
  drafts: z.array(z.object({ taskId: z.number().int(), taskTitle: z.string(), drafts: z.array(z.object({ draft: z.number().int(), scorePercent: z.number().int().nullable(), wordCount: z.number().int() })), improvement: z.number().int().nullable(), wordsAdded: z.number().int() })),
  /** personal 错字本: each wrong character, every time it was written, and whether a later essay writes it right */
  wrongBook: z.array(
    z.object({
      wrong: z.string(),
      fix: z.string(),
      word: z.string(),
      count: z.number().int(),
      occurrences: z.array(z.object(essayRef)),
      fixed: z.boolean(),
      fixedIn: z.object(essayRef).nullable(),
    }),
  ),
  goodSentences: z.array(z.object({ ...essayRef, excerpt: z.string(), text: z.string() })),
  comments: z.array(z.object({ ...essayRef, comment: z.string() })),
});
export type GrowthProfile = z.infer<typeof growthProfile>;

export const growthExportQuery = growthFilterQuery;

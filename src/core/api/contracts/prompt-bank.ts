import { z } from 'zod';
import { pageQuery } from './paging';

/** Essay prompt bank (writingSource = public, teacherWritingSource = the teacher's own; /requireWork/index). */

export const writingSource = z.object({
  id: z.number().int(),
  title: z.string(),
  theme: z.string(),
  topic: z.string(),
  /** Genre value of the `genre` dictionary. */
  type: z.string(),
  grade: z.number().int(),
  unit: z.number().int().nullable(),
  term: z.number().int().nullable(),
  requirements: z.array(z.string()),
  guidance: z.string(),
  material: z.string(),
  isPublic: z.boolean(),
  copiedFromId: z.number().int().nullable(),
  createdTime: z.string(),
});
export type WritingSource = z.infer<typeof writingSource>;

export const sourcePageQuery = pageQuery.extend({
  grade: z.coerce.number().int().min(1).max(12).optional(),
  unit: z.coerce.number().int().min(1).max(12).optional(),
  term: z.coerce.number().int().min(1).max(2).optional(),
  type: z.string().trim().max(30).optional(),
  theme: z.string().trim().max(50).optional(),
  topic: z.string().trim().max(50).optional(),
  /** Searches title, theme and topic. */
  keyword: z.string().trim().max(50).optional(),
});
export const themesQuery = z.object({ grade: z.coerce.number().int().min(1).max(12).optional(), type: z.string().trim().max(30).optional() });
export const topicsQuery = themesQuery.extend({ theme: z.string().trim().max(50).optional() });
/** Units of a grade that have prompts (the cascade grade → unit → topic; 请先选择年级 without a grade). */
export const unitsQuery = z.object({
  grade: z.coerce.number({ error: 'task.gradeRequired' }).int().min(1, { error: 'task.gradeRequired' }).max(12),
  term: z.coerce.number().int().min(1).max(2).optional(),
});
export const typeItem = z.object({ value: z.string(), label: z.string(), count: z.number().int() });

export const sourceBody = z.object({
  id: z.number().int().positive().optional(),
  title: z.string({ error: 'task.titleRequired' }).trim().min(1, { error: 'task.titleRequired' }).max(100),
  theme: z.string().trim().max(50).default(''),
  topic: z.string().trim().max(50).default(''),
  type: z.string({ error: 'task.genreRequired' }).trim().min(1, { error: 'task.genreRequired' }).max(30),
  grade: z.number({ error: 'task.gradeRequired' }).int().min(1, { error: 'task.gradeRequired' }).max(12),
  unit: z.number().int().min(1).max(12).nullish(),
  term: z.number().int().min(1).max(2).nullish(),
  requirements: z.array(z.string().trim().min(1).max(100)).max(5, { error: 'task.requirementsTooMany' }).default([]),
  guidance: z.string().max(5000).default(''),
  material: z.string().max(5000).default(''),
});
export type SourceBody = z.input<typeof sourceBody>;

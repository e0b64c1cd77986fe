import { z } from 'zod';

/** One summary of a set of scores on the task's own scale (core/scoring/score-summary.ts builds it). */
export const scoreSummarySchema = z.object({
  kind: z.enum(['levels', 'points']),
  /** scores summed up */
  count: z.number().int(),
  /** levels: every level of the scale, best first, with its count ([] for points) */
  levels: z.array(z.object({ label: z.string(), count: z.number().int() })),
  /** levels: the level of the middle essay (the lower of the two middle ones), null without scores */
  median: z.string().nullable(),
  /** points: mean, highest and lowest in points out of fullMark (null for levels or without scores) */
  average: z.number().nullable(),
  highest: z.number().nullable(),
  lowest: z.number().nullable(),
  fullMark: z.number().nullable(),
});
export type ScoreSummary = z.infer<typeof scoreSummarySchema>;

import { z } from 'zod';

/**
 * Scoring standards (mScoringLevel) and per-campus score configuration (mTeacherScoreConfig).
 * levelType: 1 A/B/C, 2 excellent/good/medium/poor, 3 score, 4 traditional text grade; for 1, 2 and 4
 * levelDim holds 4 to 8 comma-joined dimensions, for 3 one option. difficulty: 0 normal, 1 hard.
 */
export const scoringLevel = z.object({
  id: z.number().int(),
  name: z.string(),
  levelType: z.number().int().min(1).max(4),
  levelDim: z.string(),
  dimensions: z.array(z.string()),
  difficulty: z.number().int().min(0).max(1),
  isDefault: z.boolean(),
  /** Created by the caller (only those can be changed). */
  mine: z.boolean(),
  updatedTime: z.string(),
});
export type ScoringLevel = z.infer<typeof scoringLevel>;

export const scoringLevelBody = z.object({
  name: z.string().trim().max(50).optional(),
  levelType: z.number().int().min(1).max(4),
  levelDim: z.string().trim().max(500),
  difficulty: z.number().int().min(0).max(1).default(0),
});
export const scoringLevelUpdateBody = scoringLevelBody.extend({ id: z.number().int().positive() });

export const scoreConfig = z.object({
  id: z.number().int(),
  campusId: z.number().int(),
  campusName: z.string(),
  key: z.string(),
  scoringStandardId: z.number().int().nullable(),
  scoringStandard: scoringLevel.nullable(),
  fullMark: z.number().int(),
  updatedTime: z.string(),
});
export type ScoreConfig = z.infer<typeof scoreConfig>;
export const scoreConfigListQuery = z.object({ key: z.string().trim().max(50).optional() });
/** `compusId` is the legacy spelling of product-rules.md#api; `campusId` works too. Absent = every campus of the school. */
export const scoreConfigGetQuery = z.object({
  compusId: z.coerce.number().int().positive().optional(),
  campusId: z.coerce.number().int().positive().optional(),
  key: z.string().trim().max(50).optional(),
});
export const scoreConfigBody = z.object({
  campusId: z.number().int().positive(),
  key: z.string().trim().min(1).max(50).default('default'),
  scoringStandardId: z.number().int().positive().nullable(),
  fullMark: z.number().int().min(1).max(1000).default(100),
});

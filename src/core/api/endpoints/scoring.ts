import type { z } from 'zod';
import type { ApiClient } from '../client';
import { scoring as scoringRoutes } from '../routes/scoring';
import type * as s from '../contracts/scoring';
type In<T extends z.ZodType> = z.input<T>;

/** Scoring standards (mScoringLevel) and per-campus score configuration (mTeacherScoreConfig). */
export function scoringApi(client: ApiClient) {
  return {
    levels: () => client.call(scoringRoutes.mScoringLevelList),
    level: (id: number) => client.call(scoringRoutes.mScoringLevelGet, { query: { id } }),
    addLevel: (body: In<typeof s.scoringLevelBody>) => client.call(scoringRoutes.mScoringLevelAdd, { body }, { silent: true }),
    updateLevel: (body: In<typeof s.scoringLevelUpdateBody>) => client.call(scoringRoutes.mScoringLevelUpl, { body }, { silent: true }),
    configs: (key?: string) => client.call(scoringRoutes.mTeacherScoreConfigList, { query: { key } }),
    config: (campusId?: number, key?: string) => client.call(scoringRoutes.mTeacherScoreConfigGet, { query: { compusId: campusId, key } }),
    saveConfig: (body: In<typeof s.scoreConfigBody>) => client.call(scoringRoutes.mTeacherScoreConfigSaveOrUpdate, { body }, { silent: true }),
  };
}
export type ScoringApi = ReturnType<typeof scoringApi>;

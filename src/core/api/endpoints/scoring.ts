import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as s from '../contracts/scoring';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;
type In<T extends z.ZodType> = z.input<T>;

/** Scoring standards (mScoringLevel) and per-campus score configuration (mTeacherScoreConfig). */
export function scoringApi(client: ApiClient) {
  return {
    levels: () => client.get<Out<typeof s.scoringLevel>[]>(`${MGMT}/mScoringLevel/list`),
    level: (id: number) => client.get<Out<typeof s.scoringLevel>>(`${MGMT}/mScoringLevel/get`, { query: { id } }),
    addLevel: (body: In<typeof s.scoringLevelBody>) => client.post<Out<typeof s.scoringLevel>>(`${MGMT}/mScoringLevel/add`, body, { silent: true }),
    updateLevel: (body: In<typeof s.scoringLevelUpdateBody>) => client.post<Out<typeof s.scoringLevel>>(`${MGMT}/mScoringLevel/upl`, body, { silent: true }),
    configs: (key?: string) => client.get<Out<typeof s.scoreConfig>[]>(`${MGMT}/mTeacherScoreConfig/list`, { query: { key } }),
    config: (campusId?: number, key?: string) => client.get<Out<typeof s.scoreConfig>[]>(`${MGMT}/mTeacherScoreConfig/get`, { query: { compusId: campusId, key } }),
    saveConfig: (body: In<typeof s.scoreConfigBody>) => client.post<Out<typeof s.scoreConfig>>(`${MGMT}/mTeacherScoreConfig/saveOrUpdate`, body, { silent: true }),
  };
}
export type ScoringApi = ReturnType<typeof scoringApi>;

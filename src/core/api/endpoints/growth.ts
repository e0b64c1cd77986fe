import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as g from '../contracts/growth';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;
export type GrowthFilter = Omit<g.GrowthPageQuery, 'pageNum' | 'pageSize'>;

/** Student growth records (studentGrowing/*): the class table, a student's profile and record, the xlsx export. */
export function growthApi(client: ApiClient) {
  return {
    page: (query: g.GrowthPageQuery) => client.get<Out<typeof g.growthPage>>(`${MGMT}/studentGrowing/pageList`, { query }),
    profile: (studentId: number, semesterId?: string) => client.get<Out<typeof g.growthProfile>>(`${MGMT}/studentGrowing/single`, { query: semesterId ? { studentId, semesterId } : { studentId } }),
    record: (studentId: number, semesterId: string) => client.get<Out<typeof g.growthRecord>>(`${MGMT}/studentGrowing/${studentId}/${semesterId}`),
    exportTable: (query: GrowthFilter) => client.blob(`${MGMT}/studentGrowing/export`, { query }),
  };
}
export type GrowthApi = ReturnType<typeof growthApi>;


import type { ApiClient } from '../client';
import { growth as growthRoutes } from '../routes/growth';
import { pathOf } from '../routes/route';
import type * as g from '../contracts/growth';
export type GrowthFilter = Omit<g.GrowthPageQuery, 'pageNum' | 'pageSize'>;

/** Student growth records (studentGrowing/*): the class table, a student's profile and record, the xlsx export. */
export function growthApi(client: ApiClient) {
  return {
    page: (query: g.GrowthPageQuery) => client.call(growthRoutes.studentGrowingPageList, { query }),
    profile: (studentId: number, semesterId?: string) => client.call(growthRoutes.studentGrowingSingle, { query: semesterId ? { studentId, semesterId } : { studentId } }),
    record: (studentId: number, semesterId: string) => client.call(growthRoutes.studentGrowing, { params: { studentId, semesterId } }),
    exportTable: (query: GrowthFilter) => client.blob(pathOf(growthRoutes.studentGrowingExport), { query }),
  };
}
export type GrowthApi = ReturnType<typeof growthApi>;

import type { z } from 'zod';
import type { ApiClient } from '../client';
import { leaders as leadersRoutes } from '../routes/leaders';
import { pathOf } from '../routes/route';
import type * as c from '../contracts/leaders';
type Query<T extends z.ZodType> = Partial<z.output<T>>;

/** School leaders' dashboards: headmaster home, grade, teacher and student data, and their xlsx export. */
export function leadersApi(client: ApiClient) {
  return {
    overview: (query: Query<typeof c.leaderFilterQuery>) => client.call(leadersRoutes.overview, { query }),
    grade: (query: Query<typeof c.gradeDataQuery>) => client.call(leadersRoutes.grade, { query }),
    teacher: (query: Query<typeof c.teacherDataQuery>) => client.call(leadersRoutes.teacher, { query }),
    student: (query: Query<typeof c.studentDataQuery>) => client.call(leadersRoutes.student, { query }),
    export: (query: Query<typeof c.leaderExportQuery>) => client.blob(pathOf(leadersRoutes.export), { query }),
  };
}
export type LeadersApi = ReturnType<typeof leadersApi>;

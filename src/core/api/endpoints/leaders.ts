import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as c from '../contracts/leaders';

const MGMT = '/platform-management';
type Query<T extends z.ZodType> = Partial<z.output<T>>;

/** School leaders' dashboards: headmaster home, grade, teacher and student data, and their xlsx export. */
export function leadersApi(client: ApiClient) {
  return {
    overview: (query: Query<typeof c.leaderFilterQuery>) => client.get<c.HeadmasterOverview>(`${MGMT}/leaders/overview`, { query }),
    grade: (query: Query<typeof c.gradeDataQuery>) => client.get<c.GradeData>(`${MGMT}/leaders/grade`, { query }),
    teacher: (query: Query<typeof c.teacherDataQuery>) => client.get<c.TeacherData>(`${MGMT}/leaders/teacher`, { query }),
    student: (query: Query<typeof c.studentDataQuery>) => client.get<c.StudentData>(`${MGMT}/leaders/student`, { query }),
    export: (query: Query<typeof c.leaderExportQuery>) => client.blob(`${MGMT}/leaders/export`, { query }),
  };
}
export type LeadersApi = ReturnType<typeof leadersApi>;

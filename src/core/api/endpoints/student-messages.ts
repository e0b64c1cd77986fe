import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as m from '../contracts/student-messages';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;

/** Who a student is on the H5 pages: class code, student and the student's own code (学生码). */
export interface StudentWho {
  classCode: string;
  studentId: number;
  studentCode: string;
}

/** A student's notifications on the H5 class pages (no sign-in: class code + student + student code). */
export function studentMessagesApi(client: ApiClient) {
  return {
    /** Silent: the page shows a wrong code next to the field. */
    verify: (who: StudentWho) => client.post<Out<typeof m.studentVerified>>(`${MGMT}/h5/student/verify`, who, { silent: true }),
    list: (who: StudentWho) => client.post<Out<typeof m.studentMessage>[]>(`${MGMT}/h5/messages`, who),
    markRead: (who: StudentWho, ids: number[]) => client.post<{ updated: number }>(`${MGMT}/h5/messages/read`, { ...who, ids }),
  };
}
export type StudentMessagesApi = ReturnType<typeof studentMessagesApi>;

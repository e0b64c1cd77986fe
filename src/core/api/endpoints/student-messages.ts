import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as m from '../contracts/student-messages';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;

/** A student's notifications on the H5 class pages (class code + student, no sign-in). */
export function studentMessagesApi(client: ApiClient) {
  return {
    list: (classCode: string, studentId: number) => client.get<Out<typeof m.studentMessage>[]>(`${MGMT}/h5/messages`, { query: { classCode, studentId } }),
    markRead: (classCode: string, studentId: number, ids: number[]) => client.post<{ updated: number }>(`${MGMT}/h5/messages/read`, { classCode, studentId, ids }),
  };
}
export type StudentMessagesApi = ReturnType<typeof studentMessagesApi>;


import type { ApiClient } from '../client';
import { h5Messages as h5MessagesRoutes } from '../routes/h5-messages';

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
    verify: (who: StudentWho) => client.call(h5MessagesRoutes.studentVerify, { body: who }, { silent: true }),
    list: (who: StudentWho) => client.call(h5MessagesRoutes.messages, { body: who }),
    markRead: (who: StudentWho, ids: number[]) => client.call(h5MessagesRoutes.messagesRead, { body: { ...who, ids } }),
  };
}
export type StudentMessagesApi = ReturnType<typeof studentMessagesApi>;

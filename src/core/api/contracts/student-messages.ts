import { z } from 'zod';
import { rowId, rowIdParam } from './paging';

/**
 * Students' notifications on the H5 class pages (no sign-in: the class code from the teacher's QR
 * code and the student chosen from the class list, as for the phone upload).
 */
export const STUDENT_MESSAGE_KINDS = ['revision', 'revision_cancelled', 'reminder', 'approved'] as const;

export const studentMessagesQuery = z.object({ classCode: z.string().trim().min(4).max(16), studentId: rowIdParam() });
export const studentMessage = z.object({
  id: z.number().int(),
  kind: z.enum(STUDENT_MESSAGE_KINDS),
  taskId: z.number().int().nullable(),
  taskTitle: z.string().nullable(),
  message: z.string(),
  isRead: z.number().int(),
  /** YYYY-MM-DD HH:mm:ss (China Standard Time) */
  time: z.string(),
  /** H5 path that acts on it (the phone upload of the task for a revision request), or null */
  link: z.string().nullable(),
});
export type StudentMessage = z.infer<typeof studentMessage>;
export const studentMessagesReadBody = z.object({ classCode: z.string().trim().min(4).max(16), studentId: rowId(), ids: z.array(rowId()).min(1).max(200) });

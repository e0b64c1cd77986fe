import { z } from 'zod';
import { rowId } from './paging';

/**
 * Students' notifications on the H5 class pages (no sign-in: the class code from the teacher's QR
 * code, the student chosen from the class list and that student's own code, as for the phone upload).
 */
export const STUDENT_MESSAGE_KINDS = ['revision', 'revision_cancelled', 'reminder', 'approved'] as const;

/** A student's own code (学生码) on the teacher's class list: 6 characters, spaces and dashes ignored. */
export const studentCodeField = z.string({ error: 'h5.studentCodeRequired' }).trim().min(1, { error: 'h5.studentCodeRequired' }).max(16);
/** Who the student is: class code, student and the student's own code (a POST body, so the code stays out of URLs and logs). */
export const studentMessagesQuery = z.object({ classCode: z.string().trim().min(4).max(16), studentId: rowId(), studentCode: studentCodeField });
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
export const studentMessagesReadBody = studentMessagesQuery.extend({ ids: z.array(rowId()).min(1).max(200) });
/** What checking a student's code answers: the student it names. */
export const studentVerified = z.object({ studentId: z.number().int(), name: z.string() });

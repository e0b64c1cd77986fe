import { z } from 'zod';

export const practiceCommentAnswer = z.object({ attemptId: z.number().int(), teacherComment: z.string(), commentedAt: z.string().nullable() });
export const practiceDeleteAnswer = z.object({ deleted: z.number().int() });

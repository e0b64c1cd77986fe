import { z } from 'zod';

export const delAnswer = z.object({ deleted: z.number().int() });

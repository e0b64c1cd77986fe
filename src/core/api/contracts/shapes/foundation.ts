import { z } from 'zod';

export const foundationCampusDelAnswer = z.object({ deleted: z.number().int() });

import { z } from 'zod';

export const samplesWithdrawAnswer = z.object({ id: z.number().int() });

import { z } from 'zod';
import * as l from '../lcw';

export const idOut = z.object({ id: z.number().int() });
export const lcwClassesAnswer = z.array(l.lcwClass);
export const lcwMarkingAnswer = z.array(l.markingItem);
export const lcwMarkingPostAnswer = z.object({ submissionId: z.number().int(), score: z.number().int(), pending: z.number().int() });
export const h5LcwSubmitAnswer = z.object({ score: z.number().int(), pending: z.number().int(), totalPoints: z.number().int() });

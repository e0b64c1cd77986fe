import { z } from 'zod';
import * as e from '../enrollment';

export const idOut = z.object({ id: z.number().int() });
export const enrollmentNoticesAnswer = z.array(e.notice);
export const enrollmentNoticesStatusAnswer = z.object({ id: z.number().int(), status: z.string() });
export const enrollmentRegistrationsStatusAnswer = z.object({ id: z.number().int(), status: z.enum(e.REGISTRATION_STATUSES) });

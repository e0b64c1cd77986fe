import { z } from 'zod';
import * as c from '../auth';


export const verifyAnswer = z.object({ verified: z.literal(true) });
export const smsCodeBody = c.smsCodeBody.extend({ purpose: z.enum(['login', 'register']).default('login') });
export const getTeacherRolesAnswer = z.array(c.identity);

import { z } from 'zod';
import * as m from '../student-messages';


export const messagesAnswer = z.array(m.studentMessage);
export const messagesReadAnswer = z.object({ updated: z.number().int() });

import { z } from 'zod';
import * as c from '../platform';


export const getSysMessagesAnswer = z.array(c.notification);
export const updateAnswer = z.object({ updated: z.number().int() });

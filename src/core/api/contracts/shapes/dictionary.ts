import { z } from 'zod';
import * as c from '../platform';


export const dictDetailAnswer = z.array(c.dictItem);
export const dictDetailMapAnswer = z.record(z.string(), z.array(c.dictItem));

import { z } from 'zod';
import * as t from '../tasks';
import { paged } from '../paging';

export const tasksListAnswer = paged(t.task);
export const tasksDelAnswer = z.object({ deleted: z.number().int() });

import { z } from 'zod';
import * as s from '../students';
import { paged } from '../paging';
import { rowId } from '../paging';

export const deleted = z.object({ deleted: z.number().int() });
export const mStudentListAnswer = paged(s.student);
export const mStudentResetCodeBody = z.object({ id: rowId() });
export const mStudentResetCodeAnswer = z.object({ id: z.number().int(), h5Code: z.string() });
export const mStudentMoveAnswer = z.object({ moved: z.number().int() });
export const mParentListAnswer = paged(s.parent);
export const textbookListAnswer = z.array(s.textbook);
export const textbookClassBoundAnswer = z.array(s.textbook);
export const textbookBindAnswer = z.array(s.textbook);

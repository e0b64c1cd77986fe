import { z } from 'zod';
import * as p from '../prompt-bank';
import { paged } from '../paging';

export const writingSourcePageSourceAnswer = paged(p.writingSource);
export const writingSourceThemesAnswer = z.array(z.string());
export const writingSourceTopicsAnswer = z.array(z.string());
export const writingSourceTypesAnswer = z.array(p.typeItem);
export const writingSourceUnitsAnswer = z.array(z.number().int());
export const teacherWritingSourcePageSourceAnswer = paged(p.writingSource);
export const teacherWritingSourceDeleteSourceAnswer = z.object({ deleted: z.number().int() });

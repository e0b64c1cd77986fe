import { z } from 'zod';

/** Paging query of every list call: pageNum from 1, pageSize up to 100 (default 10, product-rules.md#limits). */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});

/** A page of a list: `{ list, total, pageNum, pageSize }`. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });
export type Paged<T> = { list: T[]; total: number; pageNum: number; pageSize: number };

/** A select option. */
export const option = z.object({ value: z.number().int(), label: z.string() });
export type Option = z.infer<typeof option>;

/** Largest row id (PostgreSQL integer): a bigger id is bad input (400), not a database error (500). */
export const MAX_ROW_ID = 2_147_483_647;
/** A row id in a JSON body, and one from a query string or path. */
export const rowId = () => z.number().int().positive().max(MAX_ROW_ID);
export const rowIdParam = () => z.coerce.number().int().positive().max(MAX_ROW_ID);

/** `?id=` of get/del calls. */
export const idQuery = z.object({ id: rowIdParam() });
export const idParams = z.object({ id: rowIdParam() });

import { z } from 'zod';

/** Every success response: `{ code: 200, message, data }` (design note, API conventions). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(200), message: z.string(), data });

/** Every error response. `code` repeats the HTTP status; `error` is a stable machine key. */
export const errorBody = z.object({
  code: z.number().int(),
  error: z.string(),
  message: z.string(),
  showMsg: z.string().optional(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
export type Envelope<T> = { code: 200; message: string; data: T };

/** The `data` of a call that answers nothing. */
export const nothing = z.null();

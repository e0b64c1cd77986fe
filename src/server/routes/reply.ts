import { z } from 'zod';
import { envelope, errorBody } from '../../core/api/contracts/envelope';

export { nothing } from '../../core/api/contracts/envelope';

/** Wraps data in the success envelope. */
export const ok = <T>(data: T) => ({ code: 200 as const, message: 'ok', data });

/** Response schemas for a route: the envelope around `data`, and the error body for 4xx. */
export const responses = <T extends z.ZodType>(data: T) => ({
  200: envelope(data),
  400: errorBody,
  401: errorBody,
  403: errorBody,
  429: errorBody,
});

import type { ErrorCode } from '../core/api/error-codes';
import type { MessageKey } from '../core/i18n';

/**
 * An expected failure: HTTP status, a stable machine key, and a catalogue message rendered in the
 * caller's language by the error handler. `show` marks messages the UI shows verbatim (showMsg).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly error: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params?: Record<string, string | number>,
    readonly options: { show?: boolean; details?: unknown; rawMessage?: string } = {},
  ) {
    super(`${error}: ${messageKey}`);
  }
}

export const unauthorized = (error: ErrorCode = 'UNAUTHORIZED') => new AppError(401, error, 'error.unauthorized');
export const forbidden = (error: ErrorCode = 'FORBIDDEN') => new AppError(403, error, 'error.forbidden', undefined, { show: true });
export const notFound = () => new AppError(404, 'NOT_FOUND', 'error.notFound');
export const badRequest = (error: ErrorCode, key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(400, error, key, params, { show: true });

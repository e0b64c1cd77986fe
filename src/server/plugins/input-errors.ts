// Bad input that reaches the framework or the database is the caller's mistake, not a 500, and its
// message is in the caller's language (product-rules.md#security): a NUL byte in a text, a number beyond the column's
// range, JSON that does not parse, a body over the limit, a media type no route takes.
import type { ErrorCode } from '../../core/api/error-codes';
import type { MessageKey } from '../../core/i18n';

export interface InputError {
  status: number;
  error: ErrorCode;
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** PostgreSQL codes of values the database refuses: out of range, not a number, NUL in a text. */
const DB_CODES: Record<string, InputError> = {
  '22003': { status: 400, error: 'NUMBER_OUT_OF_RANGE', key: 'input.numberOutOfRange' },
  '22P02': { status: 400, error: 'BAD_INPUT', key: 'input.badValue' },
  '22021': { status: 400, error: 'NUL_CHARACTER', key: 'input.nulCharacter' },
  '22P05': { status: 400, error: 'NUL_CHARACTER', key: 'input.nulCharacter' },
  '54000': { status: 400, error: 'BAD_INPUT', key: 'input.badValue' },
};

const FRAMEWORK_CODES: Record<string, Omit<InputError, 'status'>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { error: 'BODY_TOO_LARGE', key: 'input.bodyTooLarge' },
  FST_ERR_CTP_INVALID_JSON_BODY: { error: 'BAD_JSON', key: 'input.badJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { error: 'BAD_JSON', key: 'input.badJson' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { error: 'UNSUPPORTED_MEDIA_TYPE', key: 'input.mediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { error: 'BAD_INPUT', key: 'input.badValue' },
  FST_ERR_BAD_URL: { error: 'BAD_INPUT', key: 'input.badValue' },
};

const codeOf = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e?.code === 'string') return e.code;
  return typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
};

/** The caller's mistake behind an error, or undefined for a real failure. */
export function inputErrorOf(err: unknown): InputError | undefined {
  const code = codeOf(err);
  if (!code) return undefined;
  if (DB_CODES[code]) return DB_CODES[code];
  const fw = FRAMEWORK_CODES[code];
  if (fw) return { status: (err as { statusCode?: number }).statusCode ?? 400, ...fw };
  // SyntaxError of a JSON body that the parser passed on with its own message.
  if (code.startsWith('FST_ERR_CTP')) return { status: (err as { statusCode?: number }).statusCode ?? 400, error: 'BAD_INPUT', key: 'input.badValue' };
  return undefined;
}

/** A NUL character anywhere in a URL or a parsed JSON body (PostgreSQL text cannot hold it). */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

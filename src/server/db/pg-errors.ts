/** PostgreSQL's unique_violation; PGlite reports the same code. */
const UNIQUE_VIOLATION = '23505';

/**
 * True when a write failed on a unique index: the caller turns the race (two teachers taking one
 * student number, one semester created twice) into a clear answer. drizzle wraps the driver's error,
 * so the code may sit on the error or on its cause.
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null | undefined;
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

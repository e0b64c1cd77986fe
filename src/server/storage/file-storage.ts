/**
 * Where file bytes live. Keys are content addresses chosen by the caller (e.g. `ab/cd/<sha256>`), so
 * a put of the same bytes is idempotent and nothing is ever overwritten with different content.
 */
export interface FileStorage {
  /** Stores the bytes under the key (no-op when the key already exists). */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes of a key; throws StorageNotFoundError when missing. */
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file under ${key}`);
  }
}

/** The storage has no room (ENOSPC, EDQUOT): nothing was stored under the key and no temp file is left. */
export class StorageFullError extends Error {
  constructor(readonly key: string, cause: unknown) {
    super(`Storage full while writing ${key}`, { cause });
  }
}

/** Content-addressed key of a file: two levels of fan-out, then the sha256. */
export function contentKey(sha256: string): string {
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

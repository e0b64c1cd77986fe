import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StorageFullError, StorageNotFoundError, type FileStorage } from './file-storage';

/** Files in a folder (DATA_DIR/files by default). Writes go to a temp file and are renamed into place, so a crash never leaves half a file under a key. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!/^[A-Za-z0-9/_.-]+$/.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    if (await this.exists(key)) return;
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      await this.writeTemp(tmp, bytes);
      await rename(tmp, file);
    } catch (err) {
      // A failed write (disk full, quota, I/O error) leaves no half-written temp file behind.
      await rm(tmp, { force: true }).catch(() => {});
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC' || code === 'EDQUOT') throw new StorageFullError(key, err);
      throw err;
    }
  }

  /** Writes the temp file (a seam for tests that make the disk full). */
  protected async writeTemp(tmp: string, bytes: Buffer): Promise<void> {
    await writeFile(tmp, bytes);
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

import { StorageNotFoundError, type FileStorage } from './file-storage';

/** Bytes in memory: for tests that build the app without a data folder. */
export class MemoryFileStorage implements FileStorage {
  private readonly map = new Map<string, Buffer>();
  async put(key: string, bytes: Buffer) {
    if (!this.map.has(key)) this.map.set(key, Buffer.from(bytes));
  }
  async get(key: string) {
    const bytes = this.map.get(key);
    if (!bytes) throw new StorageNotFoundError(key);
    return bytes;
  }
  async exists(key: string) {
    return this.map.has(key);
  }
  async delete(key: string) {
    this.map.delete(key);
  }
}

import type { StorageConfig } from '../config';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-file-storage';
import { S3FileStorage } from './s3-file-storage';

export { StorageNotFoundError, contentKey, type FileStorage } from './file-storage';
export { LocalFileStorage } from './local-file-storage';
export { MemoryFileStorage } from './memory-file-storage';
export { S3FileStorage, S3StorageError } from './s3-file-storage';

/**
 * The file storage the configuration asks for. With S3 the bucket is checked first (HEAD bucket), so a
 * wrong endpoint, bucket or key stops the start with a message instead of failing on the first upload.
 */
export async function createFileStorage(config: StorageConfig, options: { checkBucket?: boolean } = {}): Promise<FileStorage> {
  if (config.kind === 'local') return new LocalFileStorage(config.dir);
  const storage = new S3FileStorage({
    endpoint: config.endpoint,
    bucket: config.bucket,
    region: config.region,
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    prefix: config.prefix,
    forcePathStyle: config.forcePathStyle,
  });
  if (options.checkBucket ?? true) await storage.checkBucket();
  return storage;
}

/** Printed in the start banner: where files go, without credentials. */
export function describeStorage(config: StorageConfig): string {
  if (config.kind === 'local') return config.dir;
  const where = `${config.endpoint} bucket ${config.bucket}${config.prefix ? ` prefix ${config.prefix}` : ''}`;
  return `S3 ${where} (${config.forcePathStyle ? 'path-style' : 'virtual-host'})`;
}

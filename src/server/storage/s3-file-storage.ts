import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { StorageNotFoundError, type FileStorage } from './file-storage';

export interface S3StorageOptions {
  /** `https://s3.us-east-1.amazonaws.com`, `http://minio:9000`, `https://oss-cn-hangzhou.aliyuncs.com`, `https://cos.ap-shanghai.myqcloud.com` … */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Folder inside the bucket (e.g. `zhipi/prod`); keys are stored as `<prefix>/<key>`. */
  prefix?: string;
  /** `true`: `{endpoint}/{bucket}/{key}` (MinIO, most self-hosted servers); `false`: `{bucket}.{host}/{key}` (AWS, Aliyun OSS, Tencent COS). */
  forcePathStyle: boolean;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /** Pause before the one retry; default 200 ms. */
  retryDelayMs?: number;
}

/** A request the S3 server refused or could not answer; the message names the operation, the status and the server's error code. */
export class S3StorageError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

const KEY_PATTERN = /^[A-Za-z0-9/_.-]+$/;

function checkKey(key: string, what = 'storage key'): void {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.startsWith('/')) throw new Error(`Invalid ${what}: ${key}`);
}

/** The URL of an object (or of the bucket when key is empty), path-style or virtual-host style. */
export function objectUrl(o: Pick<S3StorageOptions, 'endpoint' | 'bucket' | 'forcePathStyle'>, key: string): URL {
  const base = new URL(o.endpoint);
  const basePath = base.pathname.replace(/\/+$/, '');
  if (o.forcePathStyle) {
    base.pathname = key ? `${basePath}/${o.bucket}/${key}` : `${basePath}/${o.bucket}`;
  } else {
    base.hostname = `${o.bucket}.${base.hostname}`;
    base.pathname = `${basePath}/${key}`;
  }
  base.search = '';
  base.hash = '';
  return base;
}

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Aliyun OSS and Tencent COS through their S3
 * endpoints), requests signed with SigV4 by aws4fetch. Keys are content addresses, so a put first asks
 * (HEAD) and never overwrites. Each request has a timeout and is retried once on a 5xx, 429 or network error.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: AwsClient;
  private readonly prefix: string;
  private readonly timeoutMs: number;
  private readonly retryDelayMs: number;

  constructor(private readonly options: S3StorageOptions) {
    const url = new URL(options.endpoint);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`S3 endpoint must be http(s): ${options.endpoint}`);
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(options.bucket)) throw new Error(`Invalid S3 bucket name: ${options.bucket}`);
    this.prefix = (options.prefix ?? '').replace(/^\/+|\/+$/g, '');
    if (this.prefix) checkKey(this.prefix, 'S3 prefix');
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retryDelayMs = options.retryDelayMs ?? 200;
    // Our own retry loop (aws4fetch's retries only cover 5xx, not network errors or timeouts).
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      service: 's3',
      region: options.region,
      retries: 0,
    });
  }

  private objectKey(key: string): string {
    checkKey(key);
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  private describe(method: string, key: string): string {
    return `S3 ${method} s3://${this.options.bucket}${key ? `/${key}` : ''}`;
  }

  /** One signed request, with a timeout per attempt and one retry on 5xx/429/network errors. */
  private async request(method: 'GET' | 'HEAD' | 'PUT' | 'DELETE', key: string, body?: Buffer): Promise<Response> {
    const url = objectUrl(this.options, key).toString();
    const headers: Record<string, string> = {
      // The real payload hash (not UNSIGNED-PAYLOAD): the server checks the bytes arrived intact.
      'x-amz-content-sha256': body ? createHash('sha256').update(body).digest('hex') : EMPTY_SHA256,
    };
    if (body) headers['content-type'] = 'application/octet-stream';
    let lastError: unknown;
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, this.retryDelayMs));
      try {
        // Signed anew per attempt (fresh x-amz-date).
        const res = await this.client.fetch(url, {
          method,
          headers,
          body: body ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength) : undefined,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        if ((res.status >= 500 || res.status === 429) && attempt === 0) {
          await res.body?.cancel();
          lastError = new S3StorageError(`${this.describe(method, key)}: HTTP ${res.status}`, res.status);
          continue;
        }
        return res;
      } catch (err) {
        const reason =
          err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
            ? `no answer within ${this.timeoutMs} ms`
            : err instanceof Error
              ? `${err.message}${err.cause instanceof Error ? ` (${err.cause.message})` : ''}`
              : String(err);
        lastError = new S3StorageError(`${this.describe(method, key)} failed: ${reason} (endpoint ${this.options.endpoint})`);
      }
    }
    throw lastError;
  }

  /** Turns an unexpected answer into an S3StorageError with the server's code and message. */
  private async failure(method: string, key: string, res: Response): Promise<S3StorageError> {
    const text = method === 'HEAD' ? '' : await res.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
    let hint = '';
    if (res.status === 403 || code === 'InvalidAccessKeyId' || code === 'SignatureDoesNotMatch')
      hint = ' (check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION and the bucket policy)';
    else if (code === 'NoSuchBucket' || (res.status === 404 && key === ''))
      hint = ` (bucket ${this.options.bucket} not found at ${this.options.endpoint}; check S3_BUCKET, S3_ENDPOINT, S3_FORCE_PATH_STYLE)`;
    else if (code === 'PermanentRedirect' || res.status === 301)
      hint = ' (the bucket lives at another endpoint or needs virtual-host addressing: check S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE)';
    const detail = [code, message].filter(Boolean).join(': ');
    return new S3StorageError(`${this.describe(method, key)}: HTTP ${res.status}${detail ? ` ${detail}` : ''}${hint}`, res.status, code);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    if (await this.exists(key)) return;
    const k = this.objectKey(key);
    const res = await this.request('PUT', k, bytes);
    if (!res.ok) throw await this.failure('PUT', k, res);
    await res.body?.cancel();
  }

  async get(key: string): Promise<Buffer> {
    const k = this.objectKey(key);
    const res = await this.request('GET', k);
    if (res.status === 404) {
      const text = await res.text().catch(() => '');
      // A missing bucket is a configuration problem, not a missing file.
      if (text.includes('<Code>NoSuchBucket</Code>')) throw new S3StorageError(`${this.describe('GET', k)}: HTTP 404 NoSuchBucket`, 404, 'NoSuchBucket');
      throw new StorageNotFoundError(key);
    }
    if (!res.ok) throw await this.failure('GET', k, res);
    return Buffer.from(await res.arrayBuffer());
  }

  async exists(key: string): Promise<boolean> {
    const k = this.objectKey(key);
    const res = await this.request('HEAD', k);
    await res.body?.cancel();
    if (res.status === 404) return false;
    if (!res.ok) throw await this.failure('HEAD', k, res);
    return true;
  }

  async delete(key: string): Promise<void> {
    const k = this.objectKey(key);
    const res = await this.request('DELETE', k);
    if (!res.ok && res.status !== 404) throw await this.failure('DELETE', k, res);
    await res.body?.cancel();
  }

  /** HEAD on the bucket: resolves when it answers with our credentials, throws a clear error otherwise (used at start). */
  async checkBucket(): Promise<void> {
    const res = await this.request('HEAD', '');
    await res.body?.cancel();
    if (!res.ok) throw await this.failure('HEAD', '', res);
  }
}

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentKey, StorageNotFoundError } from './file-storage';
import { createFileStorage } from './index';
import { objectUrl, S3FileStorage, S3StorageError, type S3StorageOptions } from './s3-file-storage';

// A real S3-compatible server (s3rver, files in a temp folder) on loopback. s3rver checks that the access
// key exists but does not compute SigV4 signatures, so a small proxy in front of it verifies every
// request's SigV4 Authorization header and payload hash independently (node:crypto) before passing it on.
// The proxy can also answer 503 or hang, to exercise the retry and the timeout.

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverCtor = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverCtor;

const ACCESS_KEY = 'S3RVER'; // s3rver's built-in account
const SECRET = 'S3RVER';
const BUCKET = 'zhipi-test';
const REGION = 'us-east-1';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** Independent SigV4 check of a header-signed request; returns a problem or null. */
function verifySigV4(req: http.IncomingMessage, body: Buffer): string | null {
  const auth = req.headers.authorization;
  if (!auth) return 'no Authorization header';
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!m) return `not a SigV4 header: ${auth}`;
  const [, accessKey, date, region, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string];
  if (accessKey !== ACCESS_KEY) return null; // let s3rver answer InvalidAccessKeyId
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date)) return 'x-amz-date does not match the credential date';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== sha256(body)) return 'x-amz-content-sha256 does not match the body';
  const names = signedHeaders.split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) if (!names.includes(required)) return `${required} not signed`;
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?');
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((p) => (p.includes('=') ? p : `${p}=`))
    .sort()
    .join('&');
  const canonicalHeaders = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonicalRequest = [req.method, rawPath, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, `${date}/${region}/s3/aws4_request`, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? null : 'signature mismatch';
}

let dir: string;
let s3rver: S3rverInstance;
let proxy: http.Server;
let endpoint: string;
const log: string[] = [];
let failNext = 0; // answer 503 to this many requests
let hangNext = 0; // never answer this many requests

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'zhipi-s3-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
  const upstream = await s3rver.run();
  proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      log.push(`${req.method} ${req.url}`);
      if (hangNext > 0) {
        hangNext--;
        return; // the client's timeout has to end this
      }
      if (failNext > 0) {
        failNext--;
        res.writeHead(503, { 'content-type': 'application/xml' }).end('<Error><Code>SlowDown</Code></Error>');
        return;
      }
      const problem = verifySigV4(req, body);
      if (problem) {
        res
          .writeHead(403, { 'content-type': 'application/xml' })
          .end(`<?xml version="1.0"?><Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`);
        return;
      }
      const forward = http.request(
        { host: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      forward.on('error', () => res.writeHead(502).end());
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await s3rver?.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  log.length = 0;
  failNext = 0;
  hangNext = 0;
});

function storage(overrides: Partial<S3StorageOptions> = {}) {
  return new S3FileStorage({
    endpoint,
    bucket: BUCKET,
    region: REGION,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET,
    forcePathStyle: true,
    timeoutMs: 2000,
    retryDelayMs: 10,
    ...overrides,
  });
}

function randomKey() {
  return contentKey(sha256(randomBytes(16)));
}

describe('S3FileStorage against s3rver', () => {
  it('round-trips binary bytes and answers exists false then true', async () => {
    const s = storage();
    const key = randomKey();
    const bytes = Buffer.concat([Buffer.from([0, 255, 0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]), randomBytes(70_000)]);
    expect(await s.exists(key)).toBe(false);
    await s.put(key, bytes);
    expect(await s.exists(key)).toBe(true);
    const back = await s.get(key);
    expect(back.equals(bytes)).toBe(true);
    expect(log).toContain(`PUT /${BUCKET}/${key}`);
  });

  it('put is idempotent: a second put of an existing key only asks (HEAD), never overwrites', async () => {
    const s = storage();
    const key = randomKey();
    await s.put(key, Buffer.from('first'));
    log.length = 0;
    await s.put(key, Buffer.from('second'));
    expect(log).toEqual([`HEAD /${BUCKET}/${key}`]);
    expect((await s.get(key)).toString()).toBe('first');
  });

  it('get of a missing key throws StorageNotFoundError', async () => {
    const key = randomKey();
    const err = await storage().get(key).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageNotFoundError);
    expect((err as StorageNotFoundError).key).toBe(key);
  });

  it('deletes (and deleting a missing key is fine)', async () => {
    const s = storage();
    const key = randomKey();
    await s.put(key, Buffer.from('bye'));
    await s.delete(key);
    expect(await s.exists(key)).toBe(false);
    await expect(s.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await s.delete(key);
  });

  it('stores under the prefix', async () => {
    const prefixed = storage({ prefix: '/school-7/files/' });
    const key = randomKey();
    await prefixed.put(key, Buffer.from('in a folder'));
    expect(log).toContain(`PUT /${BUCKET}/school-7/files/${key}`);
    expect((await prefixed.get(key)).toString()).toBe('in a folder');
    expect((await storage().get(`school-7/files/${key}`)).toString()).toBe('in a folder');
    expect(await storage().exists(key)).toBe(false);
  });

  it('refuses keys that could escape the prefix', async () => {
    await expect(storage().get('../etc/passwd')).rejects.toThrow(/Invalid storage key/);
    expect(() => storage({ prefix: 'a/../b' })).toThrow(/Invalid S3 prefix/);
  });

  it('wrong secret: a clear error naming the code and the variables to check', async () => {
    const err = await storage({ secretAccessKey: 'wrong-secret' }).get(randomKey()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(S3StorageError);
    expect((err as S3StorageError).status).toBe(403);
    expect((err as Error).message).toMatch(/HTTP 403 SignatureDoesNotMatch.*S3_SECRET_ACCESS_KEY/);
  });

  it('unknown access key: s3rver answers InvalidAccessKeyId, reported clearly', async () => {
    const err = await storage({ accessKeyId: 'NOPE' }).put(randomKey(), Buffer.from('x')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(S3StorageError);
    expect((err as Error).message).toMatch(/HTTP 403.*S3_ACCESS_KEY_ID/);
  });

  it('retries once on a 5xx, then gives up with the status', async () => {
    const s = storage();
    const key = randomKey();
    failNext = 1;
    await s.put(key, Buffer.from('after one 503'));
    expect((await s.get(key)).toString()).toBe('after one 503');
    failNext = 2;
    await expect(s.get(key)).rejects.toThrow(/HTTP 503/);
  });

  it('times out a request that gets no answer, and retries it once', async () => {
    const s = storage({ timeoutMs: 150 });
    const key = randomKey();
    hangNext = 1;
    expect(await s.exists(key)).toBe(false);
    hangNext = 2;
    await expect(s.exists(key)).rejects.toThrow(/no answer within 150 ms/);
  });

  it('network errors are reported with the endpoint', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(storage({ endpoint: `http://127.0.0.1:${port}` }).exists(randomKey())).rejects.toThrow(
      new RegExp(`S3 HEAD .* failed: .*endpoint http://127.0.0.1:${port}`),
    );
  });

  it('checkBucket passes for the bucket and fails loudly for a missing one (createFileStorage)', async () => {
    const config = { kind: 's3' as const, endpoint, bucket: BUCKET, region: REGION, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, forcePathStyle: true };
    await expect(createFileStorage(config)).resolves.toBeInstanceOf(S3FileStorage);
    await expect(createFileStorage({ ...config, bucket: 'no-such-bucket' })).rejects.toThrow(/HTTP 404.*bucket no-such-bucket not found/);
  });
});

describe('objectUrl', () => {
  it('builds path-style and virtual-host URLs', () => {
    expect(objectUrl({ endpoint: 'http://minio:9000', bucket: 'b', forcePathStyle: true }, 'ab/cd/x').toString()).toBe('http://minio:9000/b/ab/cd/x');
    expect(objectUrl({ endpoint: 'https://oss-cn-hangzhou.aliyuncs.com/', bucket: 'zhipi', forcePathStyle: false }, 'ab/cd/x').toString()).toBe(
      'https://zhipi.oss-cn-hangzhou.aliyuncs.com/ab/cd/x',
    );
    expect(objectUrl({ endpoint: 'https://cos.ap-shanghai.myqcloud.com', bucket: 'zhipi-1250000000', forcePathStyle: false }, '').toString()).toBe(
      'https://zhipi-1250000000.cos.ap-shanghai.myqcloud.com/',
    );
    expect(objectUrl({ endpoint: 'http://127.0.0.1:9000', bucket: 'b', forcePathStyle: true }, '').toString()).toBe('http://127.0.0.1:9000/b');
  });
});

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadEngineConfig } from './config';

const base = { DATA_DIR: '/tmp/zhipi-config-test', JWT_SECRET: 'x'.repeat(32) };

describe('storage configuration', () => {
  it('defaults to the local folder under DATA_DIR', () => {
    expect(loadConfig(base).storage).toEqual({ kind: 'local', dir: path.resolve('/tmp/zhipi-config-test/files') });
  });

  it('STORAGE=s3 names every missing variable at once', () => {
    const load = () => loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'zhipi', S3_SECRET_ACCESS_KEY: '' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow('STORAGE=s3 needs S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (missing)');
  });

  it('STORAGE=s3 with everything set: region default, prefix, addressing', () => {
    const s3 = { ...base, STORAGE: 's3', S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com', S3_BUCKET: 'zhipi', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(s3).storage).toEqual({
      kind: 's3',
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      bucket: 'zhipi',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      prefix: undefined,
      forcePathStyle: true,
    });
    const tuned = loadConfig({ ...s3, S3_REGION: 'oss-cn-hangzhou', S3_PREFIX: 'prod/files', S3_FORCE_PATH_STYLE: 'false' }).storage;
    expect(tuned).toMatchObject({ region: 'oss-cn-hangzhou', prefix: 'prod/files', forcePathStyle: false });
  });

  it('bad S3 values are named', () => {
    expect(() => loadConfig({ ...base, STORAGE: 'minio' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be an http/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...base, S3_PREFIX: 'a/../b' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ ...base, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});

describe('TRUST_PROXY', () => {
  it('defaults to loopback: only a reverse proxy on this machine may set X-Forwarded-*', () => {
    expect(loadConfig(base).trustProxy).toEqual(['loopback']);
  });
  it('true, false, or a list of addresses', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 192.168.1.2' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.2']);
  });
});

describe('vision model for page reading', () => {
  it('is off unless AI_OCR_MODEL is set', () => {
    expect(loadConfig(base).visionOcr).toBeUndefined();
    expect(loadConfig({ ...base, AI_BASE_URL: 'http://gpu:8000/v1' }).visionOcr).toBeUndefined();
  });

  it('AI_OCR_BASE_URL and AI_OCR_MODEL turn it on, with the key and a timeout', () => {
    const c = loadConfig({ ...base, AI_OCR_BASE_URL: 'http://gpu01.school.lan:8000/v1', AI_OCR_MODEL: 'Qwen/Qwen2.5-VL-7B-Instruct', AI_OCR_API_KEY: 'k' });
    expect(c.visionOcr).toEqual({ baseUrl: 'http://gpu01.school.lan:8000/v1', model: 'Qwen/Qwen2.5-VL-7B-Instruct', apiKey: 'k', timeoutMs: 60_000 });
    // one endpoint serving the review and the pages: the URL and key of AI_*
    expect(loadConfig({ ...base, AI_BASE_URL: 'http://gpu:8000/v1', AI_API_KEY: 'k2', AI_OCR_MODEL: 'vl' }).visionOcr).toEqual({ baseUrl: 'http://gpu:8000/v1', model: 'vl', apiKey: 'k2', timeoutMs: 60_000 });
  });

  it('a half-set or bad value stops the start, naming it', () => {
    expect(() => loadConfig({ ...base, AI_OCR_BASE_URL: 'http://gpu:8000/v1' })).toThrow(/AI_OCR_MODEL is missing/);
    expect(() => loadConfig({ ...base, AI_OCR_MODEL: 'vl' })).toThrow(/AI_OCR_BASE_URL \(or AI_BASE_URL\) is missing/);
    expect(() => loadConfig({ ...base, AI_OCR_BASE_URL: 'gpu:8000', AI_OCR_MODEL: 'vl' })).toThrow(/AI_OCR_BASE_URL must be an http/);
    expect(() => loadConfig({ ...base, AI_OCR_BASE_URL: 'http://gpu:8000/v1', AI_OCR_MODEL: 'vl', AI_OCR_TIMEOUT_MS: '5' })).toThrow(/AI_OCR_TIMEOUT_MS/);
  });
});

describe('job and engine tuning', () => {
  it('stops the start on a bad value, naming the variable', () => {
    for (const [name, value, rule] of [
      ['AI_WORKERS', 'abc', 'must be a whole number ≥ 0'],
      ['OCR_THREADS', '-1', 'must be a whole number ≥ 0'],
      ['AI_WORKERS', '1.5', 'must be a whole number ≥ 0'],
      ['AI_RETRY_SECONDS', '0', 'must be a positive number'],
      ['AI_CONCURRENCY', '0', 'must be a whole number ≥ 1'],
      ['OCR_PAGE_TIMEOUT_SECONDS', 'soon', 'must be a number ≥ 0'],
    ] as const) {
      const load = () => loadConfig({ ...base, [name]: value });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(`${name}: ${rule}`);
    }
  });

  it('accepts good values and empty ones (not set)', () => {
    expect(() => loadConfig({ ...base, AI_WORKERS: '0', OCR_THREADS: '2', OCR_ONNX_THREADS: '', AI_RETRY_SECONDS: '0.5', AI_TIMEOUT_MS: '30000', AI_RETRIES: '0', AI_CONCURRENCY: '4', OCR_PAGE_TIMEOUT_SECONDS: '0' })).not.toThrow();
  });
});

describe('engine settings reach the engine through the config', () => {
  it('AI_BASE_URL + AI_MODEL turn the model-service review on, with its tuning', () => {
    expect(loadConfig(base).modelService).toBeUndefined();
    expect(loadConfig({ ...base, AI_BASE_URL: 'http://x/v1' }).modelService).toBeUndefined();
    expect(loadConfig({ ...base, AI_BASE_URL: 'http://x/v1', AI_MODEL: 'm', AI_API_KEY: 'k', AI_RETRIES: '1' }).modelService).toEqual({ baseUrl: 'http://x/v1', model: 'm', apiKey: 'k', retries: 1 });
  });

  it('OCR and job tuning: defaults, values, 0 = none', () => {
    expect(loadConfig(base)).toMatchObject({ ocrOnnxThreads: 1, ocrPageTimeoutMs: 120_000, aiRetryBackoffMs: 30_000 });
    expect(loadConfig(base).aiWorkers).toBeUndefined();
    expect(loadConfig(base).ocrThreads).toBeUndefined();
    const c = loadConfig({ ...base, AI_WORKERS: '3', OCR_THREADS: '0', OCR_ONNX_THREADS: '0', OCR_PAGE_TIMEOUT_SECONDS: '45', AI_RETRY_SECONDS: '0.5' });
    expect(c).toMatchObject({ aiWorkers: 3, ocrThreads: 0, ocrOnnxThreads: 0, ocrPageTimeoutMs: 45_000, aiRetryBackoffMs: 500 });
  });

  it('loadEngineConfig (the CLI) parses the engine part alone and names a bad value', () => {
    expect(loadEngineConfig({ AI_BASE_URL: 'http://x/v1', AI_MODEL: 'm' }).modelService).toEqual({ baseUrl: 'http://x/v1', model: 'm' });
    expect(() => loadEngineConfig({ OCR_THREADS: '-1' })).toThrow('OCR_THREADS: must be a whole number ≥ 0');
  });
});

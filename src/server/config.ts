import { createPrivateKey, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readOrCreateOnce } from './auth/create-once';
import type { ModelServiceConfig } from '../correction/index';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  ZHIPI_EN_HOSTS: z.string().default(''),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public URL printed at start; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /**
   * Which proxies' X-Forwarded-For/Host/Proto to believe: loopback (default: a proxy on this machine),
   * true (any: only behind a proxy that overwrites them), false, or comma-separated addresses/CIDRs.
   */
  TRUST_PROXY: z.string().trim().min(1).default('loopback'),
  /** Basic-data platform classes and students are synced from (GET {url}/classes?school=…). */
  BASIC_DATA_URL: z.string().url().optional(),
  /** Copy detection in every AI correction (a page or a text that is another pupil's): `off` to skip it. */
  COPY_CHECK: z.enum(['on', 'off']).default('on'),
  /** Largest upload (one file) in MB. */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(500).default(30),
  /** Where file bytes live: `local` = DATA_DIR/files, `s3` = an S3-compatible bucket (S3_* below). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/]+/, 'S3_ENDPOINT must be an http:// or https:// URL, e.g. https://s3.us-east-1.amazonaws.com')
    .optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3–63 of a-z 0-9 . -)').optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z
    .string()
    .regex(/^\/*[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*\/*$/, 'S3_PREFIX may contain only A-Z a-z 0-9 _ . - and /')
    .refine((v) => !v.includes('..'), 'S3_PREFIX must not contain ..')
    .optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  /** Browser origins CORS allows besides enabled SSO partners' allowedOrigins (comma-separated). */
  ZHIPI_CORS_ORIGINS: z.string().default(''),
  /** Root secret of the demo SSO partners (non-production only); else DATA_DIR/sso-demo-secret, created once. */
  SSO_DEMO_SECRET: z.string().min(32, 'SSO_DEMO_SECRET must be at least 32 characters').optional(),
  /** Base URL of the stand-in partner the demo hzy partner validates tickets with; default this server. */
  SSO_DEMO_PARTNER_URL: z.string().url().optional(),
  /** PEM private key for the password fields, shared by every server process; else DATA_DIR/password-rsa.pem. */
  PASSWORD_RSA_KEY_FILE: z.string().optional(),
  /** API_DOCS=1 serves the OpenAPI UI at /correction-api/docs in production too (always on otherwise). */
  API_DOCS: z.enum(['0', '1']).optional(),
  /** How long a process trusts a resolved session without hearing of a change (NOTIFY does the rest); 0 = no cache. */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0, 'SESSION_CACHE_SECONDS must be a number ≥ 0').max(300, 'SESSION_CACHE_SECONDS must be at most 300').default(15),
  /** Job runners start on NOTIFY; this slow poll only catches what a dropped connection missed. */
  JOBS_POLL_SECONDS: z.coerce.number().min(1, 'JOBS_POLL_SECONDS must be at least 1').max(3600).default(30),
});

/** A number from the environment, with the rule in the message (the variable's name leads the line). */
const envNumber = (rule: string) => z.coerce.number({ error: `must be ${rule}` }).refine(Number.isFinite, `must be ${rule}`);
const wholeAtLeast = (min: number) => envNumber(`a whole number ≥ ${min}`).pipe(z.number().int(`must be a whole number ≥ ${min}`).min(min, `must be a whole number ≥ ${min}`));
const positiveNumber = () => envNumber('a positive number').pipe(z.number().positive('must be a positive number'));

/**
 * The correction engine's settings (model service, vision OCR, OCR threads) and the job runner's: the
 * server, the worker and the CLI parse them here, so a bad value (AI_WORKERS=abc, OCR_THREADS=-1) stops
 * the start with the variable's name instead of being ignored. The CLI parses only this part: it needs
 * no database, secret or data folder.
 */
const engineSchema = z.object({
  /**
   * A school's vision model reads the essay pages (the local OCR stays the fallback): an OpenAI-compatible
   * chat-completions endpoint (e.g. vLLM serving Qwen2.5-VL) and its model name, set together. The URL
   * defaults to AI_BASE_URL and the key to AI_API_KEY (one endpoint serving both).
   */
  AI_OCR_BASE_URL: z.string().regex(/^https?:\/\/[^/]+/, 'AI_OCR_BASE_URL must be an http:// or https:// URL, e.g. http://gpu-server:8000/v1').optional(),
  AI_OCR_MODEL: z.string().trim().min(1).optional(),
  AI_OCR_API_KEY: z.string().optional(),
  /** per page and attempt, ms: a page of a VL model takes 5–30 s on one GPU */
  AI_OCR_TIMEOUT_MS: z.coerce.number().int().min(1000, 'AI_OCR_TIMEOUT_MS must be at least 1000 (ms)').max(600_000).default(60_000),
  AI_BASE_URL: z.string().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().trim().min(1).optional(),
  AI_WORKERS: wholeAtLeast(0).optional(),
  OCR_THREADS: wholeAtLeast(0).optional(),
  OCR_ONNX_THREADS: wholeAtLeast(0).optional(),
  OCR_PAGE_TIMEOUT_SECONDS: envNumber('a number ≥ 0').pipe(z.number().min(0, 'must be a number ≥ 0')).optional(),
  AI_RETRY_SECONDS: positiveNumber().optional(),
  AI_TIMEOUT_MS: positiveNumber().optional(),
  AI_RETRIES: wholeAtLeast(0).optional(),
  AI_CONCURRENCY: wholeAtLeast(1).optional(),
});

/** What the correction engine and the job runner are tuned with (the whole of AI_* and OCR_*). */
export interface EngineConfig {
  /** AI_BASE_URL + AI_MODEL (+ AI_API_KEY, AI_TIMEOUT_MS, AI_RETRIES, AI_CONCURRENCY): the model-service review; none = local engine only. */
  modelService?: ModelServiceConfig;
  /** AI_OCR_*: the vision model that reads pages, when the school runs one */
  visionOcr?: { baseUrl: string; model: string; apiKey?: string; timeoutMs: number };
  /** AI_WORKERS: jobs run at once per process; none = 1 on PGlite, 2 on PostgreSQL. */
  aiWorkers?: number;
  /** OCR_THREADS: OCR worker threads; none = one per job slot; 0 = read in the calling thread. */
  ocrThreads?: number;
  /** OCR_ONNX_THREADS: ONNX Runtime threads inside each OCR thread (default 1; 0 = one per core). */
  ocrOnnxThreads: number;
  /** OCR_PAGE_TIMEOUT_SECONDS in ms (default 120 s; 0 = no limit). */
  ocrPageTimeoutMs: number;
  /** AI_RETRY_SECONDS in ms: first retry delay of an AI correction (default 30 s, doubling). */
  aiRetryBackoffMs: number;
}

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      prefix?: string;
      forcePathStyle: boolean;
    };

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

export interface AppConfig extends EngineConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  englishHosts: string[];
  jwtSecret: Uint8Array;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  publicUrl?: string;
  /** TRUST_PROXY: whose X-Forwarded-* headers the server believes. */
  trustProxy: boolean | string[];
  seedDemo: boolean;
  basicDataUrl?: string;
  uploadMaxBytes: number;
  /** COPY_CHECK: compare each corrected essay with the school's other essays. */
  copyCheck: boolean;
  storage: StorageConfig;
  corsOrigins: string[];
  ssoDemoSecret?: string;
  ssoDemoPartnerUrl?: string;
  /** PASSWORD_RSA_KEY_FILE, checked at start to hold a private key. */
  passwordKeyFile?: string;
  /** Serve the OpenAPI UI and JSON: off in production unless API_DOCS=1. */
  apiDocs: boolean;
  /** SESSION_CACHE_SECONDS in ms: the session cache's backstop TTL (0 = off). */
  sessionCacheMs: number;
  /** JOBS_POLL_SECONDS in ms: the job runners' safety poll. */
  jobsPollMs: number;
}

/** Thrown with every problem at once, so an operator fixes the environment in one go. */
export class ConfigError extends Error {}

/** Reads the JWT secret from DATA_DIR, creating it on first start so tokens survive restarts. */
function persistedSecret(dataDir: string): Uint8Array {
  // Created once even when several processes sharing the folder start together.
  const text = readOrCreateOnce(path.join(dataDir, 'jwt-secret'), () => randomBytes(48).toString('base64url')).toString('utf8');
  return Buffer.from(text.trim(), 'base64url');
}

/** Parses the environment once, at start (conventions: config checked with a schema, failing loudly). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = parseOrThrow(envSchema.extend(engineSchema.shape), env);
  const engine = engineConfig(e);
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.PASSWORD_RSA_KEY_FILE) {
    try {
      createPrivateKey(readFileSync(e.PASSWORD_RSA_KEY_FILE));
    } catch (err) {
      throw new ConfigError(`Invalid configuration:\n  PASSWORD_RSA_KEY_FILE: ${e.PASSWORD_RSA_KEY_FILE} does not hold a PEM private key (${(err as Error).message})`);
    }
  }
  let storage: StorageConfig = { kind: 'local', dir: path.join(dataDir, 'files') };
  if (e.STORAGE === 's3') {
    const missing = S3_REQUIRED.filter((name) => !e[name]);
    if (missing.length) throw new ConfigError(`Invalid configuration:\n  STORAGE=s3 needs ${missing.join(', ')} (missing)`);
    storage = {
      kind: 's3',
      endpoint: e.S3_ENDPOINT!,
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID!,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
      prefix: e.S3_PREFIX,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    };
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    englishHosts: e.ZHIPI_EN_HOSTS.split(',').map((h) => h.trim()).filter(Boolean),
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : persistedSecret(dataDir),
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY.split(',').map((a) => a.trim()).filter(Boolean),
    seedDemo: e.SEED_DEMO === 'true',
    basicDataUrl: e.BASIC_DATA_URL,
    uploadMaxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
    copyCheck: e.COPY_CHECK === 'on',
    storage,
    corsOrigins: e.ZHIPI_CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
    ssoDemoSecret: e.SSO_DEMO_SECRET,
    ssoDemoPartnerUrl: e.SSO_DEMO_PARTNER_URL,
    passwordKeyFile: e.PASSWORD_RSA_KEY_FILE,
    apiDocs: e.API_DOCS ? e.API_DOCS === '1' : e.NODE_ENV !== 'production',
    sessionCacheMs: Math.round(e.SESSION_CACHE_SECONDS * 1000),
    jobsPollMs: Math.round(e.JOBS_POLL_SECONDS * 1000),
    ...engine,
  };
}

/** The engine's part alone (the CLI): no secret, data folder or database is read or created. */
export function loadEngineConfig(env: NodeJS.ProcessEnv = process.env): EngineConfig {
  return engineConfig(parseOrThrow(engineSchema, env));
}

function parseOrThrow<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  // An empty variable means "not set" (e.g. DATABASE_URL= to force the embedded database).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

function engineConfig(e: z.output<typeof engineSchema>): EngineConfig {
  let visionOcr: EngineConfig['visionOcr'];
  const visionUrl = e.AI_OCR_BASE_URL ?? (e.AI_OCR_MODEL ? e.AI_BASE_URL : undefined);
  if (e.AI_OCR_MODEL && !visionUrl) throw new ConfigError('Invalid configuration:\n  AI_OCR_MODEL is set but AI_OCR_BASE_URL (or AI_BASE_URL) is missing');
  if (e.AI_OCR_BASE_URL && !e.AI_OCR_MODEL) throw new ConfigError('Invalid configuration:\n  AI_OCR_BASE_URL is set but AI_OCR_MODEL is missing (the vision model\'s name, e.g. Qwen/Qwen2.5-VL-7B-Instruct)');
  if (e.AI_OCR_MODEL && visionUrl) {
    if (!/^https?:\/\/[^/]+/.test(visionUrl)) throw new ConfigError('Invalid configuration:\n  AI_BASE_URL (used for AI_OCR_MODEL) must be an http:// or https:// URL');
    const apiKey = e.AI_OCR_API_KEY ?? e.AI_API_KEY;
    visionOcr = { baseUrl: visionUrl, model: e.AI_OCR_MODEL, ...(apiKey ? { apiKey } : {}), timeoutMs: e.AI_OCR_TIMEOUT_MS };
  }
  const modelService: ModelServiceConfig | undefined =
    e.AI_BASE_URL?.trim() && e.AI_MODEL
      ? {
          baseUrl: e.AI_BASE_URL.trim(),
          model: e.AI_MODEL,
          ...(e.AI_API_KEY ? { apiKey: e.AI_API_KEY } : {}),
          ...(e.AI_TIMEOUT_MS !== undefined ? { timeoutMs: e.AI_TIMEOUT_MS } : {}),
          ...(e.AI_RETRIES !== undefined ? { retries: e.AI_RETRIES } : {}),
          ...(e.AI_CONCURRENCY !== undefined ? { maxConcurrency: e.AI_CONCURRENCY } : {}),
        }
      : undefined;
  return {
    ...(modelService ? { modelService } : {}),
    ...(visionOcr ? { visionOcr } : {}),
    ...(e.AI_WORKERS !== undefined ? { aiWorkers: e.AI_WORKERS } : {}),
    ...(e.OCR_THREADS !== undefined ? { ocrThreads: e.OCR_THREADS } : {}),
    ocrOnnxThreads: e.OCR_ONNX_THREADS ?? 1,
    ocrPageTimeoutMs: Math.round((e.OCR_PAGE_TIMEOUT_SECONDS ?? 120) * 1000),
    aiRetryBackoffMs: e.AI_RETRY_SECONDS !== undefined ? Math.round(e.AI_RETRY_SECONDS * 1000) : 30_000,
  };
}

/** For the process entry points: a bad environment prints every problem and exits with code 2. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}

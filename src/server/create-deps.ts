import pino, { type Logger } from 'pino';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { loadPasswordCipher } from './auth/rsa-keys';
import { TokenSigner } from './auth/tokens';
import type { ServiceDeps } from './services/deps';
import { developmentSmsProvider } from './services/sms-provider';
import { createFileStorage } from './storage/index';
import { defaultConcurrency } from './jobs/runner';
import type { JobHandlerOptions } from './jobs/handlers';
import { createEngineDeps } from './engine-deps';

/** Everything a process of zhipi works with, built from the parsed configuration in one place. */
export interface Deps {
  config: AppConfig;
  logger: Logger;
  database: Database;
  /** What the services and job handlers are given (buildApp, registerJobHandlers). */
  services: ServiceDeps;
  /** Jobs this process runs at once: AI_WORKERS, else 1 on PGlite and 2 on PostgreSQL (a worker at least 1). */
  jobConcurrency: number;
  /** Settings of the job handlers (AI_RETRY_SECONDS). */
  jobHandlers: JobHandlerOptions;
  /** OCR worker threads (0 = pages read in the job's thread). */
  ocrThreads: number;
  /** Stops the OCR threads and closes the database. */
  close(): Promise<void>;
}

export interface CreateDepsOptions {
  /** `worker` (npm run worker) exists to run jobs, so it runs at least one at a time. */
  role?: 'server' | 'worker';
  /** Default: pino at LOG_LEVEL. */
  logger?: Logger;
  /** An open database (the tests' seeded one); default: DATABASE_URL, else PGlite in DATA_DIR. */
  database?: Database;
  /** Parts given instead of built (tests: memory storage, an SMS sink, a movable clock). */
  overrides?: Partial<Omit<ServiceDeps, 'db'>>;
}

/**
 * The one place the server, the worker, the scripts and the API tests get their dependencies from, so
 * that a job run by `npm run worker` sees the same limits, public URL and engine as the server's.
 */
export async function createDeps(config: AppConfig, opts: CreateDepsOptions = {}): Promise<Deps> {
  const logger = opts.logger ?? pino({ level: config.logLevel });
  const o = opts.overrides ?? {};
  // STORAGE=s3 checks the bucket answers (HEAD bucket) before the database opens.
  const storage = o.storage ?? (await createFileStorage(config.storage));
  const database = opts.database ?? (await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir }));
  const concurrency = defaultConcurrency(database.kind, config.aiWorkers);
  const jobConcurrency = opts.role === 'worker' ? Math.max(1, concurrency) : concurrency;
  const engine = createEngineDeps(config, jobConcurrency, logger);
  const services: ServiceDeps = {
    db: database.db,
    events: database.events,
    signer: new TokenSigner(config.jwtSecret),
    cipher: o.cipher ?? loadPasswordCipher(config.dataDir, config.passwordKeyFile),
    sms: developmentSmsProvider(() => database.db, logger),
    now: () => new Date(),
    ...(config.basicDataUrl ? { basicDataUrl: config.basicDataUrl } : {}),
    // batch pages and signed links follow the same limits and public URL in the server and the worker
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    uploadMaxBytes: config.uploadMaxBytes,
    copyCheck: config.copyCheck,
    ...(engine.modelService ? { modelService: engine.modelService } : {}),
    ...(engine.ocr ? { ocr: engine.ocr } : {}),
    ...o,
    storage,
  };
  return {
    config,
    logger,
    database,
    services,
    jobConcurrency,
    jobHandlers: { aiRetryBackoffMs: config.aiRetryBackoffMs },
    ocrThreads: engine.ocrThreads,
    close: async () => {
      await engine.close();
      await database.close();
    },
  };
}

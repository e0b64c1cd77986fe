import pino from 'pino';
import { onShutdown } from './shutdown';
import { ModelServiceReviewer, modelServiceConfigFromEnv, OcrWorkerPool, ocrThreadsFromEnv, withVisionModel } from '../correction/index';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/database';
import { registerJobHandlers } from './jobs/handlers';
import { JobRunner, defaultConcurrency } from './jobs/runner';
import { createFileStorage } from './storage/index';
import { loadPasswordCipher } from './auth/rsa-keys';
import { TokenSigner } from './auth/tokens';
import type { ServiceDeps } from './services/deps';
import { developmentSmsProvider } from './services/sms-provider';

/**
 * `npm run worker`: a process that only runs background jobs (AI correction, batch splitting) against
 * the PostgreSQL server of DATABASE_URL. PGlite allows one process per data folder, so on PGlite the
 * server runs the jobs itself and this refuses to start.
 */
async function main() {
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL). The embedded PGlite database allows one process per data folder, so with PGlite the server runs the jobs itself (AI_WORKERS sets how many at once).',
    );
    process.exit(2);
  }
  const logger = pino({ level: config.logLevel });
  const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
  const ms = modelServiceConfigFromEnv();
  const concurrency = Math.max(1, defaultConcurrency('postgres'));
  // One OCR thread per job slot: jobs read their pages in parallel and the lease heartbeats stay on time.
  const ocrThreads = ocrThreadsFromEnv(concurrency);
  const ocr = ocrThreads > 0 ? new OcrWorkerPool({ threads: ocrThreads }) : undefined;
  // AI_OCR_BASE_URL + AI_OCR_MODEL: the school's vision model reads the pages, the local OCR behind it
  const pageOcr = withVisionModel(config.visionOcr, ocr, logger);
  // The same dependencies as the server's, so every job handler finds what it needs.
  const deps: ServiceDeps = {
    db: database.db,
    signer: new TokenSigner(config.jwtSecret),
    cipher: loadPasswordCipher(config.dataDir, config.passwordKeyFile),
    sms: developmentSmsProvider(() => database.db, logger),
    now: () => new Date(),
    basicDataUrl: config.basicDataUrl,
    // batch pages and signed links in jobs follow the same limits and public URL as the server's
    ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    uploadMaxBytes: config.uploadMaxBytes,
    storage: await createFileStorage(config.storage),
    ...(ms ? { modelService: new ModelServiceReviewer(ms, logger) } : {}),
    ...(pageOcr ? { ocr: pageOcr } : {}),
    copyCheck: config.copyCheck,
  };
  const runner = new JobRunner({ db: database.db, events: database.events, now: deps.now, log: logger, concurrency, pollMs: config.jobsPollMs });
  registerJobHandlers(runner, deps);
  runner.start();
  logger.info({ workerId: runner.workerId, concurrency, ocrThreads, kinds: runner.kinds, modelService: ms?.model ?? null }, 'job worker started');

  onShutdown(logger, 'worker stopping', 15_000, async () => {
    await runner.stop();
    await ocr?.close();
    await database.close();
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

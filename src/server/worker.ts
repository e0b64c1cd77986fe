import { onShutdown } from './shutdown';
import { loadConfigOrExit } from './config';
import { createDeps } from './create-deps';
import { registerJobHandlers } from './jobs/handlers';
import { JobRunner } from './jobs/runner';

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
  // The same dependencies as the server's (createDeps), so every job handler finds what it needs.
  const deps = await createDeps(config, { role: 'worker' });
  const { logger, services } = deps;
  const runner = new JobRunner({ db: services.db, events: deps.database.events, now: services.now, log: logger, concurrency: deps.jobConcurrency, pollMs: config.jobsPollMs });
  registerJobHandlers(runner, services, deps.jobHandlers);
  runner.start();
  logger.info({ workerId: runner.workerId, concurrency: deps.jobConcurrency, ocrThreads: deps.ocrThreads, kinds: runner.kinds, modelService: config.modelService?.model ?? null }, 'job worker started');

  onShutdown(logger, 'worker stopping', 15_000, async () => {
    await runner.stop();
    await deps.close();
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

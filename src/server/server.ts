import { buildApp } from './app';
import { onShutdown } from './shutdown';
import { loadConfigOrExit } from './config';
import { createDeps } from './create-deps';
import { seedReferenceData } from './seed/reference-data';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoSchool } from './seed/demo-school';
import { seedDemoTasks } from './seed/demo-tasks';
import { demoSsoRootSecret, retireDemoSso, seedDemoSso } from './seed/demo-sso';
import { seedDemoEssays, type DemoEssaysState } from './seed/demo-essays';
import { enqueueGrowthBackfill } from './services/growth-backfill-job';
import { describeStorage } from './storage/index';
import { newOperatorToken, removeOperatorFile, writeOperatorFile } from './operator-file';

/** The only file that listens: read config, build the dependencies, seed, serve, shut down cleanly. */
async function main() {
  const config = loadConfigOrExit();
  const deps = await createDeps(config);
  const { logger, database, services } = deps;
  logger.info({ storage: describeStorage(config.storage) }, 'file storage');
  await seedReferenceData(database.db);
  // Growth entries of essays approved before growth records existed: the job runner catches up in
  // batches after start, so a large database never delays the first answer.
  await enqueueGrowthBackfill(database.db, new Date());
  let demo: DemoEssaysState | undefined;
  if (config.seedDemo) {
    await seedDemoSchool(database.db);
    await seedDemoTasks(database.db);
    // Essays on the demo task, AI-corrected by the job runner right after start.
    demo = await seedDemoEssays({ db: database.db, storage: services.storage, now: () => new Date(), uploadMaxBytes: config.uploadMaxBytes });
  }

  // Demo SSO partners, played by the stand-in mounted at /demo-partner/; never in production.
  const demoSsoSecret = config.seedDemo && config.nodeEnv !== 'production' ? demoSsoRootSecret(config.dataDir, config.ssoDemoSecret) : undefined;
  if (demoSsoSecret) await seedDemoSso(database.db, { rootSecret: demoSsoSecret, standInUrl: config.ssoDemoPartnerUrl ?? `http://127.0.0.1:${config.port}` });
  if (config.nodeEnv === 'production') {
    const retired = await retireDemoSso(database.db, config.dataDir);
    if (retired) logger.warn({ partners: retired }, 'demo SSO partners removed: this is a production start');
  }

  const { db: _db, ...appDeps } = services;
  // On PGlite only this process may open the database: the operator's CLI hands its commands to us.
  const operatorToken = database.kind === 'pglite' ? newOperatorToken() : undefined;
  const app = await buildApp({
    database,
    deps: appDeps,
    jobs: { concurrency: deps.jobConcurrency, ...deps.jobHandlers, pollMs: config.jobsPollMs },
    englishHosts: config.englishHosts,
    nodeEnv: config.nodeEnv,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    apiDocs: config.apiDocs,
    sessionCacheMs: config.sessionCacheMs,
    ...(operatorToken ? { operatorToken } : {}),
    ...(demoSsoSecret ? { demoPartner: { rootSecret: demoSsoSecret } } : {}),
    loggerInstance: logger,
  });

  onShutdown(logger, 'shutting down', 10_000, async () => {
    if (operatorToken) removeOperatorFile(config.dataDir, operatorToken);
    await app.close();
    await deps.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (operatorToken) writeOperatorFile(config.dataDir, { url: `http://127.0.0.1:${port}`, token: operatorToken, pid: process.pid });
  const url = config.publicUrl ?? `http://localhost:${port}`;
  const lines = [
    '',
    `  智批 zhipi is running on ${database.kind === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL'}`,
    `  App:      ${url}/teaching/`,
    `  English:  http://en.localhost:${port}/teaching/`,
    config.apiDocs ? `  API docs: ${url}/correction-api/docs` : '  API docs: off (API_DOCS=1 to serve them)',
  ];
  if (config.seedDemo) {
    lines.push(`  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.username.padEnd(13)} ${a.note}`);
    if (demo) {
      const n = demo.students.length;
      const state = !demo.pending ? 'AI-corrected' : demo.pending === n ? 'being AI-corrected' : `(${demo.pending} being AI-corrected)`;
      lines.push(`  Demo:     ${demo.className} · 「${demo.taskTitle}」 (teacher01): ${n} essays ${state}`);
      lines.push(`            ${url}/teaching/homework/situation/writinglist?taskId=${demo.taskId}&classId=${demo.classId}`);
    }
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

/**
 * Child process of the API latency bench: the real app on the database named in BENCH_TARGET,
 * seeded with reference data and the demo school, listening on 127.0.0.1 port 0. It runs apart from
 * the load generator so autocannon does not share the server's event loop.
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/server/app';
import { loadPasswordCipher } from '../src/server/auth/rsa-keys';
import { loadConfig } from '../src/server/config';
import { createDeps } from '../src/server/create-deps';
import { openDatabase, type DatabaseTarget } from '../src/server/db/database';
import { MemoryFileStorage } from '../src/server/storage/memory-file-storage';
import { seedDemoSchool } from '../src/server/seed/demo-school';
import { seedReferenceData } from '../src/server/seed/reference-data';

export interface ServerReady {
  type: 'ready';
  port: number;
  publicKey: string;
}

async function main() {
  const target = JSON.parse(process.env.BENCH_TARGET ?? '') as DatabaseTarget;
  const database = await openDatabase(target);
  await seedReferenceData(database.db);
  // the scale bench brings its own district (bench/seed-district.ts)
  if (process.env.BENCH_SEED_DEMO !== 'false') await seedDemoSchool(database.db);
  // the server's createDeps on a fixed production environment (OCR in the job's thread; no essay is corrected here)
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', JWT_SECRET: randomBytes(32).toString('hex'), OCR_THREADS: '0' });
  const { services: { db: _db, ...deps } } = await createDeps(config, { database, overrides: { cipher: loadPasswordCipher(), sms: { send: async () => {} }, storage: new MemoryFileStorage() } });
  const cipher = deps.cipher;
  const app = await buildApp({
    database,
    deps,
    englishHosts: [],
    nodeEnv: 'production',
    // BENCH_JOBS=false: no job runner in the measured process, so a background job (the leaders'
    // facts of a freshly generated district take an hour) does not count as the requests' CPU
    ...(process.env.BENCH_JOBS === 'false' ? { jobs: false } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('message', (msg) => {
    if (msg === 'stop') void stop();
    // the scale bench divides this process's CPU time over a run by the requests it answered
    if (msg === 'cpu') process.send!({ type: 'cpu', usage: process.cpuUsage() });
  });
  process.on('disconnect', () => void stop());
  process.send!({ type: 'ready', port, publicKey: cipher.publicKeySpki } satisfies ServerReady);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

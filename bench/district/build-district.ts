import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { hashPassword } from '../../src/server/auth/password-hash';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-school';
import { seedReferenceData } from '../../src/server/seed/reference-data';
import { correctionTemplates, type CorrectionTemplate } from './correction-templates';
import { BULK_TABLES, dropBulkIndexes, type Queryable } from './deferred-indexes';
import { PICK_FUNCTION, SEED_STEPS, type SeedStep } from './district-sql';
import type { DistrictPlan } from './plan';

/** What filling needs of a connection: multi-statement text, and one statement with values. */
type SqlRunner = Queryable;

/** Another connection to the same database (PostgreSQL only), so independent steps run side by side. */
type OpenLane = () => Promise<SqlRunner & { close(): Promise<void> }>;

async function admin(adminUrl: string, sqlText: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/** The session state every step reads: pg_temp.pick, the plan row and the correction templates. */
async function prepareSession(run: SqlRunner, plan: DistrictPlan, passwordHash: string, templates: CorrectionTemplate[]) {
  await run.exec(PICK_FUNCTION);
  await run.exec(`create temporary table district_plan (schools int, tasks_per_teacher int, now timestamptz, start timestamptz, password_hash text)`);
  await run.query(`insert into district_plan values ($1, $2, $3, $4, $5)`, [plan.schools, plan.tasksPerTeacher, plan.now.toISOString(), plan.semesterStart.toISOString(), passwordHash]);
  await run.exec(`create temporary table district_templates (i int, transcript text, result jsonb, compact jsonb, ai_score text, percent int, word_count int, dims jsonb, dim_percents jsonb)`);
  for (const [i, t] of templates.entries()) {
    await run.query(`insert into district_templates values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [i, t.transcript, JSON.stringify(t.result), JSON.stringify(t.compactResult), t.aiScore, t.percent, t.wordCount, JSON.stringify(t.dimensionScores), JSON.stringify(t.dimensionPercents)]);
  }
  // temporary tables are never analysed by autovacuum: without this every join to them is planned blind
  await run.exec(`analyze district_plan; analyze district_templates`);
}

async function timed(run: SqlRunner, label: string, sqlText: string, log: (line: string) => void) {
  const t0 = performance.now();
  await run.exec(sqlText);
  log(`  ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${label}`);
}

/** The set-based steps of district-sql.ts on a migrated database with reference data. */
async function fillDistrict(run: SqlRunner, plan: DistrictPlan, log: (line: string) => void, openLane?: OpenLane) {
  const t0 = performance.now();
  const templates = await correctionTemplates();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await run.exec(`create table district_build (plan jsonb not null, started_at timestamptz not null default now(), finished_at timestamptz)`);
  const planJson = { essays: plan.essays, schools: plan.schools, tasksPerTeacher: plan.tasksPerTeacher, now: plan.now.toISOString(), semesterStart: plan.semesterStart.toISOString() };
  await run.query(`insert into district_build (plan) values ($1)`, [JSON.stringify(planJson)]);
  await prepareSession(run, plan, passwordHash, templates);
  const deferred = await dropBulkIndexes(run);
  // PostgreSQL: the bulk tables are loaded without WAL and written to it once, page by page, at the end
  // (SET LOGGED copies the table). Not the AI results: their bulk is TOAST, which SET LOGGED would
  // insert again chunk by chunk.
  const unlogged = openLane ? BULK_TABLES.filter((t) => t !== 'corrections') : [];
  if (unlogged.length) await run.exec(unlogged.map((t) => `alter table ${t} set unlogged`).join(';\n'));

  const ordered = SEED_STEPS.filter((s) => s.lane === undefined);
  const firstAfterLanes = SEED_STEPS.findIndex((s, i) => i > 0 && s.lane === undefined && SEED_STEPS[i - 1]!.lane !== undefined);
  const before = ordered.filter((s) => SEED_STEPS.indexOf(s) < firstAfterLanes);
  const after = ordered.filter((s) => SEED_STEPS.indexOf(s) >= firstAfterLanes);
  for (const step of before) await timed(run, step.label, step.sql, log);

  const lanes = new Map<number, SeedStep[]>();
  for (const s of SEED_STEPS) if (s.lane !== undefined) lanes.set(s.lane, [...(lanes.get(s.lane) ?? []), s]);
  const tLanes = performance.now();
  if (openLane) {
    await Promise.all(
      [...lanes.values()].map(async (steps) => {
        const lane = await openLane();
        try {
          await prepareSession(lane, plan, passwordHash, templates);
          for (const step of steps) await timed(lane, step.label, step.sql, log);
        } finally {
          await lane.close();
        }
      }),
    );
    log(`  ${((performance.now() - tLanes) / 1000).toFixed(1).padStart(6)} s  (the lanes above, side by side)`);
  } else {
    for (const steps of lanes.values()) for (const step of steps) await timed(run, step.label, step.sql, log);
  }
  for (const step of after) await timed(run, step.label, step.sql, log);
  if (unlogged.length) await timed(run, `tables written to the WAL (set logged: ${unlogged.length})`, unlogged.map((t) => `alter table ${t} set logged`).join(';\n'), log);
  await timed(run, `indexes and foreign keys of the bulk tables (${deferred.restore.length})`, deferred.restore.join(';\n'), log);
  await timed(run, 'vacuum analyze', 'vacuum analyze', log);
  await run.exec(`update district_build set finished_at = now()`);
  log(`  ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s  in all`);
}

/** Session settings of a bulk-loading connection to the benchmark database. */
const BULK_SESSION = [
  // A benchmark database: losing the last commits in a crash costs a rebuild, not data.
  `set synchronous_commit = off`,
  `set work_mem = '256MB'`,
  `set maintenance_work_mem = '1GB'`,
  // lz4 compresses the stored AI results (10–100 kB of JSON per row) several times faster than pglz.
  `set default_toast_compression = 'lz4'`,
].join('; ');

async function pgRunner(url: string): Promise<SqlRunner & { close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(BULK_SESSION);
  return { exec: (s) => client.query(s), query: (s, v) => client.query(s, v), close: () => client.end() };
}

/**
 * (Re)creates database `name` next to `adminUrl` and fills it with the district of `plan`: the app's
 * migrations and reference data, then the set-based steps of district-sql.ts (bulk tables without their
 * secondary indexes, the independent steps on parallel connections), the indexes, then VACUUM ANALYZE.
 * Returns the database URL.
 */
export async function buildDistrict(adminUrl: string, name: string, plan: DistrictPlan, log: (line: string) => void = () => {}): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a database name: ${name}`);
  await admin(adminUrl, `drop database if exists ${name} with (force)`);
  await admin(adminUrl, `create database ${name}`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  const database = await openDatabase({ kind: 'postgres', url });
  await seedReferenceData(database.db);
  await database.close();

  const main = await pgRunner(url);
  try {
    await fillDistrict(main, plan, log, () => pgRunner(url));
  } finally {
    await main.close();
  }
  return url;
}

/** The same district in a PGlite data folder (`dataDir/pgdata`, as the server opens it). */
export async function buildPgliteDistrict(dataDir: string, plan: DistrictPlan, log: (line: string) => void = () => {}): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await seedReferenceData(database.db);
  await database.close();
  await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(path.join(dataDir, 'pgdata'));
  try {
    await fillDistrict({ exec: (s) => client.exec(s), query: (s, v) => client.query(s, v) }, plan, log);
  } finally {
    await client.close();
  }
}

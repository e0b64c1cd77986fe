import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { hashPassword } from '../../src/server/auth/password-hash';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-school';
import { seedReferenceData } from '../../src/server/seed/reference-data';
import { correctionTemplates } from './correction-templates';
import { PICK_FUNCTION, SEED_STEPS } from './district-sql';
import type { DistrictPlan } from './plan';

/** What filling needs of a connection: multi-statement text, and one statement with values. */
interface SqlRunner {
  exec(sqlText: string): Promise<unknown>;
  query(sqlText: string, values: unknown[]): Promise<unknown>;
}

async function admin(adminUrl: string, sqlText: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/** The set-based steps of district-sql.ts on one connection of a migrated database with reference data. */
async function fillDistrict(run: SqlRunner, plan: DistrictPlan, log: (line: string) => void) {
  const templates = await correctionTemplates();
  await run.exec(`create table district_build (plan jsonb not null, started_at timestamptz not null default now(), finished_at timestamptz)`);
  const planJson = { essays: plan.essays, schools: plan.schools, tasksPerTeacher: plan.tasksPerTeacher, now: plan.now.toISOString(), semesterStart: plan.semesterStart.toISOString() };
  await run.query(`insert into district_build (plan) values ($1)`, [JSON.stringify(planJson)]);
  await run.exec(PICK_FUNCTION);
  await run.exec(`create temporary table district_plan (schools int, tasks_per_teacher int, now timestamptz, start timestamptz, password_hash text)`);
  await run.query(`insert into district_plan values ($1, $2, $3, $4, $5)`, [plan.schools, plan.tasksPerTeacher, plan.now.toISOString(), plan.semesterStart.toISOString(), await hashPassword(DEMO_PASSWORD)]);
  await run.exec(`create temporary table district_templates (i int, transcript text, result jsonb, compact jsonb, ai_score text, percent int, word_count int, dims jsonb, dim_percents jsonb)`);
  for (const [i, t] of templates.entries()) {
    await run.query(`insert into district_templates values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, [i, t.transcript, JSON.stringify(t.result), JSON.stringify(t.compactResult), t.aiScore, t.percent, t.wordCount, JSON.stringify(t.dimensionScores), JSON.stringify(t.dimensionPercents)]);
  }
  for (const step of [...SEED_STEPS, { label: 'vacuum analyze', sql: 'vacuum analyze' }]) {
    const t0 = performance.now();
    await run.exec(step.sql);
    log(`  ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${step.label}`);
  }
  await run.exec(`update district_build set finished_at = now()`);
}

/**
 * (Re)creates database `name` next to `adminUrl` and fills it with the district of `plan`: the app's
 * migrations and reference data, then the set-based steps of district-sql.ts, then VACUUM ANALYZE.
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

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A benchmark database: losing the last commits in a crash costs a rebuild, not data.
    await client.query(`set synchronous_commit = off; set work_mem = '256MB'; set maintenance_work_mem = '512MB'`);
    await fillDistrict({ exec: (s) => client.query(s), query: (s, v) => client.query(s, v) }, plan, log);
  } finally {
    await client.end();
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

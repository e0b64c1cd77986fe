import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';
import { seedReferenceData } from '../../src/server/seed/reference-data';
import { seedDemoSchool } from '../../src/server/seed/demo-school';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; a real PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it). */
export function databaseKinds(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh database per test file: in-memory PGlite, or a throwaway database on the server that
 * is dropped at close, because the server outlives the run.
 */
export async function createTestDatabase(kind: DbKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite' });
  const scratch = await createScratchPostgres();
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded PostgreSQL database the API files copy (tests/support/seeded-template.ts), when TEST_DATABASE_URL is set. */
    seededTemplate?: string;
  }
}

/**
 * A throwaway database on the TEST_DATABASE_URL server (other processes may open its url too), empty
 * or a copy of `template`; drop() removes it.
 */
export async function createScratchPostgres(template?: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `zhipi_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh database holding the reference data and the demo school, as the server seeds them. PGlite
 * starts from a dump made once per test process (initdb, migrations and seeding cost ~5 s on a busy
 * 2-core machine, loading the dump ~1 s); PostgreSQL copies the database seeded once per run
 * (CREATE DATABASE … TEMPLATE, a file copy), or is seeded anew when no run made one.
 */
export async function createSeededTestDatabase(kind: DbKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite', loadDataDir: await (seededDump ??= dumpSeeded()) });
  const template = seededTemplate();
  if (!template) {
    const database = await createTestDatabase(kind);
    await seed(database);
    return database;
  }
  const scratch = await createScratchPostgres(template);
  // the migrations are the template's: openDatabase finds nothing left to apply
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

/** The run's seeded PostgreSQL database to copy (CREATE DATABASE … TEMPLATE), if the API project's setup made one. */
export const seededTemplate = (): string | undefined => inject('seededTemplate');

let seededDump: Promise<Blob> | undefined;

async function dumpSeeded(): Promise<Blob> {
  const database = await createTestDatabase('pglite');
  try {
    await seed(database);
    const client = (database.db as unknown as { $client: PGlite }).$client;
    // Without a checkpoint the dump restarts by replaying the WAL, where each sequence is logged 32
    // values ahead: new rows would get ids 33+ instead of the next free ones (the id walks of the
    // security tests, ids 1–30, expect them dense).
    await client.exec('CHECKPOINT');
    return await client.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

export async function seed(database: Database) {
  await seedReferenceData(database.db);
  await seedDemoSchool(database.db);
}

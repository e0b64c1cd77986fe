import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/database';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; a real PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it). */
export function databaseKinds(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh database per test file: in-memory PGlite, or a throwaway database on the server that
 * is dropped at close, because the server outlives the run.
 */
export async function createTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite' });
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `zhipi_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

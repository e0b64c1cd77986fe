import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';
import { pgliteEvents, postgresEvents, type DbEvents } from './db-events';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or a transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN/NOTIFY between the processes of this database (db-events.ts). */
  events: DbEvents;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * `loadDataDir` starts an in-memory PGlite from a `dumpDataDir()` tarball instead of running initdb
 * (the API tests start each file's database from one seeded dump: seconds saved per file).
 */
export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/**
 * Opens the database and applies the numbered forward migrations. PGlite in a folder is the
 * embedded default (no dataDir = in memory, for tests); a URL opens a PostgreSQL server pool.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client can die under us (server restart, database dropped); without a listener that
    // error would crash the process. The pool replaces the client on the next query.
    pool.on('error', (err) => {
      if ((err as { code?: string }).code !== '57P01') console.warn(`PostgreSQL pool: ${err.message}`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder });
    const events = postgresEvents(target.url, { log: (msg) => console.warn(`PostgreSQL: ${msg}`) });
    return {
      db,
      kind: 'postgres',
      events,
      close: async () => {
        await events.close();
        await pool.end();
      },
    };
  }
  const unlock = target.dataDir ? lockDataDir(target.dataDir) : () => {};
  try {
    const client = target.dataDir ? await PGlite.create(path.join(target.dataDir, 'pgdata')) : await PGlite.create(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    const events = pgliteEvents(client);
    return {
      db,
      kind: 'pglite',
      events,
      close: async () => {
        await events.close();
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

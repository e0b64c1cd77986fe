import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema';

// The drizzle schema and the numbered migrations must describe the same database: a table changed in
// src/server/db/schema-*.ts without `npm run db:generate` would run against an older database. This is
// what `drizzle-kit generate` compares (the last snapshot against the schema), without writing files.
const migrations = path.resolve(import.meta.dirname, '../../src/server/db/migrations');

type Snapshot = Parameters<typeof generateMigration>[0];

function lastSnapshot(): Snapshot {
  const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  const last = journal.entries.at(-1)!.idx;
  return JSON.parse(readFileSync(path.join(migrations, `meta/${String(last).padStart(4, '0')}_snapshot.json`), 'utf8')) as Snapshot;
}

describe('schema and migrations', () => {
  it('the last migration snapshot matches the schema: no statement left to generate', async () => {
    const statements = await generateMigration(lastSnapshot(), generateDrizzleJson(schema));
    expect(statements, 'the schema changed without a migration: run `npm run db:generate` and commit it').toEqual([]);
  });

  it('would notice a table the migrations do not have', async () => {
    const snapshot = lastSnapshot() as Snapshot & { tables: Record<string, unknown> };
    const { ['public.jobs']: _dropped, ...tables } = snapshot.tables;
    const statements = await generateMigration({ ...snapshot, tables } as Snapshot, generateDrizzleJson(schema));
    expect(statements.join('\n')).toMatch(/CREATE TABLE "jobs"/);
  });
});

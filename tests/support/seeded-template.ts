import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database';
import { createScratchPostgres, seed } from '../helpers/test-database';

/**
 * The API project's global setup: with TEST_DATABASE_URL, one database migrated and seeded (reference
 * data, demo school) for the whole run, which each file's database copies with CREATE DATABASE …
 * TEMPLATE instead of migrating and seeding its own (tests/helpers/test-database.ts). Dropped at the end.
 */
export default async function setup(project: TestProject) {
  if (!process.env.TEST_DATABASE_URL) return undefined;
  const template = await createScratchPostgres();
  try {
    const database = await openDatabase({ kind: 'postgres', url: template.url });
    try {
      await seed(database);
    } finally {
      // no session may stay open on a template while it is copied
      await database.close();
    }
  } catch (err) {
    await template.drop();
    throw err;
  }
  project.provide('seededTemplate', template.name);
  return () => template.drop();
}

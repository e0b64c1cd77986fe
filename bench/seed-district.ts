/**
 * `node --import tsx bench/seed-district.ts [--essays=1000000] [--schools=N] [--reset]`: builds a
 * district in a PostgreSQL database of its own (by default `district_1m` for a million essays,
 * `district_<N>` for another size, on BENCH_ADMIN_URL or postgres://postgres@127.0.0.1:5432/postgres),
 * with the app's migrations and reference data, then schools, classes, students, tasks, essays with
 * pages, AI results, reviews, revision requests, growth records and notifications by set-based SQL.
 * A database already built with the same plan is reused (it takes minutes; build it once); --reset
 * drops it first. Prints the URL to give benchmarks (BENCH_DISTRICT_URL) and what it holds.
 * Every generated teacher signs in with the demo password: d01t01 … d21t24, headmasters d01h ….
 */
import pg from 'pg';
import { buildDistrict } from './district/build-district';
import { planDistrict } from './district/plan';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The database a plan of this many essays lives in (one per size, so quick runs never touch the big one). */
export function districtDatabaseName(essays: number): string {
  return essays === 1_000_000 ? 'district_1m' : `district_${essays}`;
}

export function districtUrl(essays: number, adminUrl = ADMIN_URL): string {
  const url = new URL(adminUrl);
  url.pathname = `/${districtDatabaseName(essays)}`;
  return url.toString();
}

/** The plan a finished build recorded, or undefined when the database is missing or unfinished. */
async function builtPlan(url: string): Promise<Record<string, unknown> | undefined> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return undefined;
  }
  try {
    const { rows } = await client.query(`select plan from district_build where finished_at is not null`);
    return rows[0]?.plan as Record<string, unknown> | undefined;
  } catch {
    return undefined;
  } finally {
    await client.end();
  }
}

async function describe(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = ['schools', 'classes', 'identities', 'students', 'tasks', 'essays', 'essay_pages', 'corrections', 'essay_reviews', 'growth_entries', 'notifications', 'student_notifications'];
    const counts: string[] = [];
    for (const t of tables) counts.push(`${t} ${(await client.query(`select count(*)::int as n from ${t}`)).rows[0].n}`);
    const { rows } = await client.query(`select pg_size_pretty(pg_database_size(current_database())) as size`);
    console.log(`  ${counts.join(', ')}; ${rows[0].size}`);
  } finally {
    await client.end();
  }
}

async function main() {
  const essays = Number(arg('essays') ?? 1_000_000);
  const schools = arg('schools') ? Number(arg('schools')) : undefined;
  if (!Number.isInteger(essays) || essays < 100) throw new Error('--essays must be a whole number ≥ 100');
  const name = districtDatabaseName(essays);
  const url = districtUrl(essays);
  const existing = process.argv.includes('--reset') ? undefined : await builtPlan(url);
  if (existing && existing.essays === essays && (schools === undefined || existing.schools === schools)) {
    console.log(`district ${name} already built (${JSON.stringify(existing)}); --reset rebuilds it`);
  } else {
    const plan = planDistrict(essays, new Date(), schools);
    console.log(`building ${name}: ${plan.schools} schools, ${plan.tasksPerTeacher} tasks per teacher`);
    const t0 = performance.now();
    await buildDistrict(ADMIN_URL, name, plan, (line) => console.log(line));
    console.log(`built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  await describe(url);
  console.log(`BENCH_DISTRICT_URL=${url}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

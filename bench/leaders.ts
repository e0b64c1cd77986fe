/**
 * School leaders' dashboards under load (product-rules.md#school-leaders): seeds a school of 3,000 students (2 campuses,
 * grades 7–9, 60 classes of 50) with 102 essay tasks and about 100,000 essays (with AI corrections and
 * teacher reviews) into a throwaway PostgreSQL database, builds essay_facts once, then drives each
 * dashboard API with autocannon at 20 concurrent connections as a headmaster, the app in a child
 * process (bench/api-server.ts), after a first answer has computed the figures. Also measures each
 * route's uncached cost (the figure cache off: the SQL plus shaping) one call at a time, in-process. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin connection).
 *   node --import tsx bench/leaders.ts [--duration=10] [--keep] [--reuse]
 * --keep leaves the database; --reuse measures a kept one again (no seeding; facts rebuilt from scratch).
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { encryptPassword } from '../src/core/security/encrypt-password';
import { openDatabase, type Database } from '../src/server/db/database';
import { DEMO_PASSWORD, seedDemoSchool } from '../src/server/seed/demo-school';
import { seedReferenceData } from '../src/server/seed/reference-data';
import { refreshEssayFacts } from '../src/server/services/leaders/essay-facts';
import { setLeaderCache } from '../src/server/services/leaders/leader-cache';
import { leaderDashboards } from '../src/server/services/leaders/leader-dashboards';
import type { AuthContext } from '../src/server/services/auth-context';
import type { ServerReady } from './api-server';

const here = path.dirname(new URL(import.meta.url).pathname);
const arg = (name: string, dflt: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = 20;
const KEEP = process.argv.includes('--keep');
const REUSE = process.argv.includes('--reuse');
const DB_NAME = 'zhipi_bench_leaders';
const M = '/correction-api/platform-management/leaders';
const ROUTES = [
  ['overview', `${M}/overview`],
  ['overview campus', `${M}/overview?campusId={campus}`],
  ['grade', `${M}/grade?sortBy=average&order=desc`],
  ['grade grade=8', `${M}/grade?grade=8&pageNum=2`],
  ['teacher', `${M}/teacher?sortBy=approved`],
  ['student', `${M}/student?sortBy=growth`],
] as const;

function databaseUrl(adminUrl: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

/** The school a --keep run left. */
async function keptSchool(database: Database): Promise<{ schoolId: number; campus: number; essays: number }> {
  const rows = (await database.db.execute(sql`
    select s.id as "schoolId", (select min(id) from campuses where school_id = s.id) as campus, (select count(*)::int from essays where school_id = s.id) as essays
    from schools s where register_code = 'BENCH2026'`)) as unknown as { rows: { schoolId: number; campus: number; essays: number }[] };
  return rows.rows[0]!;
}

async function createDatabase(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
  return databaseUrl(adminUrl);
}

/** The bench school: everything inserted by set-based SQL (generate_series), so it takes seconds. */
async function seedSchool(database: Database): Promise<{ schoolId: number; campus: number; essays: number }> {
  const db = database.db;
  const one = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows[0]!;
  const hash = (await one<{ h: string }>(sql`select password_hash as h from users where username = 'headmaster01'`)).h;
  const s = (await one<{ id: number }>(sql`insert into schools (name, register_code, version_id, limit_expires_at) values ('基准学校', 'BENCH2026', 1, now() + interval '1 year') returning id`)).id;
  const c1 = (await one<{ id: number }>(sql`insert into campuses (school_id, name) values (${s}::int, '东校区') returning id`)).id;
  const c2 = (await one<{ id: number }>(sql`insert into campuses (school_id, name) values (${s}::int, '西校区') returning id`)).id;
  const sem = (await one<{ id: number }>(sql`insert into semesters (school_id, year, term, name_zh, name_en, start_date, end_date, is_current) values (${s}::int, 2026, 1, '2026-2027学年上学期', '2026–2027 first term', '2026-09-01', '2027-01-31', true) returning id`)).id;
  await db.execute(sql`insert into users (username, realname, password_hash) select 'benchteacher' || n, '教师' || n, ${hash} from generate_series(1, 40) n`);
  await db.execute(sql`insert into identities (user_id, school_id, campus_id, role_id, teacher_name) select u.id, ${s}::int, ${c1}::int, 2, u.realname from users u where u.username like 'benchteacher%'`);
  await db.execute(sql`insert into users (username, realname, password_hash) values ('benchhead', '基准校长', ${hash})`);
  await db.execute(sql`insert into identities (user_id, school_id, role_id, teacher_name) select id, ${s}::int, 6, realname from users where username = 'benchhead'`);
  await db.execute(sql`
    insert into classes (school_id, campus_id, semester_id, name, grade, main_teacher_id, class_code)
    select ${s}::int, case when k % 2 = 0 then ${c1}::int else ${c2}::int end, ${sem}::int, g || '年级' || k || '班', g,
           (select id from identities where school_id = ${s}::int and role_id = 2 order by id offset ((g - 7) * 20 + k) % 40 limit 1),
           'BN' || g || '-' || k || '-' || substr(md5(random()::text), 1, 6)
    from generate_series(7, 9) g, generate_series(1, 20) k`);
  await db.execute(sql`insert into students (school_id, class_id, name, student_no) select ${s}::int, c.id, '学生' || n, n::text from classes c, generate_series(1, 50) n where c.school_id = ${s}::int`);
  const std = (await one<{ id: number }>(sql`insert into scoring_standards (school_id, name, level_type, level_dim) values (${s}::int, '百分制', 3, '立意,内容,结构,语言') returning id`)).id;
  await db.execute(sql`
    insert into tasks (school_id, title, type, genre, grade, semester_id, release_at, deadline, creator_identity_id, scoring_standard_id)
    select ${s}::int, g || '年级作文' || n, 'selfSet', 'narrative', g, ${sem}::int, '2026-09-05', '2027-01-20',
           (select id from identities where school_id = ${s}::int and role_id = 2 order by id offset ((g - 7) * 13 + n) % 40 limit 1), ${std}::int
    from generate_series(7, 9) g, generate_series(1, 34) n`);
  await db.execute(sql`insert into task_classes (task_id, class_id) select t.id, c.id from tasks t join classes c on c.school_id = t.school_id and c.grade = t.grade where t.school_id = ${s}::int`);
  await db.execute(sql`
    insert into essays (school_id, task_id, class_id, student_id, status, source, word_count, ai_score, teacher_score, submitted_at, audit_at, updated_at)
    select ${s}::int, tc.task_id, tc.class_id, st.id, x.status, 'batch', 300 + floor(random() * 500)::int, x.ai::text,
           case when x.status = 'approved' then (case when random() < 0.3 then x.ai + floor(random() * 11)::int - 5 else x.ai end)::text end,
           x.at, x.audit, coalesce(x.audit, x.at)
    from task_classes tc
    join tasks t on t.id = tc.task_id and t.school_id = ${s}::int
    join students st on st.class_id = tc.class_id
    cross join lateral (select r,
        case when r < 0.70 then 'approved' when r < 0.85 then 'ai_done' when r < 0.90 then 'abnormal' when r < 0.95 then 'submitted' else 'revision_requested' end as status,
        50 + floor(random() * 50)::int as ai, t0.at,
        case when r < 0.70 then t0.at + random() * interval '72 hours' end as audit
      from (select random() + 0 * st.id as r) rr, lateral (select now() - interval '80 days' + random() * interval '75 days' + 0 * rr.r * interval '1 s' as at) t0) x
    where random() < 0.981`);
  await db.execute(sql`
    insert into corrections (essay_id, status, result)
    select e.id, 'done', jsonb_build_object(
      'score', jsonb_build_object('percent', e.ai_score::int, 'dimensions', jsonb_build_array(
        jsonb_build_object('id', 'theme', 'percent', e.ai_score::int), jsonb_build_object('id', 'content', 'percent', e.ai_score::int - 3),
        jsonb_build_object('id', 'structure', 'percent', e.ai_score::int + 2), jsonb_build_object('id', 'language', 'percent', e.ai_score::int - 1))),
      'notes', case when e.id % 3 = 0 then jsonb_build_array(jsonb_build_object('kind', 'wrongChar', 'start', 0, 'end', 2, 'excerpt', '一渡', 'message', '错字', 'fix', '一度'))
                    when e.id % 5 = 0 then jsonb_build_array(jsonb_build_object('kind', 'punctuation', 'start', 0, 'end', 2, 'excerpt', '了,', 'message', '标点', 'fix', '了，'))
                    else '[]'::jsonb end)
    from essays e where e.school_id = ${s}::int and e.status in ('approved', 'ai_done', 'abnormal', 'revision_requested')`);
  await db.execute(sql`update essays set flags = '[{"code":"OFF_TOPIC"}]'::jsonb where school_id = ${s}::int and status = 'abnormal'`);
  await db.execute(sql`
    insert into essay_reviews (essay_id, teacher_comment, dimension_scores, approved_by_identity_id, approved_at)
    select e.id, '条理清楚，语言通顺。', jsonb_build_array(jsonb_build_object('id', 'theme', 'value', e.teacher_score::int), jsonb_build_object('id', 'content', 'value', e.teacher_score::int)),
           t.creator_identity_id, e.audit_at
    from essays e join tasks t on t.id = e.task_id where e.school_id = ${s}::int and e.status = 'approved'`);
  await db.execute(sql`analyze`);
  const n = (await one<{ n: number }>(sql`select count(*)::int as n from essays where school_id = ${s}::int`)).n;
  return { schoolId: s, campus: c1, essays: n };
}

function startServer(url: string): Promise<{ child: ReturnType<typeof fork>; ready: ServerReady }> {
  const child = fork(path.join(here, 'api-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_TARGET: JSON.stringify({ kind: 'postgres', url }), NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (msg) => resolve({ child, ready: msg as ServerReady }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}


async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)');
  const url = REUSE ? databaseUrl(adminUrl) : await createDatabase(adminUrl);
  const database = await openDatabase({ kind: 'postgres', url });
  let t = performance.now();
  let school: Awaited<ReturnType<typeof seedSchool>>;
  if (REUSE) {
    school = await keptSchool(database);
    await database.db.execute(sql`delete from essay_facts where school_id = ${school.schoolId}::int`);
    await database.db.execute(sql`delete from essay_facts_watermarks where school_id = ${school.schoolId}::int`);
  } else {
    await seedReferenceData(database.db);
    await seedDemoSchool(database.db);
    school = await seedSchool(database);
  }
  process.stderr.write(`seeded ${school.essays} essays, 3000 students in ${Math.round(performance.now() - t)} ms\n`);
  t = performance.now();
  const facts = await refreshEssayFacts(database.db, school.schoolId);
  const backfillMs = Math.round(performance.now() - t);
  process.stderr.write(`essay_facts backfill: ${facts} essays in ${backfillMs} ms\n`);
  await database.db.execute(sql`analyze essay_facts`);
  // what a dashboard request pays when 200 essays changed since the last refresh (approvals during the day)
  await database.db.execute(sql`update essays set updated_at = now() where id in (select id from essays where school_id = ${school.schoolId}::int order by random() limit 200)`);
  t = performance.now();
  const touched = await refreshEssayFacts(database.db, school.schoolId);
  const incrementalMs = Math.round(performance.now() - t);
  t = performance.now();
  await refreshEssayFacts(database.db, school.schoolId);
  const idleMs = Math.round(performance.now() - t);
  process.stderr.write(`incremental refresh: ${touched} essays in ${incrementalMs} ms; nothing changed: ${idleMs} ms\n`);

  // uncached SQL: the service in-process, figure cache off, 20 calls at a time
  setLeaderCache(false);
  const auth = { school: { id: school.schoolId }, identity: { id: -1 }, permissions: [{ permissionId: 'headmaster', actions: ['query'] }] } as unknown as AuthContext;
  const svc = leaderDashboards({ db: database.db, now: () => new Date() });
  const table = { pageNum: 1, pageSize: 10, order: 'desc' as const };
  const calls: [string, () => Promise<unknown>][] = [
    ['overview', () => svc.overview(auth, {}, 'zh')],
    ['overview campus', () => svc.overview(auth, { campusId: school.campus }, 'zh')],
    ['grade', () => svc.gradeData(auth, { ...table, sortBy: 'average' }, 'zh')],
    ['grade grade=8', () => svc.gradeData(auth, { ...table, grade: 8, pageNum: 2 }, 'zh')],
    ['teacher', () => svc.teacherData(auth, { ...table, sortBy: 'approved' }, 'zh')],
    ['student', () => svc.studentData(auth, { ...table, sortBy: 'growth' }, 'zh')],
  ];
  // one call at a time: what a recompute costs when approvals move the facts (the cache then misses once)
  const uncached: Record<string, { p50: number; p99: number }> = {};
  for (const [name, call] of calls) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const a = performance.now();
      await call();
      times.push(performance.now() - a);
    }
    const sorted = [...times].sort((a, b) => a - b);
    uncached[name] = { p50: Math.round(sorted[2]!), p99: Math.round(sorted[4]!) };
    process.stderr.write(`  uncached ${name.padEnd(16)} median ${uncached[name].p50} ms  max ${uncached[name].p99} ms  (5 calls, one at a time)\n`);
  }
  await database.close();

  const { child, ready } = await startServer(url);
  const base = `http://127.0.0.1:${ready.port}`;
  const login = await fetch(`${base}/correction-api/platform-system/auth/loginTeacher`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'benchhead', password: await encryptPassword(DEMO_PASSWORD, ready.publicKey) }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const rows: string[] = [];
  let failed = false;
  // the bare health route on the same server: how loaded the machine is while the dashboards are measured
  const health = await autocannon({ url: `${base}/correction-api/health`, connections: CONNECTIONS, duration: 3 });
  rows.push(`| health (no token, no SQL) | ${health.latency.p50} | ${health.latency.p99} | ${Math.round(health.requests.average)} | – | – | ${health.non2xx} |`);
  for (const [name, route] of ROUTES) {
    const opts = { url: base + route.replace('{campus}', String(school.campus)), connections: CONNECTIONS, headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' } };
    // the first answer computes the figures (see the uncached column); then the steady state is measured
    const probe = await fetch(opts.url, { headers: opts.headers });
    if (probe.status !== 200) throw new Error(`${route} answered ${probe.status}`);
    await autocannon({ ...opts, duration: 2 });
    const r = await autocannon({ ...opts, duration: DURATION });
    if (r.non2xx || r.errors) failed = true;
    rows.push(`| ${name} | ${r.latency.p50} | ${r.latency.p99} | ${Math.round(r.requests.average)} | ${uncached[name]!.p50} | ${uncached[name]!.p99} | ${r.non2xx} |`);
    process.stderr.write(`  http ${name.padEnd(16)} p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ${Math.round(r.requests.average)} req/s\n`);
  }
  child.send('stop');
  console.log(`\nload average ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')} (1/5/15 min) at the end\nLeaders dashboards: ${school.essays} essays, 3,000 students, PostgreSQL; facts backfill ${backfillMs} ms, refresh of 200 changed essays ${incrementalMs} ms, of none ${idleMs} ms; ${CONNECTIONS} connections, ${DURATION} s per route\n`);
  console.log('| route | HTTP p50 (ms) | HTTP p99 (ms) | req/s | uncached median (ms) | uncached max of 5 (ms) | non-2xx |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  if (!KEEP) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.end();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

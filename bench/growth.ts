/**
 * `npx tsx bench/growth.ts`: latency of one student's growth profile (GET studentGrowing/single) with
 * 200 approved essays (100 tasks, first and revised drafts, wrong characters, good sentences,
 * comments), at 20 concurrent connections, on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; a
 * throwaway database created and dropped; PGlite allows one process per data folder, so it is not
 * measured here). The essays are written as
 * approved rows and turned into growth entries by the product's own code (backfillGrowth, what the growth-backfill job runs), as
 * the job queued at every server start does. Options: --duration=10 --warmup=2 --connections=20.
 */
import autocannon from 'autocannon';
import { and, eq } from 'drizzle-orm';
import { encryptPassword } from '../src/core/security/encrypt-password';
import { openDatabase, type DatabaseTarget } from '../src/server/db/database';
import { classes, corrections, essayReviews, essays, identities, scoringStandards, students, taskClasses, tasks, users } from '../src/server/db/schema';
import { DEMO_PASSWORD } from '../src/server/seed/demo-school';
import { backfillGrowth } from '../src/server/services/growth-backfill-job';
import { serverCpuMs, startServer, stopServer, withThrowawayPostgres } from './api-bench-harness';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const DURATION = Number(arg('duration', '10'));
const WARMUP = Number(arg('warmup', '2'));
const CONNECTIONS = Number(arg('connections', '20'));
/** gzip: ask as a browser does (Accept-Encoding), identity: uncompressed answers (the rows before 2026-11-25 11:30). */
const ENCODING = arg('encoding', 'gzip');
const ESSAYS = 200;
const TEXT = '秋天到了，一年一度的运动会开始了。我咬紧牙关，坚持不懈，终于跑到了终点。老师的笑容像春天的阳光一样温暖。'.repeat(8);

/** 200 approved essays of the first student of teacher01's 七年级1班, then their growth entries. */
async function seed(target: DatabaseTarget): Promise<number> {
  const database = await openDatabase(target);
  const db = database.db;
  const [ident] = await db.select({ id: identities.id, schoolId: identities.schoolId }).from(identities).innerJoin(users, eq(users.id, identities.userId)).where(eq(users.username, 'teacher01'));
  const [cls] = await db.select().from(classes).where(and(eq(classes.schoolId, ident!.schoolId), eq(classes.name, '七年级1班')));
  const [student] = await db.select().from(students).where(eq(students.classId, cls!.id)).orderBy(students.studentNo).limit(1);
  const [std] = await db.select().from(scoringStandards).where(eq(scoringStandards.isDefault, true));
  const start = Date.UTC(2026, 8, 1);
  for (let i = 0; i < ESSAYS / 2; i++) {
    const [task] = await db
      .insert(tasks)
      .values({ schoolId: ident!.schoolId, title: `第${i + 1}次作文`, type: 'selfSet', genre: 'narrative', grade: 7, releaseAt: new Date(start + i * 86_400_000), deadline: new Date(start + (i + 7) * 86_400_000), creatorIdentityId: ident!.id, scoringStandardId: std?.id ?? null })
      .returning();
    await db.insert(taskClasses).values({ taskId: task!.id, classId: cls!.id });
    for (const draft of [0, 1]) {
      const level = ['A', 'B', 'C'][(i + draft) % 3]!;
      const [e] = await db
        .insert(essays)
        .values({ schoolId: ident!.schoolId, taskId: task!.id, classId: cls!.id, studentId: student!.id, draft, status: 'approved', source: 'single', wordCount: 600 + i + draft * 40, teacherScore: level, submittedAt: new Date(start + i * 86_400_000 + draft * 3_600_000), auditAt: new Date(start + i * 86_400_000 + 7_200_000) })
        .returning();
      const notes = draft === 0 ? [{ kind: 'wrongChar', start: 6, end: 7, excerpt: '渡', fix: '度', message: '错别字：“渡”应为“度”（一年一度）。' }] : [];
      await db.insert(corrections).values({ essayId: e!.id, status: 'done', transcript: TEXT, result: { notes }, engine: 'local' });
      await db.insert(essayReviews).values({
        essayId: e!.id,
        teacherComment: `第${i + 1}次作文：条理清楚，细节真实。`,
        dimensionScores: ['theme', 'content', 'structure', 'language', 'mechanics'].map((id) => ({ id, name: id, label: level })),
        annotations: [{ id: 'g', kind: 'good', start: 40, end: 56, excerpt: '老师的笑容像春天的阳光一样温暖。', text: '比喻生动' }],
        approvedAt: new Date(),
      });
    }
  }
  const built = await backfillGrowth(db, () => new Date());
  await database.close();
  if (built !== ESSAYS) throw new Error(`expected ${ESSAYS} growth entries, built ${built}`);
  return student!.id;
}

async function run(label: string, target: DatabaseTarget) {
  const { child, ready } = await startServer(target);
  try {
    const studentId = await seed(target);
    const base = `http://127.0.0.1:${ready.port}`;
    const login = await fetch(`${base}/correction-api/platform-system/auth/loginTeacher`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'teacher01', password: await encryptPassword(DEMO_PASSWORD, ready.publicKey) }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const url = `${base}/correction-api/platform-management/studentGrowing/single?studentId=${studentId}`;
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(ENCODING === 'gzip' ? { 'accept-encoding': 'gzip, deflate, br' } : {}) };
    const probe = await fetch(url, { headers });
    const sent = Number(probe.headers.get('content-length') ?? 0);
    const body = (await probe.json()) as { data: { trend: unknown[]; wrongBook: { count: number }[] } };
    if (probe.status !== 200 || body.data.trend.length !== ESSAYS) throw new Error(`profile answered ${probe.status} with ${body.data?.trend?.length} essays`);
    const bytes = JSON.stringify(body).length;
    if (WARMUP) await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP });
    const cpu0 = serverCpuMs(child.pid!);
    const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
    // the server's own CPU per answer: what the route costs whatever else the machine is doing
    const cpuPerRequest = (serverCpuMs(child.pid!) - cpu0) / Math.max(1, r.requests.total ?? 0);
    const health = await autocannon({ url: `${base}/correction-api/health`, connections: CONNECTIONS, duration: 2 });
    console.log(`| ${label} | ${ESSAYS} | ${CONNECTIONS} | ${r.latency.p50} | ${r.latency.p99} | ${Math.round(r.requests.average)} | ${Math.round(bytes / 1024)} KB (${ENCODING === 'gzip' ? `gzip ${Math.round(sent / 1024)} KB` : 'identity'}) | ${cpuPerRequest.toFixed(1)} | ${health.latency.p99} | ${r.non2xx} | ${r.errors + r.timeouts} |`);
  } finally {
    await stopServer(child);
  }
}

async function main() {
  console.log('| database | essays | connections | p50 (ms) | p99 (ms) | req/s | answer | server CPU / answer (ms) | health p99 (ms) | non-2xx | errors |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  await withThrowawayPostgres('zhipi_growth', (target) => run('postgres', target));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

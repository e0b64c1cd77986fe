/**
 * `npx tsx bench/report-data.ts`: latency of the class report's data (POST tasks/getReportData, mode full:
 * overview, dimensions, common problems, good sentences, excellent essays, attention, comparison with the
 * previous task, the per-student table and every student's page) for a class of 50 students with 50
 * approved essays in the task and 50 in the previous one, at 20 concurrent connections, on PostgreSQL
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL; a throwaway database created and dropped; PGlite allows one
 * process per data folder, so it is not measured here). Options: --duration=10 --warmup=2 --connections=20.
 */
import autocannon from 'autocannon';
import { and, eq } from 'drizzle-orm';
import { encryptPassword } from '../src/core/security/encrypt-password';
import { openDatabase, type DatabaseTarget } from '../src/server/db/database';
import { classes, corrections, essayReviews, essays, identities, scoringStandards, students, taskClasses, tasks, users } from '../src/server/db/schema';
import { DEMO_PASSWORD } from '../src/server/seed/demo-school';
import { serverCpuMs, startServer, stopServer, withThrowawayPostgres } from './api-bench-harness';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const DURATION = Number(arg('duration', '10'));
const WARMUP = Number(arg('warmup', '2'));
const CONNECTIONS = Number(arg('connections', '20'));
const STUDENTS = 50;
const TEXT = '秋天到了，一年一度的运动会开始了。我咬紧牙关，坚持不懈，终于跑到了终点。老师的笑容像春天的阳光一样温暖。'.repeat(8);

/** Teacher01's 七年级1班 filled up to 50 students; two tasks with an approved essay of every student. */
async function seed(target: DatabaseTarget): Promise<{ taskId: number; classId: number }> {
  const database = await openDatabase(target);
  const db = database.db;
  const [ident] = await db.select({ id: identities.id, schoolId: identities.schoolId }).from(identities).innerJoin(users, eq(users.id, identities.userId)).where(eq(users.username, 'teacher01'));
  const [cls] = await db.select().from(classes).where(and(eq(classes.schoolId, ident!.schoolId), eq(classes.name, '七年级1班')));
  let roster = await db.select().from(students).where(eq(students.classId, cls!.id)).orderBy(students.studentNo);
  if (roster.length < STUDENTS) {
    await db.insert(students).values(Array.from({ length: STUDENTS - roster.length }, (_, i) => ({ schoolId: ident!.schoolId, classId: cls!.id, name: `补充学生${i + 1}`, studentNo: String(9000 + i) })));
    roster = await db.select().from(students).where(eq(students.classId, cls!.id)).orderBy(students.studentNo);
  }
  roster = roster.slice(0, STUDENTS);
  const [std] = await db.select().from(scoringStandards).where(eq(scoringStandards.isDefault, true));
  const start = Date.UTC(2026, 8, 1);
  let taskId = 0;
  for (let k = 0; k < 2; k++) {
    const [task] = await db
      .insert(tasks)
      .values({ schoolId: ident!.schoolId, title: `报告压测${k + 1}`, type: 'selfSet', genre: 'narrative', grade: 7, releaseAt: new Date(start + k * 7 * 86_400_000), deadline: new Date(start + (k + 1) * 7 * 86_400_000), creatorIdentityId: ident!.id, scoringStandardId: std?.id ?? null })
      .returning();
    await db.insert(taskClasses).values({ taskId: task!.id, classId: cls!.id });
    taskId = task!.id;
    for (const [i, s] of roster.entries()) {
      const level = ['A', 'B', 'C', 'B'][(i + k) % 4]!;
      const [e] = await db
        .insert(essays)
        .values({ schoolId: ident!.schoolId, taskId: task!.id, classId: cls!.id, studentId: s.id, status: 'approved', source: 'single', wordCount: 500 + i, teacherScore: level, submittedAt: new Date(start + k * 7 * 86_400_000 + i * 60_000), auditAt: new Date(start + k * 7 * 86_400_000 + 7_200_000) })
        .returning();
      const notes = [
        { kind: 'wrongChar', start: 6, end: 7, excerpt: '渡', fix: '度', message: '错别字：“渡”应为“度”（一年一度）。' },
        { kind: 'punctuation', start: 20, end: 21, excerpt: '，', fix: '。', message: '句末应用句号。' },
        { kind: 'goodSentence', start: 40, end: 56, excerpt: '老师的笑容像春天的阳光一样温暖。', message: '比喻生动' },
      ].slice(0, 1 + (i % 3));
      await db.insert(corrections).values({ essayId: e!.id, status: 'done', transcript: TEXT, result: { notes, comments: { overall: '结构清晰，语言较流畅。' } }, engine: 'local' });
      await db.insert(essayReviews).values({
        essayId: e!.id,
        teacherComment: '条理清楚，细节真实；结尾可以再点题。',
        dimensionScores: ['theme', 'content', 'structure', 'language', 'mechanics'].map((id) => ({ id, name: id, label: level })),
        approvedAt: new Date(),
      });
    }
  }
  await database.close();
  return { taskId, classId: cls!.id };
}

async function run(label: string, target: DatabaseTarget) {
  const { child, ready } = await startServer(target);
  try {
    const { taskId, classId } = await seed(target);
    const base = `http://127.0.0.1:${ready.port}`;
    const login = await fetch(`${base}/correction-api/platform-system/auth/loginTeacher`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'teacher01', password: await encryptPassword(DEMO_PASSWORD, ready.publicKey) }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const url = `${base}/correction-api/platform-management/tasks/getReportData`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const body = JSON.stringify({ taskId, classId, mode: 'full' });
    const probe = await fetch(url, { method: 'POST', headers, body });
    const answer = (await probe.json()) as { data: { overview: { approved: number }; studentPages: unknown[] } };
    if (probe.status !== 200 || answer.data.overview.approved !== STUDENTS || answer.data.studentPages.length !== STUDENTS) throw new Error(`report answered ${probe.status}: ${JSON.stringify(answer).slice(0, 300)}`);
    const bytes = JSON.stringify(answer).length;
    const load = { url, method: 'POST' as const, headers, body, connections: CONNECTIONS };
    if (WARMUP) await autocannon({ ...load, duration: WARMUP });
    const cpu0 = serverCpuMs(child.pid!);
    const r = await autocannon({ ...load, duration: DURATION });
    // the server's own CPU per answer: what the route costs whatever else the machine is doing
    const cpuPerRequest = (serverCpuMs(child.pid!) - cpu0) / Math.max(1, r.requests.total ?? 0);
    const health = await autocannon({ url: `${base}/correction-api/health`, connections: CONNECTIONS, duration: 2 });
    console.log(`| ${label} | ${STUDENTS} | ${CONNECTIONS} | ${r.latency.p50} | ${r.latency.p99} | ${Math.round(r.requests.average)} | ${Math.round(bytes / 1024)} KB | ${cpuPerRequest.toFixed(1)} | ${health.latency.p99} | ${r.non2xx} | ${r.errors + r.timeouts} |`);
  } finally {
    await stopServer(child);
  }
}

async function main() {
  console.log('| database | students | connections | p50 (ms) | p99 (ms) | req/s | answer | server CPU / answer (ms) | health p99 (ms) | non-2xx | errors |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  await withThrowawayPostgres('zhipi_report', (target) => run('postgres', target));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { essayFacts, essayFactsWatermarks, essays, jobs } from '../../src/server/db/schema';
import { ESSAY_FACTS_JOB, freshenFacts } from '../../src/server/services/leaders/essay-facts-job';
import { refreshEssayFacts } from '../../src/server/services/leaders/essay-facts';
import { MGMT } from '../helpers/flows';
import { seedLeadersSchool, type LeadersSchool } from '../helpers/leaders-school';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { leaders as leadersRoutes } from '../../src/core/api/routes/leaders';

// Figures of the small school of tests/helpers/leaders-school.ts, counted by hand from its rows:
// current semester 2026-09-01 … 2027-01-31 (middle 2026-11-16); campus 东 has 七年级1班 (4 students,
// teacher 刘) and 七年级2班 (2, teacher 孙), campus 西 has 八年级1班 (3, 孙). Released tasks: 我的老师
// (刘 → both 七年级 classes) and 秋天 (孙 → 八年级1班); a scheduled task does not count. Essays (latest drafts):
//  e1 七1 approved by 刘, AI 70 → teacher 80, 4 h, wrong character, 2 annotations, 500 words
//  e2 七1 approved by 刘, AI 60 = teacher 60, 10 h, punctuation, 400 words
//  e3 七1 AI done 90, waiting since 10-05, wrong character + long sentence, 600 words
//  e4 七2 abnormal (off topic) since 10-03, 300 words: abnormal, so neither AI-corrected nor pending review (core status-buckets)
//  e5/e6 七2 draft 0 revision requested (AI 50, 350 words) → draft 1 submitted, not corrected
//  e7 八1 approved by 孙, AI 85 → teacher 75, 6 h, 450 words;  e8 八1 approved by 孙, AI 95 = 95, 24 h, 550 words
// An essay of last semester must not count anywhere.
const URL = `${MGMT}/leaders`;

describe.each(databaseKinds())('school leaders dashboards on %s', (kind) => {
  let t: TestApp;
  let s: LeadersSchool;
  const tok: Record<string, string> = {};
  const get = async (path: string, who: string, status = 200, lang?: 'zh' | 'en') => {
    const res = await t.call('GET', `${URL}/${path}`, { token: tok[who], lang });
    expect(res.statusCode, res.body).toBe(status);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await seedLeadersSchool(t.database.db, 'ld');
    for (const [k, u] of Object.entries(s.logins)) tok[k] = await t.login(u);
    tok.demoHead = await t.login('headmaster01');
  }, 120_000);
  afterAll(() => t?.close());

  it('home: counts, rates, turnaround, bands by grade, problems and teachers waiting, for the whole school', async () => {
    const d = await get('overview', 'head');
    expect(d.scope).toMatchObject({ semesterId: s.semester, campusId: null, campusFixed: false });
    expect(d.scope.campuses.map((c: { value: number }) => c.value)).toEqual([s.campusA, s.campusB]);
    expect(d).toMatchObject({ tasks: 2, expected: 9, submitted: 7, aiCorrected: 5, approved: 4, submissionRate: 0.778, aiRate: 0.714, approvalRate: 0.571, turnaroundHours: 11 });
    expect(d.bandsByGrade).toEqual([
      { grade: 7, label: '七年级', average: 76.7, bands: [
        { band: 'excellent', label: '优秀', count: 1 }, { band: 'good', label: '良好', count: 1 }, { band: 'medium', label: '中等', count: 0 },
        { band: 'qualified', label: '合格', count: 1 }, { band: 'needsImprovement', label: '待提高', count: 0 },
      ] },
      { grade: 8, label: '八年级', average: 85, bands: [
        { band: 'excellent', label: '优秀', count: 1 }, { band: 'good', label: '良好', count: 0 }, { band: 'medium', label: '中等', count: 1 },
        { band: 'qualified', label: '合格', count: 0 }, { band: 'needsImprovement', label: '待提高', count: 0 },
      ] },
    ]);
    expect(d.problems.map((p: { kind: string; essays: number }) => [p.kind, p.essays])).toEqual(expect.arrayContaining([['wrongChar', 2], ['punctuation', 1], ['longSentence', 1], ['offTopic', 1]]));
    expect(d.problems[0]).toMatchObject({ kind: 'wrongChar', essays: 2 });
    expect(d.waiting).toEqual([{ teacherId: s.teacher1, name: '刘老师', essays: 1, oldestAt: '2026-10-05T00:00:00.000Z', waitingHours: expect.any(Number) }]);
  });

  it('the principal (role 7) reads the same figures; English labels on the English host', async () => {
    const d = await get('overview', 'principal', 200, 'en');
    expect(d).toMatchObject({ tasks: 2, submitted: 7, approved: 4 });
    expect(d.bandsByGrade[0].label).toBe('Grade 7');
    expect(d.bandsByGrade[0].bands[0].label).toBe('Excellent');
  });

  it('campus filter, and a headmaster tied to a campus sees only that campus', async () => {
    const east = await get(`overview?campusId=${s.campusA}`, 'head');
    expect(east).toMatchObject({ tasks: 1, expected: 6, submitted: 5, aiCorrected: 3, approved: 2, turnaroundHours: 7 });
    const scoped = await get('overview', 'headA');
    expect(scoped).toMatchObject({ tasks: 1, expected: 6, submitted: 5, approved: 2 });
    expect(scoped.scope).toMatchObject({ campusId: s.campusA, campusFixed: true });
    expect(scoped.scope.campuses).toEqual([{ value: s.campusA, label: '东校区' }]);
    await get(`overview?campusId=${s.campusB}`, 'headA', 403);
    await get(`grade?campusId=${s.campusB}`, 'headA', 403);
  });

  it('grade data: per class rates, averages and dimensions, per grade, monthly trend; sorted and paged', async () => {
    const d = await get('grade?pageSize=2&sortBy=average&order=desc', 'head');
    expect(d.table.total).toBe(3);
    expect(d.table.list.map((r: { className: string }) => r.className)).toEqual(['八年级1班', '七年级1班']);
    expect(d.table.list[1]).toMatchObject({ students: 4, tasks: 1, expected: 4, submitted: 3, approved: 2, submissionRate: 0.75, approvalRate: 0.667, average: 76.7, campus: '东校区' });
    expect(d.table.list[1].dimensions).toEqual(expect.arrayContaining([{ id: 'theme', name: '立意切题', average: 76.7 }]));
    expect(d.table.list[0]).toMatchObject({ students: 3, submitted: 2, approved: 2, submissionRate: 0.667, approvalRate: 1, average: 85 });
    const page2 = await get('grade?pageSize=2&pageNum=2&sortBy=average&order=desc', 'head');
    expect(page2.table.list).toHaveLength(1);
    expect(page2.table.list[0]).toMatchObject({ className: '七年级2班', students: 2, submitted: 2, approved: 0, average: null });
    expect(d.grades).toEqual([
      { grade: 7, label: '七年级', classes: 2, submissionRate: 0.833, approvalRate: 0.4, average: 76.7 },
      { grade: 8, label: '八年级', classes: 1, submissionRate: 0.667, approvalRate: 1, average: 85 },
    ]);
    expect(d.trend).toEqual([
      { month: '2026-09', submitted: 1, average: 95 },
      { month: '2026-10', submitted: 3, average: 85 },
      { month: '2026-12', submitted: 3, average: 67.5 },
    ]);
    const seventh = await get('grade?grade=7', 'head');
    expect(seventh.table.total).toBe(2);
  });

  it('teacher data: classes, tasks, approvals, median time, AI score changes, comments', async () => {
    const d = await get('teacher?sortBy=classes&order=desc', 'head');
    expect(d.table.list).toEqual([
      { teacherId: s.teacher2, name: '孙老师', classes: 2, tasks: 1, approved: 2, medianHours: 15, changedRate: 0.5, averageChange: -10, averageAbsChange: 10, comments: 2, annotations: 0 },
      { teacherId: s.teacher1, name: '刘老师', classes: 1, tasks: 1, approved: 2, medianHours: 7, changedRate: 0.5, averageChange: 10, averageAbsChange: 10, comments: 2, annotations: 2 },
    ]);
  });

  it('student data: students, active writers, essays per student, words, growth', async () => {
    const d = await get('student?sortBy=className&order=asc', 'head');
    const byName = Object.fromEntries(d.table.list.map((r: { className: string }) => [r.className, r]));
    expect(byName['七年级1班']).toMatchObject({ students: 4, activeWriters: 3, essays: 3, essaysPerStudent: 0.75, words: 1500, growth: -25 });
    expect(byName['七年级2班']).toMatchObject({ students: 2, activeWriters: 2, essays: 3, essaysPerStudent: 1.5, words: 650, growth: null });
    expect(byName['八年级1班']).toMatchObject({ students: 3, activeWriters: 2, essays: 2, essaysPerStudent: 0.67, words: 1000, growth: -20 });
    expect(d.grades).toEqual([
      { grade: 7, label: '七年级', students: 6, activeWriters: 5, essays: 6, words: 2150, growth: -25 },
      { grade: 8, label: '八年级', students: 3, activeWriters: 2, essays: 2, words: 1000, growth: -20 },
    ]);
  });

  it('last semester by filter; a semester of another school is refused', async () => {
    const d = await get(`overview?semesterId=${s.oldSemester}`, 'head');
    expect(d).toMatchObject({ tasks: 1, expected: 1, submitted: 1, approved: 1, turnaroundHours: 1 });
    await get(`overview?semesterId=${s.semester}`, 'demoHead', 400);
  });

  it('a teacher token is refused; another school\'s headmaster sees none of these teachers', async () => {
    for (const p of ['overview', 'grade', 'teacher', 'student', 'export?kind=grade']) await get(p, 'teacher', 403);
    const demo = await get('teacher?pageSize=100', 'demoHead');
    expect(demo.table.list.map((r: { name: string }) => r.name)).not.toContain('刘老师');
  });

  it('an approval shows at once (facts follow essays.updated_at)', async () => {
    const db = t.database.db;
    await db.update(essays).set({ status: 'approved', teacherScore: '90', auditAt: new Date('2026-10-05T02:00:00Z'), updatedAt: sql`now()` }).where(eq(essays.id, s.essays.e3!));
    const d = await get('overview', 'head');
    expect(d).toMatchObject({ approved: 5, submitted: 7 });
    // e3 was the only essay pending review (e4 is abnormal): nobody is waiting now
    expect(d.waiting).toEqual([]);
    await db.update(essays).set({ status: 'ai_done', teacherScore: null, auditAt: null, updatedAt: sql`now()` }).where(eq(essays.id, s.essays.e3!));
    expect(await get('overview', 'head')).toMatchObject({ approved: 4 });
  });

  it('a refresh re-reads only what changed: updated_at compared to the microsecond (a millisecond copy made every fact look stale)', async () => {
    const db = t.database.db;
    await get('overview', 'head');
    expect(await refreshEssayFacts(db, s.schoolId)).toBe(0);
    await db.update(essays).set({ updatedAt: sql`now()` }).where(eq(essays.id, s.essays.e1!));
    expect(await refreshEssayFacts(db, s.schoolId)).toBe(1);
    expect(await refreshEssayFacts(db, s.schoolId)).toBe(0);
  });

  it('a large backlog goes to the job runner: once per school (refreshing: true), and the job catches up to the same figures', async () => {
    const db = t.database.db;
    const before = await get('overview', 'head');
    expect(before.scope.refreshing).toBeUndefined();
    // as if the essays had been loaded outside the app: no facts, no watermark
    await db.delete(essayFacts).where(eq(essayFacts.schoolId, s.schoolId));
    await db.delete(essayFactsWatermarks).where(eq(essayFactsWatermarks.schoolId, s.schoolId));
    expect(await freshenFacts(db, s.schoolId, new Date(), 0)).toEqual({ refreshing: true });
    expect(await freshenFacts(db, s.schoolId, new Date(), 0)).toEqual({ refreshing: true });
    // one job for the school however many requests ask; this app's own runner takes it
    expect((await db.select().from(jobs).where(eq(jobs.kind, ESSAY_FACTS_JOB))).length).toBe(1);
    const deadline = Date.now() + 60_000;
    while ((await db.select().from(jobs).where(eq(jobs.kind, ESSAY_FACTS_JOB)))[0]?.status !== 'done' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await db.select().from(jobs).where(eq(jobs.kind, ESSAY_FACTS_JOB)))[0]?.status).toBe('done');
    expect((await db.select().from(essayFacts).where(eq(essayFacts.schoolId, s.schoolId))).length).toBeGreaterThan(0);
    expect(await freshenFacts(db, s.schoolId, new Date())).toEqual({ refreshing: false });
    const after = await get('overview', 'head');
    expect(after).toEqual(before);
  });

  it('exports every row of a table as xlsx with headings in the caller\'s language', async () => {
    const res = await t.call(leadersRoutes.export, { query: { kind: 'grade', sortBy: 'average', order: 'desc' } }, { token: tok.head, lang: 'en' });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['x-row-count']).toBe('3');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(1).getCell(2).value).toBe('Class');
    expect(ws.getRow(2).getCell(2).value).toBe('八年级1班');
    expect(ws.getRow(2).getCell(10).value).toBe(85);
    const teachers = await t.call(leadersRoutes.export, { query: { kind: 'teacher' } }, { token: tok.principal });
    expect(teachers.headers['x-row-count']).toBe('2');
  });
});

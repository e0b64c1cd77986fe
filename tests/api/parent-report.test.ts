import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corrections, essayReviews, essays, parentReportLinks, students, tasks } from '../../src/server/db/schema';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { insertEssay, taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { classReport as classReportRoutes } from '../../src/core/api/routes/class-report';

// Default standard (A/B/C, five dimensions). Two tasks: the earlier one approved for s0 (B) and s1 (A);
// the current one approved for s0 (A, with a good sentence and a wrong character) and s1 (C); s2's essay
// is handed in but not approved.
type Link = { studentId: number; studentName: string; linkId: number | null; path: string | null; expiresAt: string | null };
const DIMS = ['theme', 'content', 'structure', 'language', 'mechanics'];

describe.each(databaseKinds())('parents’ report links on %s', (kind) => {
  let t: TestApp;
  const storage = new MemoryFileStorage();
  const tok: Record<string, string> = {};
  let fx: EssayFixture;
  let roster: { id: number; name: string }[] = [];
  let links: Link[] = [];
  const db = () => t.database.db;
  const tokenOf = (l: Link) => new URL(`http://x${l.path!}`).searchParams.get('t')!;
  const open = (token: string, lang?: 'zh' | 'en') => t.call('GET', `${MGMT}/h5/parentReport?t=${encodeURIComponent(token)}`, { lang });

  async function approved(taskId: number, i: number, label: string, notes: unknown[] = []) {
    const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: { r: 255, g: 250, b: 230 + i } } }).png().toBuffer();
    const id = await insertEssay(db(), storage, { ...fx, taskId }, [png], { studentId: roster[i]!.id });
    await db().update(essays).set({ status: label ? 'approved' : 'ai_done', teacherScore: label || null, auditAt: new Date() }).where(eq(essays.id, id));
    await db().insert(corrections).values({ essayId: id, status: 'done', transcript: '正文', result: { notes, comments: { overall: '语言流畅。综合评定：B。' } } });
    if (label) await db().insert(essayReviews).values({ essayId: id, teacherComment: `老师评语${i}`, dimensionScores: DIMS.map((d, k) => ({ id: d, label: k === 4 ? 'C' : label })), approvedAt: new Date() });
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { storage }, jobs: { poll: false } });
    for (const u of ['teacher01', 'teacherB01']) tok[u] = await t.login(u);
    const prev = await taskFixture(db(), { username: 'teacher01', className: '七年级2班', title: '秋天', grade: 7 });
    fx = await taskFixture(db(), { username: 'teacher01', className: '七年级2班', title: '我的老师', grade: 7 });
    await db().update(tasks).set({ releaseAt: new Date(Date.now() - 86400_000) }).where(eq(tasks.id, prev.taskId));
    roster = await db().select({ id: students.id, name: students.name }).from(students).where(eq(students.classId, fx.classId)).orderBy(students.studentNo);
    await approved(prev.taskId, 0, 'B');
    await approved(prev.taskId, 1, 'A');
    await approved(fx.taskId, 0, 'A', [{ kind: 'goodSentence', start: 0, end: 5, excerpt: '秋风像一把剪刀。', message: '比喻' }, { kind: 'wrongChar', start: 0, end: 2, excerpt: '一渡', fix: '一度', message: '错别字' }]);
    await approved(fx.taskId, 1, 'C');
    await approved(fx.taskId, 2, '');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the teacher makes one link per student, listed again with the same token', async () => {
    const res = await t.call(classReportRoutes.reportParentLinksPost, { body: { classId: fx.classId } }, { token: tok.teacher01 });
    expect(res.status, res.raw.body).toBe(200);
    links = res.body.data;
    expect(links).toHaveLength(roster.length);
    expect(links.every((l) => l.path?.startsWith('/teaching/h5/report?t='))).toBe(true);
    const again = await t.call(classReportRoutes.reportParentLinks, { query: { classId: fx.classId } }, { token: tok.teacher01 });
    expect(again.body.data.map((l: Link) => l.path)).toEqual(links.map((l) => l.path));
    // the semester's last day, China time
    expect(links[0]!.expiresAt).toMatch(/T15:59:59\.000Z$/);
  });

  it('a link shows its own student only: scores, strengths first, next steps, trend with class averages', async () => {
    const res = await open(tokenOf(links[0]!));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const r = res.json().data;
    expect(r.student.name).toBe(roster[0]!.name);
    for (const other of roster.slice(1)) expect(res.body).not.toContain(other.name);
    expect(res.body).not.toContain('老师评语1');
    expect(r.current).toMatchObject({ title: '我的老师', score: 'A', teacherComment: '老师评语0', aiComment: '语言流畅。' });
    // the AI's own verdict (综合评定：B) never stands beside the teacher's A
    expect(r.current.aiComment).not.toContain('综合评定');
    // a letter task's class is summed up in letters (approved essays only: one A, one C; s2 not approved), never a percent average
    expect(r.current.classAverage).toBeNull();
    expect(r.current.classSummary).toMatchObject({ kind: 'levels', count: 2, levels: [{ label: 'A', count: 1 }, { label: 'B', count: 0 }, { label: 'C', count: 1 }] });
    expect(r.current.strengths.join()).not.toMatch(/（\d+）/);
    expect(r.current.dimensions.every((d: { classAverage: number | null }) => d.classAverage === null)).toBe(true);
    expect(r.trend.map((x: { title: string; classAverage: number }) => [x.title, x.classAverage])).toEqual([['秋天', 85], ['我的老师', 77.5]]);
    expect(r.current.strengths[0]).toMatch(/立意/);
    expect(r.current.strengths.join()).toContain('秋风像一把剪刀。');
    expect(r.current.nextSteps).toHaveLength(2);
    expect(r.current.nextSteps.join()).toContain('一度');
    expect(r.current.pages).toHaveLength(1);
    expect((await t.call('GET', r.current.pages[0].url)).statusCode).toBe(200);
    const en = (await open(tokenOf(links[0]!), 'en')).json().data;
    expect(en.current.nextSteps.join()).toMatch(/Practise|Correct/);
  });

  it('page links carry the pupil and 15 minutes: another pupil, no grant or a removed essay opens nothing', async () => {
    const url = (await open(tokenOf(links[0]!))).json().data.current.pages[0].url as string;
    const q = new URL(`http://x${url}`).searchParams;
    expect(q.get('st')).toBe(String(roster[0]!.id));
    expect(q.get('by')).toBeNull();
    expect(Number(q.get('exp')) * 1000 - Date.now()).toBeLessThanOrEqual(16 * 60_000);
    expect((await t.call('GET', url)).statusCode).toBe(200);
    // the same signature for another pupil, or with the grant cut off, is not a link
    expect((await t.call('GET', url.replace(/st=\d+/, `st=${roster[1]!.id}`))).statusCode).toBe(403);
    expect((await t.call('GET', url.replace(/&st=\d+/, ''))).statusCode).toBe(403);
    // the grant is re-checked when opened: once the pupil's essay is gone, the page is too
    const pageEssays = await db().select({ id: essays.id }).from(essays).where(eq(essays.studentId, roster[0]!.id));
    await db().update(essays).set({ deletedAt: new Date() }).where(eq(essays.studentId, roster[0]!.id));
    try {
      expect((await t.call('GET', url)).statusCode).toBe(404);
    } finally {
      for (const e of pageEssays) await db().update(essays).set({ deletedAt: null }).where(eq(essays.id, e.id));
    }
    expect((await t.call('GET', url)).statusCode).toBe(200);
  });

  it('a student with nothing approved sees an honest empty report', async () => {
    const r = (await open(tokenOf(links[2]!))).json().data;
    expect(r).toMatchObject({ student: { name: roster[2]!.name }, trend: [], current: null });
  });

  it('tokens cannot be derived from the student id or moved to another link', async () => {
    const own = tokenOf(links[0]!);
    const other = tokenOf(links[1]!);
    // the token is the link's own id and a keyed signature: the student id appears nowhere in it by design
    expect(own.split('.')[0]).toBe(String(links[0]!.linkId));
    expect(own.split('.')[1]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const forged of [String(roster[0]!.id), `${links[1]!.linkId}.${own.split('.')[1]}`, `${links[0]!.linkId}.${other.split('.')[1]}`, `${links[0]!.linkId}.${'A'.repeat(43)}`, 'abc']) {
      const res = await open(forged);
      expect(res.statusCode, forged).toBe(404);
      expect(res.json()).toMatchObject({ error: 'PARENT_LINK_INVALID', message: '链接无效' });
    }
  });

  it('another school cannot list or revoke the class’s links', async () => {
    expect((await t.call(classReportRoutes.reportParentLinks, { query: { classId: fx.classId } }, { token: tok.teacherB01 })).status).toBe(404);
    expect((await t.call(classReportRoutes.reportParentLinksRevoke, { body: { linkId: links[0]!.linkId! } }, { token: tok.teacherB01 })).status).toBe(404);
    expect((await open(tokenOf(links[0]!))).statusCode).toBe(200);
  });

  it('a revoked link refuses at once; a new link for the student is a different token', async () => {
    const rv = await t.call(classReportRoutes.reportParentLinksRevoke, { body: { linkId: links[0]!.linkId! } }, { token: tok.teacher01 });
    expect(rv.body.data).toEqual({ revoked: true });
    const res = await open(tokenOf(links[0]!), 'en');
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ error: 'PARENT_LINK_REVOKED', message: 'The teacher has revoked this link' });
    const made = (await t.call(classReportRoutes.reportParentLinksPost, { body: { classId: fx.classId } }, { token: tok.teacher01 })).body.data as Link[];
    expect(made[0]!.path).not.toBe(links[0]!.path);
    expect((await open(tokenOf(made[0]!))).statusCode).toBe(200);
  });

  it('a link expires at the end of the semester', async () => {
    const [row] = await db().select().from(parentReportLinks).where(eq(parentReportLinks.id, links[1]!.linkId!));
    t.clock.offsetMs = row!.expiresAt.getTime() - Date.now() + 1000;
    try {
      const res = await open(tokenOf(links[1]!));
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ error: 'PARENT_LINK_EXPIRED', message: '链接已过期' });
    } finally {
      t.clock.offsetMs = 0;
    }
  });

  it('xlsx export of the per-student table: every student, approved scores only', async () => {
    const res = await t.call(classReportRoutes.reportExport, { query: { taskId: fx.taskId, classId: fx.classId } }, { token: tok.teacher01 });
    expect(res.status, res.raw.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows).toHaveLength(roster.length + 1);
    expect(rows[1]!.slice(1, 4)).toEqual([roster[0]!.name, '已审核', 'A']);
    expect(rows[3]!.slice(1, 4)).toEqual([roster[2]!.name, '待审核', '']);
    expect((await t.call(classReportRoutes.reportExport, { query: { taskId: fx.taskId, classId: fx.classId } }, { token: tok.teacherB01 })).status).toBe(404);
  });
});

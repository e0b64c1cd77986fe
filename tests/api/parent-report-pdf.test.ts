import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
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

const run = promisify(execFile);
type Link = { studentId: number; studentName: string; linkId: number | null; path: string | null };
const DIMS = ['theme', 'content', 'structure', 'language', 'mechanics'];

// /h5Pdf: the parents' report drawn as PDF on the server. Two tasks, s0 and s1 approved in both, s2's
// essay handed in but not approved. The PDF's text (pdftotext) must name s0 only.
describe.each(databaseKinds())('parents’ report PDF on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  const storage = new MemoryFileStorage();
  const tok: Record<string, string> = {};
  let fx: EssayFixture;
  let roster: { id: number; name: string }[] = [];
  let links: Link[] = [];
  const db = () => t.database.db;
  const tokenOf = (l: Link) => new URL(`http://x${l.path!}`).searchParams.get('t')!;
  const pdf = (token: string, lang?: 'zh' | 'en', extra = '') => t.call('GET', `${MGMT}/h5/parentReport/pdf?t=${encodeURIComponent(token)}${extra}`, { lang });
  /** pdftotext of a response body, with the layout's line breaks removed (a long comment wraps) */
  async function textOf(body: Buffer): Promise<string> {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
    await writeFile(file, body);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    return stdout.replace(/\s+/g, '');
  }

  async function approved(taskId: number, i: number, label: string, notes: unknown[] = []) {
    const png = await sharp({ create: { width: 400, height: 560, channels: 3, background: { r: 255, g: 250, b: 230 + i } } }).png().toBuffer();
    const id = await insertEssay(db(), storage, { ...fx, taskId }, [png], { studentId: roster[i]!.id });
    await db().update(essays).set({ status: label ? 'approved' : 'ai_done', teacherScore: label || null, auditAt: new Date() }).where(eq(essays.id, id));
    await db().insert(corrections).values({ essayId: id, status: 'done', transcript: '正文', result: { notes, comments: { overall: `语言流畅，学生${i}。` } } });
    if (label) await db().insert(essayReviews).values({ essayId: id, teacherComment: `老师评语${i}：结尾再点题会更好。`, dimensionScores: DIMS.map((d, k) => ({ id: d, label: k === 4 ? 'C' : label })), approvedAt: new Date() });
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'parent-pdf-'));
    t = await createTestApp(kind, { deps: { storage }, jobs: { poll: false } });
    for (const u of ['teacher01', 'teacherB01']) tok[u] = await t.login(u);
    const prev = await taskFixture(db(), { username: 'teacher01', className: '七年级2班', title: '秋天', grade: 7 });
    fx = await taskFixture(db(), { username: 'teacher01', className: '七年级2班', title: '我的老师', grade: 7 });
    await db().update(tasks).set({ releaseAt: new Date(Date.now() - 86400_000) }).where(eq(tasks.id, prev.taskId));
    roster = await db().select({ id: students.id, name: students.name }).from(students).where(eq(students.classId, fx.classId)).orderBy(students.studentNo);
    await approved(prev.taskId, 0, 'B');
    await approved(prev.taskId, 1, 'A');
    await approved(fx.taskId, 0, 'A', [{ kind: 'goodSentence', start: 0, end: 5, excerpt: '秋风像一把剪刀。', message: '比喻生动' }, { kind: 'wrongChar', start: 0, end: 2, excerpt: '一渡', fix: '一度', message: '错别字' }]);
    await approved(fx.taskId, 1, 'C');
    await approved(fx.taskId, 2, '');
    links = (await t.call(classReportRoutes.reportParentLinksPost, { body: { classId: fx.classId } }, { token: tok.teacher01 })).body.data;
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('a valid link gives that student’s report as PDF with the Chinese text embedded, and nobody else’s', async () => {
    const started = Date.now();
    const res = await pdf(tokenOf(links[0]!));
    // one student, worker cold (mupdf + font) on a busy 2-core machine: ~1–2 s; 5× margin and more
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toContain('attachment');
    const body = res.rawPayload;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await textOf(body);
    expect(text).toContain(`${roster[0]!.name}的作文报告`);
    for (const words of ['老师评语0：结尾再点题会更好。', '语言流畅，学生0。', '写得好的地方', '下一步可以这样练', '秋风像一把剪刀', '一度', '我的老师', '秋天', '作文原稿']) expect(text).toContain(words);
    for (const other of roster.slice(1)) expect(text).not.toContain(other.name);
    expect(text).not.toContain('老师评语1');
    expect(text).not.toContain('学生1');
    // the font is embedded (a subset), and the essay page is in it as an image
    const file = path.join(dir, 'one.pdf');
    await writeFile(file, body);
    expect((await run('pdffonts', [file])).stdout).toMatch(/NotoSansSC.*yes\s+yes/);
    const images = (await run('pdfimages', ['-list', file])).stdout.trim().split('\n').slice(2);
    expect(images).toHaveLength(1);
  });

  it('in English (the H5 page passes its language: a navigation has no Accept-Language of its own), for an earlier task', async () => {
    const [prev] = await db().select({ id: tasks.id }).from(tasks).where(eq(tasks.title, '秋天'));
    const res = await pdf(tokenOf(links[0]!), 'zh', `&taskId=${prev!.id}&lang=en`);
    expect(res.statusCode).toBe(200);
    const text = await textOf(res.rawPayload);
    expect(text).toContain(`${roster[0]!.name}’sessayreport`);
    expect(text).toContain('Whatwentwell');
    expect(text).toContain('秋天');
    expect(text).not.toContain('老师评语1');
  });

  it('a student with nothing approved gets an honest one-page PDF', async () => {
    const res = await pdf(tokenOf(links[2]!));
    expect(res.statusCode).toBe(200);
    const text = await textOf(res.rawPayload);
    expect(text).toContain('还没有老师审核过的作文');
    expect(text).toContain(roster[2]!.name);
    expect(text).not.toContain(roster[0]!.name);
  });

  it('forged tokens, the bare student id or another link’s signature are refused with a clear message', async () => {
    const own = tokenOf(links[0]!);
    const other = tokenOf(links[1]!);
    for (const forged of [String(roster[0]!.id), `${links[1]!.linkId}.${own.split('.')[1]}`, `${links[0]!.linkId}.${other.split('.')[1]}`, `${links[0]!.linkId}.${'A'.repeat(43)}`, 'x'.repeat(150)]) {
      const res = await pdf(forged);
      expect(res.statusCode, forged).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.json()).toMatchObject({ error: 'PARENT_LINK_INVALID', message: '链接无效' });
    }
    expect((await pdf('', 'en')).statusCode).toBe(400);
    expect((await pdf('abc', 'en')).json()).toMatchObject({ error: 'PARENT_LINK_INVALID', message: 'This link is not valid' });
  });

  it('a teacher of another school can neither revoke the link nor use their login to open another student', async () => {
    expect((await t.call(classReportRoutes.reportParentLinksRevoke, { body: { linkId: links[0]!.linkId! } }, { token: tok.teacherB01 })).status).toBe(404);
    const res = await t.call(classReportRoutes.h5ParentReportPdf, { query: { t: String(roster[1]!.id) } }, { token: tok.teacherB01 });
    expect(res.status).toBe(404);
    expect((await pdf(tokenOf(links[0]!))).statusCode).toBe(200);
  });

  it('an address or a link that asks for PDFs too fast is told when to try again, before anything is drawn', async () => {
    // The limits slide over the current and the previous window: two widest windows (10 minutes) on,
    // the earlier tests' PDFs are no longer counted.
    t.clock.offsetMs += 21 * 60_000;
    const own = tokenOf(links[0]!);
    const codes: number[] = [];
    // One link from ten addresses: the link's own limit (10 per 10 minutes) stops the eleventh.
    for (let i = 0; i < 11; i++) codes.push((await t.call(classReportRoutes.h5ParentReportPdf, { query: { t: own } }, { ip: `10.88.0.${i}` })).status);
    expect(codes.slice(0, 10).every((c) => c !== 429)).toBe(true);
    const limited = await t.call(classReportRoutes.h5ParentReportPdf, { query: { t: own } }, { ip: '10.88.1.1', lang: 'en' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: 'TOO_MANY_REQUESTS' });
    expect(limited.body.message).toMatch(/\d+ s|second/i);
    // One address with junk tokens: counted before the token is looked at, refused after 20 a minute.
    const junk: number[] = [];
    for (let i = 0; i < 21; i++) junk.push((await t.call('GET', `${MGMT}/h5/parentReport/pdf?t=1.${'B'.repeat(43)}`, { ip: '10.88.2.2' })).statusCode);
    expect(junk.slice(0, 20).every((c) => c === 404)).toBe(true);
    expect(junk[20]).toBe(429);
    // The page's JSON has its own, wider limit per address (120 a minute).
    const page: number[] = [];
    for (let i = 0; i < 121; i++) page.push((await t.call('GET', `${MGMT}/h5/parentReport?t=1.${'B'.repeat(43)}`, { ip: '10.88.3.3' })).statusCode);
    expect(page.slice(0, 120).every((c) => c === 404)).toBe(true);
    expect(page[120]).toBe(429);
    // Another address and another link are not affected.
    expect((await t.call(classReportRoutes.h5ParentReportPdf, { query: { t: tokenOf(links[1]!) } }, { ip: '10.88.4.4' })).status).toBe(200);
  });

  it('a revoked link refuses at once, in zh and en', async () => {
    await t.call(classReportRoutes.reportParentLinksRevoke, { body: { linkId: links[0]!.linkId! } }, { token: tok.teacher01 });
    const zh = await pdf(tokenOf(links[0]!));
    expect(zh.statusCode).toBe(410);
    expect(zh.json()).toMatchObject({ error: 'PARENT_LINK_REVOKED', message: '链接已被老师作废' });
    expect((await pdf(tokenOf(links[0]!), 'en')).json()).toMatchObject({ message: 'The teacher has revoked this link' });
    // Opened by the phone's browser itself (the download link): a readable page, not JSON.
    const page = await t.call(classReportRoutes.h5ParentReportPdf, { query: { t: tokenOf(links[0]!), lang: 'en' } }, { headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document' } });
    expect(page.status).toBe(410);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.raw.body).toContain('The teacher has revoked this link');
    expect(page.raw.body).toContain('Back to the report');
    expect(page.raw.body).toContain('/teaching/h5/report?t=');
  });

  it('a link expires at the end of the semester', async () => {
    const [row] = await db().select().from(parentReportLinks).where(eq(parentReportLinks.id, links[1]!.linkId!));
    t.clock.offsetMs = row!.expiresAt.getTime() - Date.now() + 1000;
    try {
      const res = await pdf(tokenOf(links[1]!), 'en');
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ error: 'PARENT_LINK_EXPIRED', message: 'This link has expired' });
    } finally {
      t.clock.offsetMs = 0;
    }
  });
});

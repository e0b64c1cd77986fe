import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { essayReviews, essays, students } from '../../src/server/db/schema';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { insertEssay, newStudent, taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { classReport as classReportRoutes } from '../../src/core/api/routes/class-report';

// The printable parents' sheet of 七年级2班: two pupils with an approved essay, the rest without.
// Read back with poppler (pdfinfo, pdftotext) as a teacher's printer would see it.
let dir = '';
let n = 0;
function readPdf(body: Buffer): { pages: number; text: string } {
  const file = path.join(dir, `sheet-${++n}.pdf`);
  writeFileSync(file, body);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)![1]), text };
}

describe.each(databaseKinds())('parents’ sheet on %s', (kind) => {
  let t: TestApp;
  const storage = new MemoryFileStorage();
  const tok: Record<string, string> = {};
  let fx: EssayFixture;
  let roster: { id: number; name: string }[] = [];
  const sheet = (scope: string, lang?: 'zh' | 'en', token = tok.teacher01) => t.call('GET', `${MGMT}/report/parentSheet?classId=${fx.classId}&scope=${scope}`, { token, lang });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'zhipi-parent-sheet-'));
    t = await createTestApp(kind, { deps: { storage }, jobs: { poll: false } });
    for (const u of ['teacher01', 'teacherB01']) tok[u] = await t.login(u);
    fx = await taskFixture(t.database.db, { username: 'teacher01', className: '七年级2班', title: '我的老师', grade: 7 });
    // ten pupils: a second page
    for (let i = 0; i < 2; i++) await newStudent(t.database.db, fx);
    roster = await t.database.db.select({ id: students.id, name: students.name }).from(students).where(eq(students.classId, fx.classId)).orderBy(students.studentNo);
    for (const i of [0, 2]) {
      const id = await insertEssay(t.database.db, storage, fx, [new Uint8Array([i + 1])], { studentId: roster[i]!.id });
      await t.database.db.update(essays).set({ status: 'approved', teacherScore: 'A', auditAt: new Date() }).where(eq(essays.id, id));
      await t.database.db.insert(essayReviews).values({ essayId: id, teacherComment: '好', approvedAt: new Date() });
    }
    // a handed-in essay not approved yet: its pupil is not on the approved-only sheet
    await insertEssay(t.database.db, storage, fx, [new Uint8Array([9])], { studentId: roster[1]!.id });
    // a wide margin: building a seeded app takes minutes on a busy machine
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves out pupils without a live link, then prints every pupil of the class, eight a page', async () => {
    const none = await sheet('all');
    expect(none.statusCode, none.body).toBe(200);
    expect(readPdf(none.rawPayload).text).toContain('没有符合条件的学生');
    expect((await t.call(classReportRoutes.reportParentLinksPost, { body: { classId: fx.classId } }, { token: tok.teacher01 })).status).toBe(200);
    const res = await sheet('all');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain('.pdf');
    const pdf = readPdf(res.rawPayload);
    expect(roster.length).toBeGreaterThan(8);
    expect(pdf.pages).toBe(Math.ceil(roster.length / 8));
    for (const s of roster) expect(pdf.text).toContain(s.name);
    expect(pdf.text).toContain('七年级2班 家长查看码');
    expect(pdf.text).toContain('查看孩子的作文报告');
    // the date's hyphens come back from the subset font as soft hyphens
    expect(pdf.text).toMatch(/有效期至\s*\d{4}\D\d{2}\D\d{2}/);
  });

  it('prints only the pupils with an approved essay when the teacher chooses so (the default)', async () => {
    const pdf = readPdf((await sheet('approved')).rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(roster[0]!.name);
    expect(pdf.text).toContain(roster[2]!.name);
    expect(pdf.text).not.toContain(roster[1]!.name);
    const byDefault = await t.call(classReportRoutes.reportParentSheet, { query: { classId: fx.classId } }, { token: tok.teacher01 });
    expect(readPdf(byDefault.raw.rawPayload).text).not.toContain(roster[1]!.name);
  });

  it('speaks English for an English caller', async () => {
    const pdf = readPdf((await sheet('approved', 'en')).rawPayload);
    expect(pdf.text).toContain("parents' QR codes");
    expect(pdf.text).toContain('Page 1 of 1');
  });

  it('is the class’s teachers’ only: another school gets 404, no token 401', async () => {
    expect((await sheet('all', 'zh', tok.teacherB01)).statusCode).toBe(404);
    expect((await t.call(classReportRoutes.reportParentSheet, { query: { classId: fx.classId } })).status).toBe(401);
  });
});

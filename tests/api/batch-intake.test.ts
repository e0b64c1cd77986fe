// Batch intake end to end over HTTP: answer sheets → filled, scanned (some turned 90°/180°) → one
// 45-page PDF and a ZIP of JPEGs → split and matched in the batch-split job → match report, SSE
// progress, hand assignment, re-upload without duplicates; and bad input refused with a clear message.
// The page images are made here (Kai font from Debian's fonts-arphic-ukai, else WenQuanYi); without a
// CJK font the suite is skipped. The local OCR (PaddleOCR) runs for plain-paper pages only.
import { count, eq } from 'drizzle-orm';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchUploads, essayPages, essays, files } from '../../src/server/db/schema';
import { blankPage, cjkFont, encryptedPdf, fillSheet, hasUkaiFile, pdfOfImages, pdfToJpegs, photoLike, plainPage, textPdf, zipOf } from '../fixtures/batch/make';
import { BATCH_SPLIT_JOB } from '../../src/server/services/batch/batch-service';
import { taskFixture } from '../helpers/correction';
import { MGMT, multipartBody } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { batch as batchRoutes } from '../../src/core/api/routes/batch'; import { health as healthRoutes } from '../../src/core/api/routes/health'; import { students as studentsRoutes } from '../../src/core/api/routes/students';
import { writings as writingsRoutes } from '../../src/core/api/routes/writings';

const font = cjkFont();
interface Student { id: number; name: string; studentNo: string }
interface Page { pageNo: number; entryName: string | null; state: string; method: string | null; confidence: number | null; student: { id: number } | null; essayId: number | null; rotation: number; candidates: { studentId: number }[]; reason: string | null }

describe.skipIf(!font).each(databaseKinds())('batch intake on %s', (kind) => {
  let t: TestApp;
  let tok = '';
  let tokB = '';
  let taskId = 0;
  let classId = 0;
  let roster: Student[] = [];
  let sheets: Buffer[] = [];

  const upload = (what: 'PDF' | 'ZIP', content: Buffer, name: string, token = tok) => {
    const body = multipartBody({ taskId: String(taskId), classId: String(classId) }, { field: 'file', name, type: 'application/octet-stream', content });
    return t.call('POST', `${MGMT}/writings/saveBatchUploadWritingFileBy${what}`, { token, payload: body.payload, headers: body.headers });
  };
  const report = async (batchId: string) => {
    const res = await t.call(batchRoutes.batchUploadMatchResult, { query: { batchId } }, { token: tok });
    expect(res.status, res.raw.body).toBe(200);
    return res.body.data as { batch: { status: string; progress: number }; summary: Record<string, number>; pages: Page[] };
  };
  const table = async (tbl: typeof essays | typeof files | typeof batchUploads) => (await t.database.db.select({ n: count() }).from(tbl))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: { poll: false } });
    tok = await t.login('teacher01');
    tokB = await t.login('teacherB01');
    ({ taskId, classId } = await taskFixture(t.database.db, { username: 'teacher01', className: '七年级1班', title: '我的妈妈' }));
    roster = (await t.call(studentsRoutes.mStudentList, { query: { classId, pageSize: '100' } }, { token: tok })).body.data.list;
    expect(roster.length).toBe(45);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('prints answer sheets for the class: one A4 page per student with name, id and QR code; other schools get 404', async () => {
    const started = Date.now();
    const res = await t.call(batchRoutes.answerSheets, { query: { taskId, classId } }, { token: tok });
    expect(res.status, res.raw.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.raw.rawPayload;
    const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
    expect(doc.countPages()).toBe(45);
    const text = doc.loadPage(0).toStructuredText('preserve-whitespace').asText();
    expect(text).toContain(roster[0]!.name);
    expect(text).toContain(roster[0]!.studentNo);
    expect(pdf.length).toBeLessThan(1_500_000); // fonts subset: only the glyphs used are embedded
    sheets = await pdfToJpegs(pdf);
    console.log(`answer sheets: 45 pages, ${Math.round(pdf.length / 1024)} KB, ${Date.now() - started} ms with rasterising`);
    expect((await t.call(batchRoutes.answerSheets, { query: { taskId, classId } }, { token: tokB })).status).toBe(404);
  });

  let pdfBatch = '';
  let pdfBytes: Buffer;
  it('splits a 45-page PDF of filled sheets (turned 90° and 180°, two pages of one student, a blank page, a photo) and files every page right', async () => {
    const started = Date.now();
    // students 1–42 on one sheet each, student 1 a second sheet (page 2 of the class PDF = sheet page 1 again, so use a 2-page print)
    const two = await t.call('GET', `${MGMT}/writings/answerSheets?taskId=${taskId}&classId=${classId}&studentIds=${roster[0]!.id}&pages=2`, { token: tok });
    const [, secondOfFirst] = await pdfToJpegs(two.rawPayload);
    const pages: Buffer[] = [];
    for (let i = 0; i < 42; i++) {
      let img = await fillSheet(sheets[i]!, font!, i);
      if (i === 5) img = await sharp(img).rotate(90).jpeg().toBuffer();
      if (i === 10) img = await sharp(img).rotate(180).jpeg().toBuffer();
      pages.push(img);
      if (i === 20) pages.push(await blankPage());
      if (i === 30) pages.push(await photoLike());
    }
    pages.splice(3, 0, await fillSheet(secondOfFirst!, font!, 7)); // the first student's second sheet, out of order
    expect(pages.length).toBe(45);
    pdfBytes = await pdfOfImages(pages);
    const res = await upload('PDF', pdfBytes, '七年级1班.pdf');
    expect(res.statusCode, res.body).toBe(200);
    pdfBatch = res.json().data.batchId;
    expect(res.json().data).toMatchObject({ status: 'queued', reused: false, totalPages: 45 });

    // progress over SSE while the job runs; the stream closes when the batch is done
    const job = t.app.jobRunner!.runDue([BATCH_SPLIT_JOB]);
    const sse = await t.call(batchRoutes.batchUploadProgress, { params: { batchId: pdfBatch } }, { token: tok });
    await job;
    expect(sse.headers['content-type']).toMatch(/text\/event-stream/);
    expect(sse.raw.body).toMatch(/event: done\ndata: \{.*"status":"done".*"progress":100/);
    console.log(`45-page PDF: split + matched in ${Date.now() - started} ms (incl. fixture)`);

    const r = await report(pdfBatch);
    expect(r.batch.status).toBe('done');
    expect(r.summary).toMatchObject({ total: 45, matched: 42, grouped: 1, unmatched: 0, rejected: 2, essays: 42 });
    const byNo = new Map(r.pages.map((p) => [p.pageNo, p]));
    // page 4 is the first student's sheet page 2: grouped into the same essay, ordered after page 1
    expect(byNo.get(4)).toMatchObject({ state: 'grouped', method: 'qr', confidence: 1, student: { id: roster[0]!.id } });
    expect(byNo.get(4)!.essayId).toBe(byNo.get(1)!.essayId);
    const [p1, p2] = await t.database.db.select().from(essayPages).where(eq(essayPages.essayId, byNo.get(1)!.essayId!)).orderBy(essayPages.pageNo);
    expect(p2!.fileId).not.toBe(p1!.fileId);
    // turned pages: matched, with the rotation that shows them upright
    const turned90 = r.pages.find((p) => p.student?.id === roster[5]!.id)!;
    const turned180 = r.pages.find((p) => p.student?.id === roster[10]!.id)!;
    expect([turned90.rotation, turned180.rotation]).toEqual([270, 180]);
    const rejected = r.pages.filter((p) => p.state === 'rejected').map((p) => p.reason);
    expect(rejected).toEqual(['空白页', '不是作文图片']);
    expect(r.pages.filter((p) => p.state === 'matched').every((p) => p.method === 'qr' && p.confidence === 1)).toBe(true);
    expect(new Set(r.pages.flatMap((p) => (p.student ? [p.student.id] : []))).size).toBe(42);
    // 45 pages rendered, rasterised and read: ≈ 50 s on a quiet 2-core machine, so the default 60 s limit
    // failed whenever other suites shared the cores (later tests build on this batch). Speed is measured
    // in bench/intake.ts, not here. 140–151 s were measured at load 15–18 (2026-11-25), 108 s at load 9–11
    // (2026-11-27): the limit is 5× the busy figure (bench/README.md, "Test limits vs durations").
  }, 750_000);

  it('answers the same batch when the same PDF is uploaded again: no new batch, no duplicate essays or pages', async () => {
    const essaysBefore = await table(essays);
    const pagesBefore = (await t.database.db.select({ n: count() }).from(essayPages))[0]!.n;
    const again = await upload('PDF', pdfBytes, 'again.pdf');
    expect(again.json().data).toMatchObject({ batchId: pdfBatch, reused: true, status: 'done' });
    await t.app.jobRunner!.runDue([BATCH_SPLIT_JOB]);
    expect(await table(essays)).toBe(essaysBefore);
    expect((await t.database.db.select({ n: count() }).from(essayPages))[0]!.n).toBe(pagesBefore);
    // POST form of the report (product-rules.md#api)
    const post = await t.call(batchRoutes.batchUploadMatchResultPost, { body: { batchId: pdfBatch } }, { token: tok });
    expect(post.body.data.summary.total).toBe(45);
    expect((await t.call(batchRoutes.batchUploadMatchResult, { query: { batchId: pdfBatch } }, { token: tokB })).status).toBe(404);
  });

  let zipBatch = '';
  it('reads a ZIP of JPEGs entry by entry: sheets, plain paper by OCR, file names; unsafe, nested, non-image and bomb entries reported, not fatal', async () => {
    const s = (i: number) => roster[i]!;
    const sheet = (i: number, seed: number) => fillSheet(sheets[i]!, font!, seed);
    const bomb = Buffer.alloc(8 * 1024 * 1024); // zeros: deflates ~1000:1
    const entries = [
      { name: 'scans/043.jpg', data: await sheet(42, 1) },
      { name: 'scans/044.jpg', data: await sharp(await sheet(43, 2)).rotate(180).jpeg().toBuffer() },
      { name: 'scans/blank.jpg', data: await blankPage() },
      { name: 'scans/cat.jpg', data: await photoLike() },
      // plain paper: id and name agree → OCR; the student already has an essay (PDF) → grouped as a further page
      { name: 'plain/a.jpg', data: await plainPage(font!, `姓名：${s(6).name}    学号：${s(6).studentNo}`) },
      // plain paper naming nobody of the class → queued, never assigned
      { name: 'plain/b.jpg', data: await plainPage(font!, '姓名：赵无极    学号：99') },
      // no header, but the file is named after the student → file name
      { name: `plain/${s(44).studentNo}_${s(44).name}.jpg`, data: await plainPage(font!, '我的妈妈') },
      { name: '../evil.jpg', data: await blankPage() },
      { name: '/etc/abs.jpg', data: await blankPage() },
      { name: 'inner.zip', data: zipOf([{ name: 'x.jpg', data: await blankPage() }]) },
      { name: 'setup.jpg', data: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000, 1)]) },
      { name: 'readme.txt', data: Buffer.from('hello') },
      { name: 'bomb.jpg', data: bomb, deflate: true },
    ];
    const res = await upload('ZIP', zipOf(entries), 'class.zip');
    expect(res.statusCode, res.body).toBe(200);
    zipBatch = res.json().data.batchId;
    await t.app.jobRunner!.runDue([BATCH_SPLIT_JOB]);
    const r = await report(zipBatch);
    expect(r.batch.status).toBe('done');
    const by = new Map(r.pages.map((p) => [p.entryName, p]));
    expect(by.get('scans/043.jpg')).toMatchObject({ state: 'matched', method: 'qr', student: { id: s(42).id } });
    expect(by.get('scans/044.jpg')).toMatchObject({ state: 'matched', method: 'qr', rotation: 180, student: { id: s(43).id } });
    expect(by.get('scans/blank.jpg')).toMatchObject({ state: 'rejected', reason: '空白页' });
    expect(by.get('scans/cat.jpg')).toMatchObject({ state: 'rejected', reason: '不是作文图片' });
    expect(by.get('plain/a.jpg')).toMatchObject({ state: 'grouped', method: 'ocr', student: { id: s(6).id } });
    expect(by.get('plain/a.jpg')!.confidence).toBeGreaterThanOrEqual(0.85);
    expect(by.get('plain/b.jpg')).toMatchObject({ state: 'unmatched', student: null, essayId: null });
    expect(by.get('plain/b.jpg')!.reason).toMatch(/手动指定/);
    expect(by.get(`plain/${s(44).studentNo}_${s(44).name}.jpg`)).toMatchObject({ state: 'matched', method: 'filename', student: { id: s(44).id } });
    expect(by.get('../evil.jpg')).toMatchObject({ state: 'rejected', reason: expect.stringContaining('../') });
    expect(by.get('/etc/abs.jpg')).toMatchObject({ state: 'rejected', reason: expect.stringContaining('../') });
    expect(by.get('inner.zip')).toMatchObject({ state: 'rejected', reason: expect.stringContaining('压缩包') });
    expect(by.get('setup.jpg')).toMatchObject({ state: 'rejected', reason: expect.stringContaining('不是图片') });
    expect(by.get('readme.txt')).toMatchObject({ state: 'rejected', reason: expect.stringContaining('不是图片') });
    expect(by.get('bomb.jpg')).toMatchObject({ state: 'rejected', reason: expect.stringContaining('压缩炸弹') });
    expect(r.pages.filter((p) => p.state === 'rejected' && ['../evil.jpg', '/etc/abs.jpg', 'bomb.jpg', 'inner.zip'].includes(p.entryName!)).every((p) => !('fileId' in p) || (p as { fileId: string | null }).fileId === null)).toBe(true);
  });

  it.skipIf(!hasUkaiFile())('matches the pages of a printed (text) PDF by their header 姓名 … 学号 …, as it matches ZIP pages', async () => {
    // product-rules.md#teacher-journey: the OCR sets the printed header aside from the essay's lines; matching must read it
    const who = [roster[30]!, roster[31]!, roster[32]!];
    const res = await upload('PDF', textPdf(who.map((s) => `姓名：${s.name}  学号：${s.studentNo}`)), 'printed.pdf');
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobRunner!.runDue([BATCH_SPLIT_JOB]);
    const r = await report(res.json().data.batchId);
    expect(r.pages.map((p) => [p.state, p.method, p.student?.id])).toEqual(who.map((s) => [expect.stringMatching(/^(matched|grouped)$/), 'ocr', s.id]));
    }, 300_000); // three pages of header OCR: ~5 s on a quiet machine, 40 s seen at load 25

  it('lists the pages still without a student across batches, with images, to this task and class only (product-rules.md#teacher-journey)', async () => {
    const res = await t.call(batchRoutes.batchUnmatchedPages, { query: { taskId, classId } }, { token: tok });
    expect(res.status, res.raw.body).toBe(200);
    const pages = res.body.data.pages as Array<Page & { batchId: string; imageUrl: string | null; uploadedTime: string }>;
    const b = pages.find((p) => p.entryName === 'plain/b.jpg');
    expect(b).toMatchObject({ batchId: zipBatch, state: 'unmatched', student: null });
    expect(pages.every((p) => p.state === 'unmatched')).toBe(true);
    const image = await t.call('GET', b!.imageUrl!.replace(/^https?:\/\/[^/]+/, ''));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    // the match report carries the same thumbnails
    expect((await report(zipBatch)).pages.find((p) => p.entryName === 'plain/b.jpg')).toMatchObject({ imageUrl: expect.stringContaining('/files/') });
    // the writing list's tile counts the same pages
    const list = await t.call(writingsRoutes.list, { query: { taskId, classId } }, { token: tok });
    expect(list.status, list.raw.body).toBe(200);
    expect(list.body.data.unmatchedImages).toBe(pages.length);
    // another school's teacher learns nothing
    const foreign = await t.call(batchRoutes.batchUnmatchedPages, { query: { taskId, classId } }, { token: tokB });
    expect([403, 404]).toContain(foreign.status);
    expect(foreign.raw.body).not.toContain('plain/b.jpg');
  });

  it('lets the teacher assign an unmatched page by hand and move it to another student', async () => {
    const r = await report(zipBatch);
    const page = r.pages.find((p) => p.entryName === 'plain/b.jpg')!;
    const to = roster[43]!; // already has an essay from the ZIP sheet
    const res = await t.call(batchRoutes.saveBatchUploadWritingInfo, { body: { batchId: zipBatch, assignments: [{ pageNo: page.pageNo, studentId: to.id }] } }, { token: tok });
    expect(res.status, res.raw.body).toBe(200);
    const after = (res.body.data.pages as Page[]).find((p) => p.pageNo === page.pageNo)!;
    expect(after).toMatchObject({ state: 'grouped', method: 'manual', confidence: 1, student: { id: to.id } });
    const essayId = after.essayId!;
    expect((await t.database.db.select().from(essayPages).where(eq(essayPages.essayId, essayId))).length).toBe(2);
    // regroup: to a student without an essay yet → a new essay; the first essay keeps its own page only
    const other = roster[41]!;
    const moved = await t.call(batchRoutes.saveBatchUploadWritingInfo, { body: { batchId: zipBatch, assignments: [{ pageNo: page.pageNo, studentId: other.id }] } }, { token: tok });
    const m = (moved.body.data.pages as Page[]).find((p) => p.pageNo === page.pageNo)!;
    expect(m.student?.id).toBe(other.id);
    expect(m.essayId).not.toBe(essayId);
    expect((await t.database.db.select().from(essayPages).where(eq(essayPages.essayId, essayId))).length).toBe(1);
    // set aside
    const aside = await t.call(batchRoutes.saveBatchUploadWritingInfo, { body: { batchId: zipBatch, assignments: [{ pageNo: 1, studentId: roster[0]!.id }, { pageNo: 99, studentId: null }] } }, { token: tok });
    expect(aside.status).toBe(400);
    expect(aside.body.message).toBe('第 99 页不在这次批量上传中');
     // every page of the ZIP now has its student or is set aside: nothing left to list
    const left = (await t.call(batchRoutes.batchUnmatchedPages, { query: { taskId, classId } }, { token: tok })).body.data.pages as Page[];
    expect(left.some((p) => p.entryName === 'plain/b.jpg')).toBe(false);
  });

  it('refuses bad input with a clear message, keeps the server up and writes nothing', async () => {
    const batches = await table(batchUploads);
    const stored = await table(files);
    const cases: Array<[string, 'PDF' | 'ZIP', Buffer, number, RegExp]> = [
      ['zero-byte', 'PDF', Buffer.alloc(0), 400, /文件为空/],
      ['.exe renamed .pdf', 'PDF', Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(4000, 7)]), 415, /PDF 或 ZIP/],
      ['a zip sent as PDF', 'PDF', zipOf([{ name: 'a.jpg', data: Buffer.from('x') }]), 415, /PDF 或 ZIP/],
      ['corrupt PDF', 'PDF', Buffer.from('%PDF-1.7\n1 0 obj <<>> garbage without pages\n'), 400, /PDF 文件(已损坏|没有页面)/],
      ['truncated PDF', 'PDF', pdfBytes.subarray(0, 2000), 400, /PDF 文件(已损坏|没有页面)/],
      ['encrypted PDF', 'PDF', await encryptedPdf(await blankPage(50)), 400, /已加密/],
      ['zip bomb by total size', 'ZIP', zipOf(Array.from({ length: 4 }, (_, i) => ({ name: `p${i}.jpg`, data: Buffer.alloc(1000), deflate: true, declaredSize: 100 * 1024 * 1024 }))), 400, /超过 300 MB/],
      ['corrupt ZIP', 'ZIP', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 3)]), 400, /ZIP 文件已损坏/],
    ];
    for (const [what, kindOf, bytes, status, message] of cases) {
      const res = await upload(kindOf, bytes, `x.${kindOf.toLowerCase()}`);
      expect(res.statusCode, what).toBe(status);
      expect(res.json().message, what).toMatch(message);
    }
    expect(await table(batchUploads)).toBe(batches);
    expect(await table(files)).toBe(stored);
    expect((await t.call(healthRoutes.health, {})).status).toBe(200);
  });
});

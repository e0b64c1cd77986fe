import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { essays } from '../../src/server/db/schema';
import { MGMT } from '../helpers/flows';
import { multipartFiles, solidImage } from '../helpers/images';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { files as filesRoutes } from '../../src/core/api/routes/files';
import { h5Upload as h5UploadRoutes } from '../../src/core/api/routes/h5-upload';
interface Page { id: number; pageNo: number; fileId: string; rotation: number; width: number; height: number; url: string }
interface Row { studentId: number; name: string; studentNo: string; label: string; status: string | null; essays: { id: number; draft: number }[] }

describe.each(databaseKinds())('essay intake (single upload, pages, phone upload, counts) on %s', (kind) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let taskId = 0;
  let classId = 0;
  let otherClassCode = '';
  let classCode = '';
  let students: { id: number; name: string; h5Code: string }[] = [];
  let seed = 10;
  const get = (url: string, who = 'teacher01') => t.call('GET', `${MGMT}/${url}`, { token: tok[who] });
  const post = (url: string, body: unknown, who = 'teacher01') => t.call('POST', `${MGMT}/${url}`, { token: tok[who], body });
  const del = (url: string, who = 'teacher01') => t.call('DELETE', `${MGMT}/${url}`, { token: tok[who] });
  const file = async (w = 120, h = 80, who = 'teacher01') => {
    const res = await t.call(filesRoutes.uploadBase64, { body: { fileName: 'p.png', contentBase64: (await solidImage(w, h, seed++)).toString('base64') } }, { token: tok[who] });
    expect(res.status, res.raw.body).toBe(200);
    return res.body.data.id as string;
  };
  const list = async () => (await get(`writings/list?taskId=${taskId}&classId=${classId}`)).json().data as { counts: Record<string, number>; unmatchedImages: number; students: Row[] };

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, deps: { rotateMaxPixels: 1_000_000 } });
    for (const u of ['teacher01', 'classrole01', 'teacherB01']) tok[u] = await t.login(u);
    const classes = (await get('mclass/list?pageSize=100', 'classrole01')).json().data.list as { id: number; name: string; classCode: string }[];
    const c1 = classes.find((c) => c.name === '七年级1班')!;
    classId = c1.id;
    classCode = c1.classCode;
    otherClassCode = classes.find((c) => c.name === '八年级3班')!.classCode;
    const deadline = new Date(Date.now() + 2 * 86400_000).toISOString();
    const task = await post('tasks/add', { title: '我的妈妈', genre: '记叙文', grade: 7, deadline, classIds: [classId], requirements: ['写出妈妈的特点'] });
    expect(task.statusCode, task.body).toBe(200);
    taskId = task.json().data.id;
    students = (await get(`mStudent/list?classId=${classId}&pageSize=100`)).json().data.list;
  });
  afterAll(async () => t?.close());

  it('single upload: pages in order, status after submit, labels and task board counts', async () => {
    const [a, b] = [await file(), await file()];
    const res = await post('writings/saveSingle', { taskId, classId, studentId: students[0]!.id, draft: 0, fileIds: [a, b] });
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json().data;
    // requestCorrection queued the AI review (the task's delay applies): awaiting_ai, labelled submitted.
    expect(e).toMatchObject({ draft: 0, source: 'single', status: 'awaiting_ai', label: 'submitted', studentName: students[0]!.name });
    expect(e.pages.map((p: Page) => [p.pageNo, p.fileId])).toEqual([[1, a], [2, b]]);
    expect((await t.call('GET', e.pages[0].url)).statusCode).toBe(200);

    // The same draft again replaces the pages of the same essay.
    const c = await file();
    const again = (await post('writings/saveSingle', { taskId, classId, studentId: students[0]!.id, fileIds: [c] })).json().data;
    expect(again.id).toBe(e.id);
    expect(again.pages.map((p: Page) => p.fileId)).toEqual([c]);
    // A revised draft needs the previous one.
    const r2 = await post('writings/saveSingle', { taskId, classId, studentId: students[1]!.id, draft: 1, fileIds: [c] });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().message).toBe('请先提交上一稿，再上传修改稿');
    // Student of another class, file of another school, PDF as a page: refused.
    const otherStudent = (await get(`mStudent/list?classId=${(await get('mclass/list', 'classrole01')).json().data.list.find((x: { name: string }) => x.name === '七年级2班').id}`)).json().data.list[0];
    expect((await post('writings/saveSingle', { taskId, classId, studentId: otherStudent.id, fileIds: [c] })).json().error).toBe('STUDENT_NOT_IN_CLASS');
    expect((await post('writings/saveSingle', { taskId, classId, studentId: students[1]!.id, fileIds: [await file(30, 30, 'teacherB01')] })).statusCode).toBe(404);
    // Class staff read but do not upload.
    expect((await post('writings/saveSingle', { taskId, classId, studentId: students[1]!.id, fileIds: [c] }, 'classrole01')).statusCode).toBe(403);

    const l = await list();
    expect(l.counts).toMatchObject({ students: 45, submitted: 1, awaitingAi: 1, notSubmitted: 44, abnormal: 0 });
    expect(l.unmatchedImages).toBe(0);
    expect(l.students.find((s) => s.studentId === students[0]!.id)).toMatchObject({ label: 'submitted', essays: [{ id: e.id, draft: 0 }] });
    expect(l.students.find((s) => s.studentId === students[1]!.id)).toMatchObject({ label: 'notSubmitted', essays: [] });
  });

  it('reorders, rotates, replaces and deletes pages; the too-large message on rotate', async () => {
    const [a, b, c] = [await file(120, 80), await file(120, 80), await file()];
    const e = (await post('writings/saveSingle', { taskId, classId, studentId: students[2]!.id, fileIds: [a, b, c] })).json().data;
    const ids = e.pages.map((p: Page) => p.id) as number[];
    const reordered = (await post('writings/pages/reorder', { essayId: e.id, pageIds: [ids[2], ids[0], ids[1]] })).json().data;
    expect(reordered.pages.map((p: Page) => p.fileId)).toEqual([c, a, b]);
    expect((await post('writings/pages/reorder', { essayId: e.id, pageIds: [ids[0], ids[1]] })).json().error).toBe('PAGE_ORDER_MISMATCH');

    // A turn is recorded on the page (shown and read turned clockwise by `rotation`); the stored file stays.
    const rotated = (await post('writings/pages/rotate', { pageId: ids[0], degrees: 90 })).json().data;
    expect(rotated.pages.find((p: Page) => p.id === ids[0])).toMatchObject({ rotation: 90, fileId: a, width: 120, height: 80 });
    expect((await post('writings/pages/rotate', { pageId: ids[0], degrees: 270 })).json().data.pages.find((p: Page) => p.id === ids[0])).toMatchObject({ rotation: 0, fileId: a });
    expect((await post('writings/pages/rotate', { pageId: ids[0], degrees: -90 })).json().data.pages.find((p: Page) => p.id === ids[0])).toMatchObject({ rotation: 270, fileId: a, width: 120, height: 80 });

    const big = await file(1200, 1000);
    const replaced = (await post('writings/pages/replace', { pageId: ids[1], fileId: big })).json().data;
    expect(replaced.pages.find((p: Page) => p.id === ids[1]).fileId).toBe(big);
    const tooLarge = await post('writings/pages/rotate', { pageId: ids[1], degrees: 180 });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({ error: 'IMAGE_ROTATE_TOO_LARGE', showMsg: '图片像素过大无法旋转，请联系客服人员处理，或者降低手机拍照分辨率后重新拍照上传。' });

    const afterDel = (await del(`writings/pages/del?id=${ids[1]}`)).json().data;
    expect(afterDel.pages.map((p: Page) => p.pageNo)).toEqual([1, 2]);
    await del(`writings/pages/del?id=${ids[2]}`);
    const last = await del(`writings/pages/del?id=${ids[0]}`);
    expect(last.statusCode).toBe(400);
    expect(last.json().error).toBe('LAST_PAGE');

    // Approved essays are locked until the approval is cancelled.
    await t.database.db.update(essays).set({ status: 'approved' }).where(eq(essays.id, e.id));
    expect((await post('writings/saveSingle', { taskId, classId, studentId: students[2]!.id, fileIds: [a] })).statusCode).toBe(409);
    expect((await post('writings/pages/rotate', { pageId: ids[0], degrees: 90 })).statusCode).toBe(409);
    expect((await del(`writings/del?id=${e.id}`)).statusCode).toBe(409);
    expect((await get(`writings/list?taskId=${taskId}&classId=${classId}`)).json().data.students.find((s: Row) => s.studentId === students[2]!.id).label).toBe('reviewed');
    await t.database.db.update(essays).set({ status: 'ai_done' }).where(eq(essays.id, e.id));
    expect((await del(`writings/del?id=${e.id}`)).json().data).toEqual({ deleted: 1 });
    expect((await get(`writings/get?id=${e.id}`)).statusCode).toBe(404);
  });

  it('phone upload: context, submit, resubmit, revised draft, wrong class code, late', async () => {
    const ctx = await t.call(h5UploadRoutes.uploadContext, { query: { taskId, classCode } });
    expect(ctx.status, ctx.raw.body).toBe(200);
    const c = ctx.body.data;
    expect(c).toMatchObject({ taskId, title: '我的妈妈', requirements: ['写出妈妈的特点'], closed: false, className: '七年级1班', maxPages: 10 });
    expect(c.students).toHaveLength(45);
    expect(c.students[0]).not.toHaveProperty('studentNo');
    expect(c.students[0]!.maskedNo).toMatch(/^\*+\d$/);
    const student = students[5]!;

    const pages = [await solidImage(100, 140, seed++, 'jpeg'), await solidImage(100, 140, seed++, 'jpeg')];
    const send = (fields: Record<string, string>, files: Buffer[], ip = '10.1.1.1') => {
      const mp = multipartFiles(fields, files.map((content, i) => ({ name: `IMG_${i}.jpg`, content })));
      return t.call('POST', `${MGMT}/h5/upload/submit`, { payload: mp.payload, headers: mp.headers, ip });
    };
    const fields = { taskId: String(taskId), classCode, studentId: String(student.id), studentCode: student.h5Code };
    expect(student.h5Code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    // The class code alone, or a classmate's code, does not make you that student.
    const { studentCode: _, ...noCode } = fields;
    expect((await send(noCode, pages)).json().error).toBe('FIELDS_FIRST');
    const foreign = await send({ ...fields, studentCode: students[6]!.h5Code }, pages);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: 'STUDENT_CODE_WRONG', message: '学生码不正确，请向老师确认你的学生码' });
    const first = await send(fields, pages);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ draft: 0, pageCount: 2, replaced: false, label: 'submitted' });
    const again = await send(fields, [pages[1]!]);
    expect(again.json().data).toMatchObject({ essayId: first.json().data.essayId, draft: 0, pageCount: 1, replaced: true });
    const essay = (await get(`writings/get?id=${first.json().data.essayId}`)).json().data;
    expect(essay).toMatchObject({ source: 'phone', studentId: student.id });
    expect(essay.pages).toHaveLength(1);

    // JSON with Base64 pages works too; after a revision request the next submission is draft 1.
    await t.database.db.update(essays).set({ status: 'revision_requested' }).where(eq(essays.id, essay.id));
    const revised = await t.call('POST', `${MGMT}/h5/upload/submit?taskId=${fields.taskId}&classCode=${fields.classCode}&studentId=${fields.studentId}`, { headers: { 'x-student-code': fields.studentCode }, body: { pages: [{ fileName: 'r.jpg', contentBase64: pages[0]!.toString('base64') }] }, ip: '10.1.1.2' });
    expect(revised.json().data).toMatchObject({ draft: 1, replaced: false, label: 'revisedDraft' });
    const row = (await list()).students.find((s) => s.studentId === student.id)!;
    expect(row.essays.map((x) => x.draft)).toEqual([1, 0]);
    expect(row.label).toBe('revisedDraft');

    // Wrong class code, an .exe among the pages, files before the fields.
    const wrong = await send({ ...fields, classCode: otherClassCode }, pages);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toContain('班级码与作文任务不匹配');
    expect((await t.call(h5UploadRoutes.uploadContext, { query: { taskId, classCode: otherClassCode } })).status).toBe(403);
    const exe = await send(fields, [pages[0]!, Buffer.from('MZ\x90\x00 not a photo', 'latin1')]);
    expect(exe.statusCode).toBe(415);
    // Lower case and spaces are what a student may type.
    expect((await send({ ...fields, studentCode: ` ${student.h5Code.toLowerCase()} ` }, [Buffer.from('MZ\x90\x00 not a photo', 'latin1')])).statusCode).toBe(415);
    const mp = multipartFiles({}, [{ name: 'a.jpg', content: pages[0]! }]);
    expect((await t.call('POST', `${MGMT}/h5/upload/submit`, { payload: mp.payload, headers: mp.headers })).json().error).toBe('FIELDS_FIRST');

    // After the deadline: refused with the deadline in the message, and the context says closed.
    t.clock.offsetMs = 3 * 86400_000;
    try {
      const late = await send({ ...fields, studentId: String(students[6]!.id), studentCode: students[6]!.h5Code }, pages, '10.1.1.3');
      expect(late.statusCode).toBe(403);
      expect(late.json()).toMatchObject({ error: 'DEADLINE_PASSED', message: expect.stringContaining('已过提交截止时间') });
      expect((await t.call(h5UploadRoutes.uploadContext, { query: { taskId, classCode } })).body.data.closed).toBe(true);
    } finally {
      t.clock.offsetMs = 0;
    }

    // Rate limit per IP.
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await send({ ...fields, classCode: otherClassCode }, [], '10.9.9.9')).statusCode;
    expect(last).toBe(429);
  });

  it('task board counts come from essays; school B sees nothing of school A', async () => {
    const s7 = students[7]!;
    const e = (await post('writings/saveSingle', { taskId, classId, studentId: s7.id, fileIds: [await file()] })).json().data;
    await t.database.db.update(essays).set({ status: 'abnormal' }).where(eq(essays.id, e.id));
    const board = (await get('tasks/list?pageSize=50')).json().data.list.find((x: { id: number }) => x.id === taskId);
    // students[0] awaiting AI, [5] revised draft submitted (awaiting AI), [7] abnormal; [2]'s essay was deleted.
    expect(board.counts).toEqual({ students: 45, submitted: 3, abnormal: 1, awaitingAi: 2, aiDone: 0, approved: 0, revisionRequested: 0, aiCorrected: 0, notSubmitted: 42 });
    const stats = (await get(`tasks/statistics?id=${taskId}`)).json().data;
    expect(stats.totals).toEqual(board.counts);
    expect(stats.classes[0]).toMatchObject({ classId, submitted: 3 });
    expect((await list()).students.find((s) => s.studentId === s7.id)!.label).toBe('abnormal');

    expect((await get(`writings/list?taskId=${taskId}&classId=${classId}`, 'teacherB01')).statusCode).toBe(404);
    expect((await get(`writings/get?id=${e.id}`, 'teacherB01')).statusCode).toBe(404);
    expect((await post('writings/pages/rotate', { pageId: e.pages[0].id, degrees: 90 }, 'teacherB01')).statusCode).toBe(404);
    expect((await del(`writings/del?id=${e.id}`, 'teacherB01')).statusCode).toBe(404);
    expect((await post('writings/saveSingle', { taskId, classId, studentId: s7.id, fileIds: [await file(30, 30, 'teacherB01')] }, 'teacherB01')).statusCode).toBe(404);
    expect((await t.call(filesRoutes.read, { params: { id: e.pages[0].fileId } }, { token: tok.teacherB01 })).status).toBe(404);
  });
});

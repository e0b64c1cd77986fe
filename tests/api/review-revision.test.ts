import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, essays, revisionRequests, schools } from '../../src/server/db/schema';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { FakeOcr, newStudent, taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT, registerTeacher } from '../helpers/flows';
import { solidImage } from '../helpers/images';
import { correctedEssay } from '../helpers/review';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { files as filesRoutes } from '../../src/core/api/routes/files';
import { h5Messages as h5MessagesRoutes } from '../../src/core/api/routes/h5-messages';

describe.each(databaseKinds())('revised drafts, reminders and students’ notifications on %s', (kind) => {
  let t: TestApp;
  const ocr = new FakeOcr();
  const storage = new MemoryFileStorage();
  const tok: Record<string, string> = {};
  let fx: EssayFixture;
  let classCode: string;
  let seed = 40;
  const db = () => t.database.db;
  const get = (url: string, who = 'teacher01', lang?: 'zh' | 'en') => t.call('GET', `${MGMT}/${url}`, { token: tok[who], lang });
  const post = (url: string, body: unknown, who = 'teacher01', lang?: 'zh' | 'en') => t.call('POST', `${MGMT}/${url}`, { token: tok[who], body, lang });
  const essayRow = async (id: number) => (await db().select().from(essays).where(eq(essays.id, id)))[0]!;
  const requestsOf = (studentId: number) => db().select().from(revisionRequests).where(eq(revisionRequests.studentId, studentId)).orderBy(revisionRequests.id);
  const corrected = (studentId?: number) => correctedEssay(t, storage, ocr, fx, studentId ? { studentId } : {});
  /** The student's phone upload (JSON with a Base64 page), as the H5 page sends it. */
  const phoneUpload = async (studentId: number, ip = '10.2.0.1') =>
    t.call('POST', `${MGMT}/h5/upload/submit?taskId=${fx.taskId}&classCode=${classCode}&studentId=${studentId}`, { headers: { 'x-student-code': await t.studentCode(studentId) }, body: { pages: [{ fileName: 'p.png', contentBase64: (await solidImage(120, 160, seed++)).toString('base64') }] }, ip });
  const messages = async (studentId: number, code = classCode) => t.call('POST', `${MGMT}/h5/messages`, { body: { classCode: code, studentId, studentCode: await t.studentCode(studentId) }, ip: '10.3.0.1' });

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { ocr, storage }, jobs: { poll: false } });
    const stranger = await registerTeacher(t, 'norev');
    for (const u of ['teacher01', 'teacherB01', 'headmaster01']) tok[u] = await t.login(u);
    tok.unbound = await t.login(stranger.username, stranger.password);
    fx = await taskFixture(db(), { username: 'teacher01', className: '七年级1班', title: '难忘的一次运动会' });
    classCode = (await db().select().from(classes).where(eq(classes.id, fx.classId)))[0]!.classCode;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keep: the essay stays, the student is told with a link to the upload, the next upload is draft 1 and fulfils the request', async () => {
    const id = await corrected();
    const studentId = (await essayRow(id)).studentId;
    const res = await post('revision/request', { essayIds: [id], mode: 'keep', message: '请把结尾写具体些' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ done: [id], skipped: [] });
    expect(await essayRow(id)).toMatchObject({ status: 'revision_requested', deletedAt: null });
    const [request] = await requestsOf(studentId);
    expect(request).toMatchObject({ essayId: id, mode: 'keep', status: 'pending', nextDraft: 1, message: '请把结尾写具体些' });

    // the workspace shows the pending request, the writing list the revised-draft label
    const w = (await get(`review/workspace?essayId=${id}`)).json().data;
    expect(w.revision).toMatchObject({ id: request!.id, mode: 'keep', status: 'pending', nextDraft: 1, requestedBy: '王老师' });
    expect(w.essay.label).toBe('awaitingRevision');
    const row = (await get(`writings/list?taskId=${fx.taskId}&classId=${fx.classId}`)).json().data.students.find((s: { studentId: number }) => s.studentId === studentId);
    expect(row).toMatchObject({ label: 'awaitingRevision', status: 'revision_requested' });

    // a second request while one is pending is refused
    const twice = (await post('revision/request', { essayIds: [id], mode: 'discard', message: '' })).json().data;
    expect(twice.skipped[0]).toMatchObject({ essayId: id, code: 'REVISION_PENDING', message: '该学生已有待重新提交的重写要求' });

    // the student's H5 notification
    const inbox = await messages(studentId);
    expect(inbox.statusCode, inbox.body).toBe(200);
    const [msg] = inbox.json().data;
    expect(msg).toMatchObject({ kind: 'revision', taskId: fx.taskId, taskTitle: '难忘的一次运动会', isRead: 0, link: `/teaching/h5/upload?taskId=${fx.taskId}&classCode=${classCode}&studentId=${studentId}` });
    expect(msg.message).toContain('请把结尾写具体些');
    expect(msg.time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    // the phone upload becomes draft 1 and fulfils the request; the kept essay stays for comparison
    const up = await phoneUpload(studentId);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ draft: 1, replaced: false, label: 'revisedDraft' });
    const [after] = await requestsOf(studentId);
    expect(after).toMatchObject({ status: 'fulfilled', fulfilledByEssayId: up.json().data.essayId });
    expect((await essayRow(id)).status).toBe('revision_requested');
    const drafts = (await get(`writings/drafts?taskId=${fx.taskId}&studentId=${studentId}`)).json().data;
    expect(drafts.drafts.map((d: { draft: number; discarded: boolean }) => [d.draft, d.discarded])).toEqual([[0, false], [1, false]]);
    expect(drafts.drafts[0].transcript).toContain('八百米长跑');
    expect(drafts.drafts[0].aiComment).toBeTruthy();
  });

  it('keep on draft 2 is refused with a clear message; discard of draft 2 is allowed', async () => {
    const studentId = await newStudent(db(), fx);
    const d0 = await corrected(studentId);
    await post('revision/request', { essayIds: [d0], mode: 'keep', message: '' });
    const d1 = (await phoneUpload(studentId)).json().data;
    expect(d1.draft).toBe(1);
    await db().update(essays).set({ status: 'ai_done' }).where(eq(essays.id, d1.essayId));
    expect((await post('revision/request', { essayIds: [d1.essayId], mode: 'keep', message: '' })).json().data.done).toEqual([d1.essayId]);
    const d2 = (await phoneUpload(studentId)).json().data;
    expect(d2.draft).toBe(2);
    const refused = (await post('revision/request', { essayIds: [d2.essayId], mode: 'keep', message: '' })).json().data;
    expect(refused.skipped[0]).toMatchObject({ code: 'LAST_DRAFT', message: '该作文已是第二次重写稿，不能再要求重写' });
    const refusedEn = (await post('revision/request', { essayIds: [d2.essayId], mode: 'keep', message: '' }, 'teacher01', 'en')).json().data;
    expect(refusedEn.skipped[0].message).toMatch(/second revised draft/);
    expect((await post('revision/request', { essayIds: [d2.essayId], mode: 'discard', message: '' })).json().data.done).toEqual([d2.essayId]);
    expect((await requestsOf(studentId)).at(-1)).toMatchObject({ mode: 'discard', nextDraft: 2, status: 'pending' });
  });

  it('discard: the essay and its review leave the lists; the next upload takes the same draft; the discarded one stays in the drafts, flagged', async () => {
    const id = await corrected();
    const studentId = (await essayRow(id)).studentId;
    await post('review/save', { essayId: id, teacherComment: '字迹太潦草，请重写' });
    expect((await post('revision/request', { essayIds: [id], mode: 'discard', message: '重写一遍' })).json().data.done).toEqual([id]);
    expect((await essayRow(id)).deletedAt).not.toBeNull();
    expect((await get(`review/workspace?essayId=${id}`)).statusCode).toBe(404);
    const row = (await get(`writings/list?taskId=${fx.taskId}&classId=${fx.classId}`)).json().data.students.find((s: { studentId: number }) => s.studentId === studentId);
    expect(row).toMatchObject({ label: 'awaitingRevision', status: null, essays: [] });
    expect((await requestsOf(studentId))[0]).toMatchObject({ nextDraft: 0, status: 'pending' });

    const up = (await phoneUpload(studentId)).json().data;
    expect(up).toMatchObject({ draft: 0, replaced: false });
    expect((await requestsOf(studentId))[0]).toMatchObject({ status: 'fulfilled', fulfilledByEssayId: up.essayId });
    const drafts = (await get(`writings/drafts?taskId=${fx.taskId}&studentId=${studentId}`)).json().data;
    expect(drafts.drafts.map((d: { id: number; discarded: boolean }) => [d.id, d.discarded])).toEqual([[id, true], [up.essayId, false]]);
    expect(drafts.drafts[0].teacherComment).toBe('字迹太潦草，请重写');
  });

  it('the teacher’s single upload for a student with a pending request becomes the requested draft', async () => {
    const id = await corrected();
    const studentId = (await essayRow(id)).studentId;
    await post('revision/request', { essayIds: [id], mode: 'keep', message: '' });
    const file = await t.call(filesRoutes.uploadBase64, { body: { fileName: 'p.png', contentBase64: (await solidImage(120, 160, seed++)).toString('base64') } }, { token: tok.teacher01 });
    const saved = await post('writings/saveSingle', { taskId: fx.taskId, classId: fx.classId, studentId, draft: 0, fileIds: [file.body.data.id] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ draft: 1, status: expect.any(String) });
    expect((await requestsOf(studentId))[0]).toMatchObject({ status: 'fulfilled', fulfilledByEssayId: saved.json().data.id });
  });

  it('cancel a request: confirmation required, then the essay is restored (undeleted, or back to approved) and the student told', async () => {
    // keep on an approved essay → cancel → approved again
    const kept = await corrected();
    const keptStudent = (await essayRow(kept)).studentId;
    expect((await post('review/approve', { essayId: kept, teacherComment: '很好' })).statusCode).toBe(200);
    await post('revision/request', { essayIds: [kept], mode: 'keep', message: '' });
    expect((await essayRow(kept)).status).toBe('revision_requested');
    const unconfirmed = await post('revision/cancel', { essayId: kept });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({ error: 'CONFIRM_REQUIRED', message: '确定取消这次重写要求吗？' });
    const cancelled = await post('revision/cancel', { essayId: kept, confirm: true });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ essayId: kept, status: 'cancelled', mode: 'keep' });
    expect((await essayRow(kept)).status).toBe('approved');
    expect((await messages(keptStudent)).json().data.map((m: { kind: string }) => m.kind)).toEqual(['revision_cancelled', 'revision', 'approved']);
    expect((await post('revision/cancel', { essayId: kept, confirm: true })).json().error).toBe('REVISION_NOT_PENDING');

    // discard → cancel → undeleted, pending review again
    const dropped = await corrected();
    await post('revision/request', { essayIds: [dropped], mode: 'discard', message: '' });
    expect((await post('revision/cancel', { essayId: dropped, confirm: true })).statusCode).toBe(200);
    expect(await essayRow(dropped)).toMatchObject({ deletedAt: null, status: 'ai_done' });
    expect((await get(`review/workspace?essayId=${dropped}`)).statusCode).toBe(200);

    // another school and an unbound teacher cannot request or cancel
    const other = await corrected();
    for (const who of ['teacherB01', 'unbound']) expect((await post('revision/request', { essayIds: [other], mode: 'keep', message: '' }, who)).json().data.skipped[0].code).toBe('NOT_FOUND');
    await post('revision/request', { essayIds: [other], mode: 'discard', message: '' });
    for (const who of ['teacherB01', 'unbound']) expect((await post('revision/cancel', { essayId: other, confirm: true }, who)).statusCode).toBe(404);
    expect((await post('revision/cancel', { essayId: other, confirm: true }, 'headmaster01')).statusCode).toBe(403);
  });

  it('approving an essay with a pending request needs confirmation, which closes the request', async () => {
    const id = await corrected();
    const studentId = (await essayRow(id)).studentId;
    await post('revision/request', { essayIds: [id], mode: 'keep', message: '' });
    const pending = await post('review/approve', { essayId: id, teacherComment: '算了，这篇可以' });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toBe('REVISION_PENDING');
    expect((await post('review/batchApprove', { essayIds: [id], useAiComment: true })).json().data.skipped[0].code).toBe('REVISION_PENDING');
    const ok = await post('review/approve', { essayId: id, teacherComment: '算了，这篇可以', confirmPendingRevision: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await requestsOf(studentId))[0]).toMatchObject({ status: 'cancelled' });
    expect((await essayRow(id)).status).toBe('approved');
  });

  it('remind: students without an essay are notified once; a repeat within 10 minutes is refused', async () => {
    const f = await taskFixture(db(), { username: 'teacher01', className: '七年级2班', title: '我的老师' });
    await correctedEssay(t, storage, ocr, f, { studentId: f.studentId });
    const code = (await db().select().from(classes).where(eq(classes.id, f.classId)))[0]!.classCode;
    const res = await post('writings/remind', { taskId: f.taskId, classId: f.classId });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r.reminded).toBeGreaterThan(0);
    expect(r.students).toHaveLength(r.reminded);
    const again = await post('writings/remind', { taskId: f.taskId, classId: f.classId });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'REMIND_TOO_SOON', message: '10分钟内已提醒过该班未提交的学生，请10分钟后再试' });
    expect((await post('writings/remind', { taskId: f.taskId, classId: f.classId }, 'teacher01', 'en')).json().message).toMatch(/less than 10 minutes ago/);
    t.clock.offsetMs += 10 * 60_000 + 1000;
    expect((await post('writings/remind', { taskId: f.taskId, classId: f.classId })).json().data.reminded).toBe(r.reminded);
    expect((await post('writings/remind', { taskId: f.taskId, classId: f.classId }, 'teacherB01')).statusCode).toBe(404);
    expect((await post('writings/remind', { taskId: f.taskId, classId: f.classId }, 'headmaster01')).statusCode).toBe(403);

    // the student reads the reminder on the H5 page; the one who submitted got none
    const students = (await get(`writings/list?taskId=${f.taskId}&classId=${f.classId}`)).json().data.students as { studentId: number; label: string }[];
    const missing = students.find((s) => s.label === 'notSubmitted')!;
    const inbox = (await messages(missing.studentId, code)).json().data;
    expect(inbox).toHaveLength(2);
    expect(inbox[0]).toMatchObject({ kind: 'reminder', isRead: 0, taskTitle: '我的老师' });
    expect(inbox[0].message).toContain('《我的老师》还没有提交');
    expect((await messages(f.studentId, code)).json().data).toHaveLength(0);
    const read = await t.call(h5MessagesRoutes.messagesRead, { body: { classCode: code, studentId: missing.studentId, studentCode: await t.studentCode(missing.studentId), ids: inbox.map((m: { id: number }) => m.id) } }, { ip: '10.3.0.1' });
    expect(read.body.data).toEqual({ updated: 2 });
    expect((await messages(missing.studentId, code)).json().data.every((m: { isRead: number }) => m.isRead === 1)).toBe(true);
    // another student's ids are ignored; a student of another class or a wrong code is refused
    expect((await t.call(h5MessagesRoutes.messagesRead, { body: { classCode: code, studentId: f.studentId, studentCode: await t.studentCode(f.studentId), ids: inbox.map((m: { id: number }) => m.id) } })).body.data).toEqual({ updated: 0 });
    expect((await messages(missing.studentId, classCode)).json().error).toBe('STUDENT_NOT_IN_CLASS');
    expect((await messages(missing.studentId, 'ZZZZZZZZ')).statusCode).toBe(403);
    // an expired school's H5 pages answer like its signed-in routes
    await db().update(schools).set({ limitStatus: 1 }).where(eq(schools.id, f.schoolId));
    expect((await messages(missing.studentId, code)).json().error).toBe('SYSTEM_EXPIRED');
    await db().update(schools).set({ limitStatus: 0 }).where(eq(schools.id, f.schoolId));
  });
});

// Attacker's and careful teacher's view of the teacher-review, revised-draft, notification,
// statistics and export endpoints: ids of another school or an unbound class in every field, roles,
// the public H5 messages, bad input answered 4xx in the caller's language, and races or refusals
// that must never lose a teacher's work or a student's draft.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, essayPages, essayReviews, essays, files, revisionRequests, studentNotifications, students } from '../../src/server/db/schema';
import { requestCorrection } from '../../src/server/services/correction-service';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { contentKey } from '../../src/server/storage/file-storage';
import { FakeOcr, insertEssay, newStudent, taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT, registerTeacher } from '../helpers/flows';
import { correctedEssay, essayPage } from '../helpers/review';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { createHash } from 'node:crypto'; import { commentLibrary as commentLibraryRoutes } from '../../src/core/api/routes/comment-library';
import { h5Messages as h5MessagesRoutes } from '../../src/core/api/routes/h5-messages';

describe.each(databaseKinds())('teacher review under attack on %s', (kind) => {
  let t: TestApp;
  const ocr = new FakeOcr();
  const storage = new MemoryFileStorage();
  const tok: Record<string, string> = {};
  let fx: EssayFixture; // teacher01, 七年级1班
  let fxB: EssayFixture; // teacherB01, another school
  let fx8: EssayFixture; // classrole01's 八年级3班, same school, teacher01 not bound
  const db = () => t.database.db;
  const get = (url: string, who = 'teacher01', lang?: 'zh' | 'en') => t.call('GET', `${MGMT}/${url}`, { token: tok[who], lang });
  const post = (url: string, body: unknown, who = 'teacher01', lang?: 'zh' | 'en') => t.call('POST', `${MGMT}/${url}`, { token: tok[who], body, lang });
  const essayRow = async (id: number) => (await db().select().from(essays).where(eq(essays.id, id)))[0]!;
  const reviewRow = async (id: number) => (await db().select().from(essayReviews).where(eq(essayReviews.essayId, id)))[0];
  const corrected = (f: EssayFixture = fx, studentId?: number) => correctedEssay(t, storage, ocr, f, studentId ? { studentId } : {});
  const classCodeOf = async (classId: number) => (await db().select().from(classes).where(eq(classes.id, classId)))[0]!.classCode;

  /** A later draft of a student (as an upload fulfilling a keep request would make), AI-corrected. */
  async function laterDraft(f: EssayFixture, studentId: number, draft: number): Promise<number> {
    const bytes = await essayPage(ocr);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const [essay] = await db().insert(essays).values({ schoolId: f.schoolId, taskId: f.taskId, classId: f.classId, studentId, draft, source: 'single', submittedByIdentityId: f.creatorIdentityId }).returning();
    await storage.put(contentKey(hash), Buffer.from(bytes));
    const inserted = await db().insert(files).values({ id: randomUUID(), schoolId: f.schoolId, sha256: hash, storageKey: contentKey(hash), mime: 'image/png', size: bytes.length }).onConflictDoNothing().returning();
    const fileId = inserted[0]?.id ?? (await db().select().from(files).where(and(eq(files.schoolId, f.schoolId), eq(files.sha256, hash))))[0]!.id;
    await db().insert(essayPages).values({ essayId: essay!.id, fileId, pageNo: 1 });
    await requestCorrection(db(), essay!.id, { reason: 'rerun', now: new Date() });
    await t.app.jobRunner!.runDue();
    return essay!.id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { ocr, storage }, jobs: { poll: false } });
    const stranger = await registerTeacher(t, 'intruder');
    for (const u of ['teacher01', 'teacherB01', 'headmaster01', 'classrole01']) tok[u] = await t.login(u);
    tok.unbound = await t.login(stranger.username, stranger.password);
    fx = await taskFixture(db(), { username: 'teacher01', className: '七年级1班', title: '难忘的一次运动会' });
    fxB = await taskFixture(db(), { username: 'teacherB01', className: '高一1班', title: '难忘的一次运动会' });
    fx8 = await taskFixture(db(), { username: 'classrole01', className: '八年级3班', title: '难忘的一次运动会' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ids of another school or of a class the teacher is not bound to, in every field: 404 or skipped, nothing written', async () => {
    const own = await corrected();
    for (const [label, f] of [['other school', fxB], ['unbound class', fx8]] as const) {
      const theirs = await corrected(f);
      const student = (await essayRow(theirs)).studentId;
      const before = await essayRow(theirs);
      const refused = async (res: { statusCode: number; body: string }, what: string) => expect(res.statusCode, `${label}: ${what} ${res.body}`).toBe(404);
      await refused(await get(`review/workspace?essayId=${theirs}`), 'workspace');
      await refused(await get(`review/neighbour?essayId=${theirs}&direction=next`), 'neighbour');
      await refused(await post('review/save', { essayId: theirs, teacherComment: '改掉' }), 'save');
      await refused(await post('review/transcript', { essayId: theirs, transcript: '改掉的文字' }), 'transcript');
      await refused(await post('review/approve', { essayId: theirs, teacherComment: '通过' }), 'approve');
      await refused(await post('review/cancelApproval', { essayId: theirs }), 'cancelApproval');
      await refused(await post('revision/cancel', { essayId: theirs, confirm: true }), 'revision/cancel');
      await refused(await get(`writings/drafts?taskId=${fx.taskId}&studentId=${student}`), 'drafts (their student, my task)');
      await refused(await get(`writings/drafts?taskId=${f.taskId}&studentId=${(await essayRow(own)).studentId}`), 'drafts (their task, my student)');
      await refused(await post('writings/remind', { taskId: f.taskId, classId: fx.classId }), 'remind (their task)');
      await refused(await post('writings/remind', { taskId: fx.taskId, classId: f.classId }), 'remind (their class)');
      await refused(await get(`writings/statistics?taskId=${f.taskId}&classId=${f.classId}`), 'statistics');
      await refused(await get(`writings/statistics?taskId=${fx.taskId}&classId=${f.classId}`), 'statistics (my task, their class)');
      await refused(await get(`writings/classroomEvaluation?taskId=${f.taskId}&classId=${f.classId}`), 'classroomEvaluation');
      await refused(await get(`export/writing?taskId=${f.taskId}`), 'export');
      await refused(await get(`export/writing?taskId=${fx.taskId}&classId=${f.classId}`), 'export (my task, their class)');
      await refused(await get(`workManager/correction/${theirs}`), 'correction');
      // batch calls: the foreign id is skipped as not found, mine goes through
      const batch = (await post('review/batchApprove', { essayIds: [theirs, own], useAiComment: true })).json().data;
      expect(batch.skipped, label).toEqual([expect.objectContaining({ essayId: theirs, code: 'NOT_FOUND' })]);
      const revise = (await post('revision/request', { essayIds: [theirs], mode: 'discard', message: '' })).json().data;
      expect(revise.skipped, label).toEqual([expect.objectContaining({ essayId: theirs, code: 'NOT_FOUND' })]);
      // nothing of theirs changed
      expect(await essayRow(theirs), label).toEqual(before);
      expect(await reviewRow(theirs), label).toBeUndefined();
      expect(await db().select().from(revisionRequests).where(eq(revisionRequests.studentId, student)), label).toEqual([]);
      await post('review/cancelApproval', { essayId: own });
    }
  });

  it('a headmaster reads reviews but writes nothing; the same-school teacher of the class and class staff may act', async () => {
    const id = await corrected();
    expect((await get(`review/workspace?essayId=${id}`, 'headmaster01')).statusCode).toBe(200);
    for (const [url, body] of [
      ['review/save', { essayId: id, teacherComment: '校长' }],
      ['review/transcript', { essayId: id, transcript: '校长改的' }],
      ['review/approve', { essayId: id, teacherComment: '校长' }],
      ['review/cancelApproval', { essayId: id }],
      ['review/batchApprove', { essayIds: [id] }],
      ['revision/request', { essayIds: [id], mode: 'discard', message: '' }],
      ['revision/cancel', { essayId: id, confirm: true }],
      ['writings/remind', { taskId: fx.taskId, classId: fx.classId }],
      ['commentLibrary/save', { text: '校长的评语' }],
    ] as const) {
      expect((await post(url, body, 'headmaster01')).statusCode, url).toBe(403);
    }
    expect(await essayRow(id)).toMatchObject({ status: 'ai_done', deletedAt: null });
    expect(await reviewRow(id)).toBeUndefined();
  });

  it('another teacher’s own library comment cannot be used or deleted', async () => {
    const mine = (await post('commentLibrary/save', { text: `只属于我的评语${kind}` })).json().data;
    for (const who of ['teacherB01', 'unbound']) {
      expect((await post(`commentLibrary/use/${mine.id}`, undefined, who)).statusCode, who).toBe(404);
      expect((await t.call(commentLibraryRoutes.del, { query: { id: mine.id } }, { token: tok[who] })).status, who).toBe(404);
      const listed = (await get(`commentLibrary/list?scope=all&q=${encodeURIComponent('只属于我的评语')}`, who)).json().data;
      expect(listed.total, who).toBe(0);
    }
  });

  describe('public H5 messages (class code and a student of that class)', () => {
    it('another class’s student, another school’s student, a wrong code: refused; others’ ids are never marked', async () => {
      const id = await corrected();
      const student = (await essayRow(id)).studentId;
      await post('revision/request', { essayIds: [id], mode: 'keep', message: '只给这个学生看' });
      const code = await classCodeOf(fx.classId);
      const codeB = await classCodeOf(fxB.classId);
      const code8 = await classCodeOf(fx8.classId);
      const list = async (classCode: string, studentId: number, lang?: 'en') => t.call('POST', `${MGMT}/h5/messages`, { body: { classCode, studentId, studentCode: await t.studentCode(studentId) }, ip: '10.9.0.1', lang });
      expect((await list(code, student)).json().data[0]).toMatchObject({ kind: 'revision' });
      for (const c of [code8, codeB]) {
        const res = await list(c, student);
        expect(res.statusCode, c).toBe(400);
        expect(res.json().data).toBeUndefined();
      }
      expect((await list('ZZZZZZZZ', student)).statusCode).toBe(403);
      // the message answers in the caller's language
      expect((await list(code8, student, 'en')).json().message).toMatch(/[A-Za-z]/);

      const mine = (await list(code, student)).json().data[0].id as number;
      const other8 = await newStudent(db(), fx8);
      const read = await t.call(h5MessagesRoutes.messagesRead, { body: { classCode: code8, studentId: other8, studentCode: await t.studentCode(other8), ids: [mine] } }, { ip: '10.9.0.2' });
      expect(read.body.data).toEqual({ updated: 0 });
      expect((await db().select().from(studentNotifications).where(eq(studentNotifications.id, mine)))[0]!.isRead).toBe(0);
      const moved = await t.call(h5MessagesRoutes.messagesRead, { body: { classCode: code8, studentId: student, studentCode: await t.studentCode(student), ids: [mine] } }, { ip: '10.9.0.2' });
      expect(moved.status).toBe(400);
    });
  });

  describe('bad input is a 4xx in the caller’s language, never a 5xx', () => {
    it('huge arrays, negative, fractional and out-of-range ids, unknown dimensions, wrong labels, bad JSON', async () => {
      const id = await corrected();
      const cases: [string, 'GET' | 'POST' | 'DELETE', string, unknown][] = [
        ['101 essays in a batch', 'POST', 'review/batchApprove', { essayIds: Array.from({ length: 101 }, (_, i) => i + 1) }],
        ['101 essays in a revision batch', 'POST', 'revision/request', { essayIds: Array.from({ length: 101 }, (_, i) => i + 1), mode: 'keep' }],
        ['empty batch', 'POST', 'review/batchApprove', { essayIds: [] }],
        ['negative id', 'POST', 'review/approve', { essayId: -3, teacherComment: '好' }],
        ['fractional id', 'POST', 'review/save', { essayId: 1.5 }],
        ['id beyond int4', 'GET', 'review/workspace?essayId=99999999999', undefined],
        ['id beyond int4 in a body', 'POST', 'review/approve', { essayId: 99999999999, teacherComment: '好' }],
        ['id beyond int4 in a batch', 'POST', 'review/batchApprove', { essayIds: [99999999999] }],
        ['revision batch id beyond int4', 'POST', 'revision/request', { essayIds: [99999999999], mode: 'keep' }],
        ['drafts beyond int4', 'GET', `writings/drafts?taskId=99999999999&studentId=99999999999`, undefined],
        ['remind beyond int4', 'POST', 'writings/remind', { taskId: 99999999999, classId: 99999999999 }],
        ['statistics beyond int4', 'GET', `writings/statistics?taskId=99999999999&classId=99999999999`, undefined],
        ['export beyond int4', 'GET', `export/writing?taskId=99999999999`, undefined],
        ['comment use beyond int4', 'POST', 'commentLibrary/use/99999999999', undefined],
        ['comment del beyond int4', 'DELETE', 'commentLibrary/del?id=99999999999', undefined],
        ['h5 messages beyond int4', 'POST', 'h5/messages', { classCode: 'ABCDEFGH', studentId: 99999999999, studentCode: 'ABCDEF' }],
        ['h5 read ids beyond int4', 'POST', 'h5/messages/read', { classCode: 'ABCDEFGH', studentId: 1, studentCode: 'ABCDEF', ids: [99999999999] }],
        ['unknown dimension', 'POST', 'review/save', { essayId: id, dimensionScores: [{ id: 'no-such-dimension', label: 'A' }] }],
        ['wrong score label', 'POST', 'review/save', { essayId: id, teacherScore: 'Z' }],
        ['a value where a label is due', 'POST', 'review/approve', { essayId: id, teacherComment: '好', dimensionScores: [{ id: 'theme', value: 5 }] }],
        ['transcript too long', 'POST', 'review/transcript', { essayId: id, transcript: '字'.repeat(20001) }],
        ['annotation with negative offset', 'POST', 'review/save', { essayId: id, annotations: [{ id: 'a', kind: 'good', start: -1, end: 2, excerpt: '', text: '好' }] }],
        ['unknown revision mode', 'POST', 'revision/request', { essayIds: [id], mode: 'burn' }],
      ];
      for (const [label, method, url, body] of cases) {
        for (const lang of ['zh', 'en'] as const) {
          const res = await t.call(method, `${MGMT}/${url}`, { token: tok.teacher01, body, lang, ip: '10.8.0.1' });
          expect(res.statusCode, `${label} (${lang}): ${res.body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${label} (${lang}): ${res.body}`).toBeLessThan(500);
          const message = res.json().message as string;
          if (lang === 'en') expect(message, label).not.toMatch(/[\u4e00-\u9fff]{2}/);
          else expect(message, label).toMatch(/[\u4e00-\u9fff]/);
        }
      }
      const badJson = await t.call('POST', `${MGMT}/review/save`, { token: tok.teacher01, payload: '{"essayId": ', headers: { 'content-type': 'application/json' } });
      expect(badJson.statusCode, badJson.body).toBe(400);
      expect(await essayRow(id)).toMatchObject({ status: 'ai_done', teacherScore: null });
    });
  });

  describe('a teacher never loses work, a student never loses a draft', () => {
    it('a revised draft cannot be asked of an older draft while a later one exists (the later one would be overwritten)', async () => {
      const first = await corrected();
      const student = (await essayRow(first)).studentId;
      const second = await laterDraft(fx, student, 1);
      await post('review/save', { essayId: second, teacherComment: '第二稿进步很大' });
      const pagesBefore = await db().select().from(essayPages).where(eq(essayPages.essayId, second));
      const res = (await post('revision/request', { essayIds: [first], mode: 'keep', message: '' })).json().data;
      expect(res.done).toEqual([]);
      expect(res.skipped[0]).toMatchObject({ essayId: first, code: 'NOT_LATEST_DRAFT' });
      expect((await post('revision/request', { essayIds: [first], mode: 'keep', message: '' }, 'teacher01', 'en')).json().data.skipped[0].message).toMatch(/latest/i);
      expect((await post('revision/request', { essayIds: [first], mode: 'discard', message: '' })).json().data.skipped[0].code).toBe('NOT_LATEST_DRAFT');
      expect(await db().select().from(revisionRequests).where(eq(revisionRequests.studentId, student))).toEqual([]);
      expect(await essayRow(first)).toMatchObject({ status: 'ai_done', deletedAt: null });
      expect(await db().select().from(essayPages).where(eq(essayPages.essayId, second))).toEqual(pagesBefore);
      // the latest draft may still be asked for a revision
      expect((await post('revision/request', { essayIds: [second], mode: 'keep', message: '' })).json().data.done).toEqual([second]);
    });

    it('approving an earlier draft while a later one is discarded by a pending request does not lose the discarded draft', async () => {
      const first = await corrected();
      const student = (await essayRow(first)).studentId;
      const second = await laterDraft(fx, student, 1);
      await post('review/save', { essayId: second, teacherComment: '第二稿的评语', teacherScore: 'B' });
      expect((await post('revision/request', { essayIds: [second], mode: 'discard', message: '' })).json().data.done).toEqual([second]);
      expect((await post('review/approve', { essayId: first, teacherComment: '第一稿就可以了' })).json().error).toBe('REVISION_PENDING');
      const ok = await post('review/approve', { essayId: first, teacherComment: '第一稿就可以了', confirmPendingRevision: true });
      expect(ok.statusCode, ok.body).toBe(200);
      // the request is over, and the draft it had discarded is back with its review, as a cancel would leave it
      expect((await db().select().from(revisionRequests).where(eq(revisionRequests.studentId, student)))[0]).toMatchObject({ status: 'cancelled' });
      expect(await essayRow(second)).toMatchObject({ deletedAt: null, teacherScore: 'B' });
      expect((await reviewRow(second))!.teacherComment).toBe('第二稿的评语');
      const drafts = (await get(`writings/drafts?taskId=${fx.taskId}&studentId=${student}`)).json().data.drafts;
      expect(drafts.map((d: { id: number }) => d.id)).toEqual([first, second]);
    });

    it('discard then cancel restores an approved essay with its comment, scores, annotations and audit time; the export follows', async () => {
      const id = await corrected();
      const dims = [
        { id: 'theme', label: 'A' },
        { id: 'content', label: 'B' },
        { id: 'structure', label: 'B' },
        { id: 'language', label: 'A' },
        { id: 'mechanics', label: 'A' },
      ];
      await post('review/save', { essayId: id, annotations: [{ id: 'n1', kind: 'good', start: 0, end: 2, excerpt: '难忘', text: '好开头' }] });
      expect((await post('review/approve', { essayId: id, teacherComment: '很完整', dimensionScores: dims })).statusCode).toBe(200);
      const essayBefore = await essayRow(id);
      const reviewBefore = await reviewRow(id);
      const exported = async () => (await get(`export/writing?taskId=${fx.taskId}&classId=${fx.classId}`)).statusCode;
      expect(await exported()).toBe(200);

      expect((await post('revision/request', { essayIds: [id], mode: 'discard', message: '' })).json().data.done).toEqual([id]);
      const during = await get(`export/writing?taskId=${fx.taskId}&classId=${fx.classId}`);
      if (during.statusCode === 200) {
        const ExcelJS = (await import('exceljs')).default;
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(during.rawPayload as unknown as ArrayBuffer);
        const names: string[] = [];
        wb.worksheets[0]!.eachRow((row, n) => n > 1 && names.push(String(row.getCell(3).value)));
        const name = (await db().select().from(students).where(eq(students.id, essayBefore.studentId)))[0]!.name;
        expect(names).not.toContain(name);
      }
      expect((await post('revision/cancel', { essayId: id, confirm: true })).statusCode).toBe(200);
      const essayAfter = await essayRow(id);
      expect({ ...essayAfter, updatedAt: null }).toEqual({ ...essayBefore, updatedAt: null });
      expect({ ...(await reviewRow(id))!, updatedAt: null }).toEqual({ ...reviewBefore!, updatedAt: null });
      expect(await exported()).toBe(200);
    });

    it('an approval voided by an AI re-run during a kept request is not restored by the cancel (no approved essay without marks)', async () => {
      const id = await corrected();
      expect((await post('review/approve', { essayId: id, teacherComment: '很好', dimensionScores: [{ id: 'theme', label: 'A' }] })).statusCode).toBe(200);
      expect((await post('revision/request', { essayIds: [id], mode: 'keep', message: '' })).json().data.done).toEqual([id]);
      t.clock.offsetMs += 1000;
      const rerun = await post(`workManager/correction/${id}/rerun`, { confirmOverwrite: true });
      expect(rerun.statusCode, rerun.body).toBe(200);
      await t.app.jobRunner!.runDue();
      expect((await post('revision/cancel', { essayId: id, confirm: true })).statusCode).toBe(200);
      const essay = await essayRow(id);
      expect(essay).toMatchObject({ status: 'ai_done', auditAt: null, teacherScore: null });
      expect((await reviewRow(id))!.approvedAt).toBeNull();
      expect((await get(`review/workspace?essayId=${id}`)).json().data.review).toMatchObject({ approved: false, teacherComment: '很好' });
      t.clock.offsetMs -= 1000;
    });

    it('an essay discarded while its AI run was queued, then restored by a cancel, is AI-corrected after all', async () => {
      const student = await newStudent(db(), fx);
      const id = await insertEssay(db(), storage, fx, [await essayPage(ocr)], { studentId: student });
      await requestCorrection(db(), id, { reason: 'rerun', now: new Date() });
      expect((await post('revision/request', { essayIds: [id], mode: 'discard', message: '' })).json().data.done).toEqual([id]);
      await t.app.jobRunner!.runDue(); // the job finds the essay gone and ends
      expect((await post('revision/cancel', { essayId: id, confirm: true })).statusCode).toBe(200);
      await t.app.jobRunner!.runDue();
      expect(await essayRow(id)).toMatchObject({ deletedAt: null, status: 'ai_done' });
      expect((await get(`workManager/correction/${id}`)).json().data.status).toBe('done');
    });

    it('autosave racing approval: the approval wins whole, a later save is refused, nothing half-written', async () => {
      for (let round = 0; round < 4; round++) {
        const id = await corrected();
        const [saved, approved] = await Promise.all([post('review/save', { essayId: id, teacherComment: `自动保存${round}` }), post('review/approve', { essayId: id, teacherComment: `批准评语${round}` })]);
        expect([200, 409], saved.body).toContain(saved.statusCode);
        expect(approved.statusCode, approved.body).toBe(200);
        expect(await essayRow(id)).toMatchObject({ status: 'approved' });
        const review = (await reviewRow(id))!;
        expect(review.teacherComment).toBe(`批准评语${round}`);
        expect(review.approvedAt).not.toBeNull();
      }
    });

    it('approval racing an AI re-run: either approved with the teacher’s marks, or re-running and not approved', async () => {
      for (let round = 0; round < 4; round++) {
        const id = await corrected();
        await post('review/save', { essayId: id, teacherComment: '先写的评语', dimensionScores: [{ id: 'theme', label: 'A' }] });
        const [approved, rerun] = await Promise.all([post('review/approve', { essayId: id, teacherComment: '批准' }), post(`workManager/correction/${id}/rerun`, { confirmOverwrite: true })]);
        expect(approved.statusCode, approved.body).toBeLessThan(500);
        expect(rerun.statusCode, rerun.body).toBeLessThan(500);
        expect(approved.statusCode === 200 && rerun.statusCode === 200, `${approved.body} ${rerun.body}`).toBe(false);
        const essay = await essayRow(id);
        const review = (await reviewRow(id))!;
        if (essay.status === 'approved') {
          expect(review.approvedAt).not.toBeNull();
          expect((review.dimensionScores as unknown[]).length).toBeGreaterThan(0);
          expect(essay.teacherScore).not.toBeNull();
        } else {
          expect(essay.status).toBe('awaiting_ai');
          expect(review.approvedAt).toBeNull();
        }
      }
    });
  });
});

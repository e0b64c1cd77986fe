import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { essays, studentNotifications } from '../../src/server/db/schema';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { FakeOcr, insertEssay, newStudent, taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT, registerTeacher } from '../helpers/flows';
import { correctedEssay, essayPage } from '../helpers/review';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';

describe.each(databaseKinds())('teacher review: workspace, save, approve on %s', (kind) => {
  let t: TestApp;
  const ocr = new FakeOcr();
  const storage = new MemoryFileStorage();
  const tok: Record<string, string> = {};
  let fx: EssayFixture;
  const db = () => t.database.db;
  const get = (url: string, who = 'teacher01', lang?: 'zh' | 'en') => t.call('GET', `${MGMT}/${url}`, { token: tok[who], lang });
  const post = (url: string, body: unknown, who = 'teacher01', lang?: 'zh' | 'en') => t.call('POST', `${MGMT}/${url}`, { token: tok[who], body, lang });
  const essayRow = async (id: number) => (await db().select().from(essays).where(eq(essays.id, id)))[0]!;
  const corrected = (f = fx) => correctedEssay(t, storage, ocr, f);

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { ocr, storage }, jobs: { poll: false } });
    const stranger = await registerTeacher(t, 'unbound');
    for (const u of ['teacher01', 'teacherB01', 'headmaster01', 'classrole01']) tok[u] = await t.login(u);
    tok.unbound = await t.login(stranger.username, stranger.password);
    fx = await taskFixture(db(), { username: 'teacher01', className: '七年级1班', title: '难忘的一次运动会' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('workspace: essay with signed pages, task scoring, AI correction, empty review, classmates in student-number order', async () => {
    const f = await taskFixture(db(), { username: 'teacher01', className: '七年级1班', title: '难忘的一次运动会' });
    const [a, b, c] = [await corrected(f), await corrected(f), await corrected(f)];
    const res = await get(`review/workspace?essayId=${b}`);
    expect(res.statusCode).toBe(200);
    const w = res.json().data;
    expect(w.essay).toMatchObject({ id: b, taskId: f.taskId, classId: f.classId, draft: 0, status: 'ai_done', label: 'pendingReview', auditTime: null });
    expect(w.essay.pages).toHaveLength(1);
    expect(w.essay.pages[0].url).toMatch(/file-service/);
    expect(w.task).toMatchObject({ id: f.taskId, scoreType: 1, fullMark: null, levels: ['A', 'B', 'C'] });
    expect(w.task.dimensions.map((d: { id: string }) => d.id)).toEqual(['theme', 'content', 'structure', 'language', 'mechanics']);
    expect(w.task.dimensions[0]).toMatchObject({ name: '立意切题', fullMark: null });
    expect(w.className).toBe('七年级1班');
    expect(w.correction).toMatchObject({ essayId: b, status: 'done' });
    expect(w.correction.result.score.dimensions).toHaveLength(5);
    expect(w.review).toEqual({ essayId: b, transcript: null, teacherComment: '', dimensionScores: [], annotations: [], teacherScore: null, approved: false, approvedAt: null, approvedBy: null, updatedAt: null });
    expect(w.revision).toBeNull();
    expect(w.previous).toMatchObject({ essayId: a });
    expect(w.next).toMatchObject({ essayId: c });
    expect(w).toMatchObject({ position: 2, total: 3 });
    // English dimension names for an English caller
    expect((await get(`review/workspace?essayId=${b}`, 'teacher01', 'en')).json().data.task.dimensions[0].name).toBe('Theme and relevance');

    // neighbours, and the messages at both ends in zh and en
    expect((await get(`review/neighbour?essayId=${b}&direction=next`)).json().data).toMatchObject({ essayId: c });
    expect((await get(`review/neighbour?essayId=${b}&direction=previous`)).json().data).toMatchObject({ essayId: a });
    const first = await get(`review/neighbour?essayId=${a}&direction=previous`);
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe('当前学生已经是第一个了');
    expect((await get(`review/neighbour?essayId=${c}&direction=next`)).json().message).toBe('当前学生已经是最后一个了');
    expect((await get(`review/neighbour?essayId=${a}&direction=previous`, 'teacher01', 'en')).json().message).toBe('The current student is already the first one');
    expect((await get(`review/neighbour?essayId=${c}&direction=next`, 'teacher01', 'en')).json().message).toBe('The current student is already the last one');
  });

  it('save: subsets of edits, dimensions checked against the task and its score type, total derived', async () => {
    const id = await corrected();
    const saved = await post('review/save', { essayId: id, teacherComment: '  结构清楚，细节生动。 ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ teacherComment: '结构清楚，细节生动。', teacherScore: null, approved: false });

    const dims = [
      { id: 'theme', label: 'A' },
      { id: 'content', label: 'B' },
      { id: 'structure', label: 'B' },
      { id: 'language', label: 'A' },
      { id: 'mechanics', label: 'C' },
    ];
    const scored = (await post('review/save', { essayId: id, dimensionScores: dims })).json().data;
    expect(scored.teacherScore).toBe('B'); // mean rank 0.8 → B
    expect(scored.dimensionScores[0]).toEqual({ id: 'theme', name: '立意切题', label: 'A' });
    expect(scored.teacherComment).toBe('结构清楚，细节生动。'); // untouched
    expect((await essayRow(id)).teacherScore).toBe('B');

    const typed = (await post('review/save', { essayId: id, teacherScore: 'A', annotations: [{ id: 'n1', kind: 'good', start: 0, end: 4, excerpt: '难忘的一', text: '题目点得好' }] })).json().data;
    expect(typed).toMatchObject({ teacherScore: 'A', annotations: [{ id: 'n1', kind: 'good' }] });

    const unknown = await post('review/save', { essayId: id, dimensionScores: [{ id: 'rhetoric', label: 'A' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('DIMENSION_UNKNOWN');
    const badLabel = await post('review/save', { essayId: id, dimensionScores: [{ id: 'theme', label: '优秀' }] });
    expect(badLabel.json()).toMatchObject({ error: 'DIMENSION_LABEL' });
    expect(badLabel.json().message).toContain('A / B / C');
    expect((await post('review/save', { essayId: id, dimensionScores: [{ id: 'theme', value: 90 }] })).json().error).toBe('DIMENSION_LABEL');
    expect((await post('review/save', { essayId: id, teacherScore: '95' })).json().error).toBe('SCORE_LABEL');
  });

  it('approve: AI first, comment not empty, then approved with audit time, score and the student told', async () => {
    const student = await newStudent(db(), fx);
    const waiting = await insertEssay(db(), storage, fx, [await essayPage(ocr)], { studentId: student });
    const early = await post('review/approve', { essayId: waiting, teacherComment: '写得好' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ error: 'AI_NOT_DONE', message: '请先完成AI批改' });
    expect((await post('review/approve', { essayId: waiting, teacherComment: 'Good' }, 'teacher01', 'en')).json().message).toBe('Please complete the AI review first');

    const id = await corrected();
    const blank = await post('review/approve', { essayId: id, teacherComment: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('教师评语不能为空');
    // the panel points at the comment field by this code, never by the text
    expect(blank.json().error).toBe('COMMENT_EMPTY');
    expect((await post('review/approve', { essayId: id, teacherComment: '' }, 'teacher01', 'en')).json().message).toBe('Teacher comments cannot be empty');

    const ok = await post('review/approve', { essayId: id, teacherComment: '内容具体，结尾点题。' });
    expect(ok.statusCode).toBe(200);
    const review = ok.json().data;
    expect(review).toMatchObject({ approved: true, approvedBy: '王老师', teacherComment: '内容具体，结尾点题。' });
    expect(review.approvedAt).toBeTruthy();
    // no teacher scores were given: the AI's dimension scores and total are accepted
    expect(review.dimensionScores).toHaveLength(5);
    const row = await essayRow(id);
    expect(row.status).toBe('approved');
    expect(row.auditAt).not.toBeNull();
    expect(row.teacherScore).toBe(row.aiScore);
    const notes = await db().select().from(studentNotifications).where(eq(studentNotifications.essayId, id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'approved', isRead: 0 });
    expect(notes[0]!.message).toContain('难忘的一次运动会');

    // approved essays are locked
    expect((await post('review/save', { essayId: id, teacherComment: '改一下' })).statusCode).toBe(409);
    expect((await post('review/approve', { essayId: id, teacherComment: '再审' })).statusCode).toBe(409);
    const w = (await get(`review/workspace?essayId=${id}`)).json().data;
    expect(w.essay).toMatchObject({ status: 'approved', label: 'reviewed' });
    expect(w.essay.auditTime).toBeTruthy();

    // cancel the approval: pending review again, audit time cleared, edits possible again
    const cancelled = await post('review/cancelApproval', { essayId: id });
    expect(cancelled.json().data).toMatchObject({ approved: false, approvedAt: null, approvedBy: null, teacherComment: '内容具体，结尾点题。' });
    expect(await essayRow(id)).toMatchObject({ status: 'ai_done', auditAt: null });
    expect((await post('review/cancelApproval', { essayId: id })).json().error).toBe('NOT_APPROVED');
    expect((await post('review/save', { essayId: id, teacherScore: 'B' })).statusCode).toBe(200);

    // approving with the teacher's own scores
    const mine = await post('review/approve', { essayId: id, teacherComment: '好', dimensionScores: [{ id: 'theme', label: 'C' }, { id: 'content', label: 'C' }, { id: 'structure', label: 'C' }, { id: 'language', label: 'C' }, { id: 'mechanics', label: 'B' }] });
    expect(mine.json().data).toMatchObject({ teacherScore: 'C', approved: true });
  });

  it('batch approve: an essay without a teacher comment is skipped unless the teacher signs the AI comment as theirs; not-done essays are skipped with the reason', async () => {
    const a = await corrected();
    const b = await corrected();
    await post('review/save', { essayId: b, teacherComment: '老师自己的评语' });
    const notDone = await insertEssay(db(), storage, fx, [await essayPage(ocr)]);
    const res = await post('review/batchApprove', { essayIds: [a, b, notDone, 99999999] });
    expect(res.statusCode).toBe(200);
    const r = res.json().data;
    expect(r.done).toEqual([b]);
    expect(r.skipped).toEqual([
      { essayId: a, code: 'TEACHER_COMMENT_REQUIRED', message: '还没有写教师评语：请先写评语，或选择“采用AI评语作为我的评语”' },
      { essayId: notDone, code: 'AI_NOT_DONE', message: '请先完成AI批改' },
      { essayId: 99999999, code: 'NOT_FOUND', message: expect.any(String) },
    ]);
    expect((await essayRow(a)).status).toBe('ai_done');
    expect((await get(`review/workspace?essayId=${b}`)).json().data.review.teacherComment).toBe('老师自己的评语');
    // The teacher's explicit choice: the AI comment becomes theirs; it also stays the AI's in the result.
    const signed = (await post('review/batchApprove', { essayIds: [a], useAiComment: true })).json().data;
    expect(signed.done).toEqual([a]);
    const wa = (await get(`review/workspace?essayId=${a}`)).json().data;
    expect(wa.review.teacherComment).toBe(wa.correction.result.comments.overall);
    expect(wa.correction.result.comments.overall.length).toBeGreaterThan(0);
    const again = (await post('review/batchApprove', { essayIds: [a] }, 'teacher01', 'en')).json().data;
    expect(again.skipped[0]).toMatchObject({ essayId: a, code: 'ESSAY_APPROVED' });
  });

  it('who may read and approve: another school and an unbound teacher get 404, a headmaster reads but cannot approve', async () => {
    const id = await corrected();
    for (const who of ['teacherB01', 'unbound']) {
      expect((await get(`review/workspace?essayId=${id}`, who)).statusCode).toBe(404);
      expect((await get(`review/neighbour?essayId=${id}&direction=next`, who)).statusCode).toBe(404);
      expect((await post('review/save', { essayId: id, teacherComment: 'x' }, who)).statusCode).toBe(404);
      expect((await post('review/approve', { essayId: id, teacherComment: 'x' }, who)).statusCode).toBe(404);
      expect((await post('review/cancelApproval', { essayId: id }, who)).statusCode).toBe(404);
      expect((await get(`writings/drafts?taskId=${fx.taskId}&studentId=${(await essayRow(id)).studentId}`, who)).statusCode).toBe(404);
    }
    expect((await get(`writings/drafts?taskId=${fx.taskId}&studentId=${(await essayRow(id)).studentId}`, 'headmaster01')).json().data.drafts).toHaveLength(1);
    expect((await post('review/batchApprove', { essayIds: [id] }, 'teacherB01')).json().data.skipped[0]).toMatchObject({ essayId: id, code: 'NOT_FOUND' });
    expect((await get(`review/workspace?essayId=${id}`, 'headmaster01')).statusCode).toBe(200);
    expect((await post('review/approve', { essayId: id, teacherComment: '校长来审' }, 'headmaster01')).statusCode).toBe(403);
    expect((await post('review/save', { essayId: id, teacherComment: '校长来审' }, 'headmaster01')).statusCode).toBe(403);
    expect((await essayRow(id)).status).toBe('ai_done');
  });
});

import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEssayPage } from '../../src/correction/ocr/render-page';
import { NORMAL_ESSAY } from '../../src/correction/test-fixtures';
import { essayReviews, essays, notifications } from '../../src/server/db/schema';
import { requestCorrection } from '../../src/server/services/correction-service';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { FakeOcr, insertEssay, taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT } from '../helpers/flows';
import { solidImage } from '../helpers/images';
import { correctedEssay } from '../helpers/review';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';

type Note = { kind: string; start: number; end: number; excerpt: string; boxes: { page: number; box: { x: number; y: number } }[] };

// What the OCR "read": a phrase dropped (一年一度的), a wrong character (发令抢) and the last paragraph
// missed; the teacher restores them.
const OCR_TEXT = NORMAL_ESSAY.split('\n').slice(0, -1).join('\n').replace('学校举行了一年一度的运动会', '学校举行了运动会').replace('发令枪', '发令抢');
const LAST_PARAGRAPH = NORMAL_ESSAY.split('\n').at(-1)!;

describe.each(databaseKinds())('AI re-run rules, corrected transcripts and AI-run notifications on %s', (kind) => {
  let t: TestApp;
  const ocr = new FakeOcr();
  const storage = new MemoryFileStorage();
  const tok: Record<string, string> = {};
  let fx: EssayFixture;
  let misreadPage: Uint8Array;
  const db = () => t.database.db;
  const now = () => new Date(Date.now() + t.clock.offsetMs);
  const get = (url: string, who = 'teacher01') => t.call('GET', `${MGMT}/${url}`, { token: tok[who] });
  const post = (url: string, body: unknown, who = 'teacher01') => t.call('POST', `${MGMT}/${url}`, { token: tok[who], body });
  const workspace = async (id: number) => (await get(`review/workspace?essayId=${id}`)).json().data;
  const corrected = () => correctedEssay(t, storage, ocr, fx);

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { ocr, storage }, jobs: { poll: false } });
    for (const u of ['teacher01', 'teacherB01']) tok[u] = await t.login(u);
    fx = await taskFixture(db(), { username: 'teacher01', className: '七年级1班', title: '难忘的一次运动会' });
    misreadPage = (await renderEssayPage(OCR_TEXT, { seed: 5 })).image;
    ocr.register(misreadPage, OCR_TEXT);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('re-run: refused once approved; any teacher edit needs confirmation; a confirmed run clears the teacher’s marks but keeps the comment', async () => {
    const approved = await corrected();
    await post('review/approve', { essayId: approved, teacherComment: '好' });
    const refused = await post(`workManager/correction/${approved}/rerun`, { confirmOverwrite: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'ESSAY_APPROVED', message: '该作文已审核，请先取消审核再重新AI批改' });

    const id = await corrected();
    // a comment alone is an edit
    await post('review/save', { essayId: id, teacherComment: '开头可以更简洁' });
    expect((await post(`workManager/correction/${id}/rerun`, {})).json().error).toBe('CONFIRM_OVERWRITE');
    // every kind of edit
    await post('review/save', { essayId: id, dimensionScores: [{ id: 'theme', label: 'A' }], annotations: [{ id: 'a1', kind: 'comment', start: 0, end: 2, excerpt: '难忘', text: '点题' }] });
    expect((await post('review/transcript', { essayId: id, transcript: NORMAL_ESSAY.replace('秋天到了', '秋天来了') })).statusCode).toBe(200);
    let w = await workspace(id);
    expect(w.review).toMatchObject({ teacherComment: '开头可以更简洁', teacherScore: 'A', dimensionScores: [{ id: 'theme' }], annotations: [{ id: 'a1' }] });
    expect(w.review.transcript).toContain('秋天来了');

    const unconfirmed = await post(`workManager/correction/${id}/rerun`, { confirmOverwrite: false });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error).toBe('CONFIRM_OVERWRITE');
    expect((await workspace(id)).review.dimensionScores).toHaveLength(1); // nothing cleared by a refusal
    expect((await post(`workManager/correction/${id}/rerun`, { confirmOverwrite: true })).json().data).toMatchObject({ queued: true });
    await t.app.jobRunner!.runDue();
    w = await workspace(id);
    expect(w.review).toMatchObject({ transcript: null, teacherComment: '开头可以更简洁', dimensionScores: [], annotations: [], teacherScore: null });
    expect(w.correction.transcript).toBe(NORMAL_ESSAY); // the OCR text again
    // with only the comment left, a re-run still asks (the comment is an edit), and keeps it
    expect((await post(`workManager/correction/${id}/rerun`, {})).json().error).toBe('CONFIRM_OVERWRITE');
  });

  it('a corrected transcript re-runs the analysis: scores and notes follow the text, unchanged characters keep their boxes', async () => {
    const id = await insertEssay(db(), storage, fx, [misreadPage]);
    await requestCorrection(db(), id, { reason: 'rerun', now: now() });
    await t.app.jobRunner!.runDue();
    if ((await db().select().from(essays).where(eq(essays.id, id)))[0]!.status === 'abnormal') {
      await requestCorrection(db(), id, { reason: 'insist', now: now() });
      await t.app.jobRunner!.runDue();
    }
    const before = await workspace(id);
    expect(before.correction.transcript).toBe(OCR_TEXT);
    const target = '老师也在跑道边大声地鼓励我';
    const at = OCR_TEXT.indexOf(target);
    await post('review/save', { essayId: id, teacherComment: '老师的评语不会被改动', annotations: [{ id: 'x', kind: 'good', start: at, end: at + target.length, excerpt: target, text: '细节好' }] });
    const notesBefore = before.correction.result.notes as Note[];
    const kept = notesBefore.find((n) => n.excerpt.startsWith('跑到第二圈'))!;
    expect(kept.boxes.length).toBeGreaterThan(0);

    const res = await post('review/transcript', { essayId: id, transcript: NORMAL_ESSAY });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data;
    expect(after.review.transcript).toBe(NORMAL_ESSAY);
    expect(after.review.teacherComment).toBe('老师的评语不会被改动');
    expect(after.correction.transcript).toBe(NORMAL_ESSAY);
    expect(after.correction.result.wordCount).toBeGreaterThan(before.correction.result.wordCount + 50);
    expect(after.correction.wordCount).toBe(after.correction.result.wordCount);
    expect(after.correction.result.score.percent).not.toBe(before.correction.result.score.percent);
    expect(after.correction.aiScore).toBe(after.correction.result.score.label);
    expect(after.essay.pages).toHaveLength(1); // OCR pages kept
    expect(after.correction.result.pages).toHaveLength(1);
    const notesAfter = after.correction.result.notes as Note[];
    // a note on untouched text: moved by the 5 restored characters, same boxes on the image
    const moved = notesAfter.find((n) => n.excerpt === kept.excerpt)!;
    expect(moved.start).toBe(kept.start + 5);
    expect(moved.boxes).toEqual(kept.boxes);
    // the fixed character 枪 sits where the OCR's 抢 was
    const fixed = notesAfter.find((n) => n.excerpt.startsWith('发令枪一响'))!;
    expect(fixed.boxes.length).toBeGreaterThan(0);
    expect(fixed.start).toBe(NORMAL_ESSAY.indexOf('发令枪一响'));
    // a note on the restored paragraph: found by the analysis, no OCR box to draw it on
    const restored = notesAfter.find((n) => n.start >= NORMAL_ESSAY.indexOf(LAST_PARAGRAPH))!;
    expect(restored.boxes).toEqual([]);
    expect(notesBefore.some((n) => n.excerpt === restored.excerpt)).toBe(false);
    // the teacher's annotation follows its sentence
    expect(after.review.annotations[0]).toMatchObject({ id: 'x', start: NORMAL_ESSAY.indexOf(target), excerpt: target });
    // …and is drawn on the page image where its characters were read (product-rules.md#teacher-journey): the workspace
    // carries a box for every character of the text shown that came from the page, none for typed-in text
    const boxesOf = (w: { charBoxes: number[][] }, start: number, end: number) => w.charBoxes.filter(([o]) => o! >= start && o! < end);
    expect(boxesOf(before, at, at + target.length)).toHaveLength(target.length);
    const shownAt = NORMAL_ESSAY.indexOf(target);
    const afterWs = await workspace(id);
    expect(boxesOf(afterWs, shownAt, shownAt + target.length).map((c) => c.slice(1))).toEqual(boxesOf(before, at, at + target.length).map((c) => c.slice(1)));
    expect(boxesOf(afterWs, NORMAL_ESSAY.indexOf(LAST_PARAGRAPH), NORMAL_ESSAY.length)).toEqual([]);
    // the teacher's transcript is what the drafts view shows
    const drafts = (await get(`writings/drafts?taskId=${fx.taskId}&studentId=${after.essay.studentId}`)).json().data;
    expect(drafts.drafts[0].transcript).toBe(NORMAL_ESSAY);

    expect((await post('review/transcript', { essayId: id, transcript: '   ' })).json().message).toBe('作文文字不能为空');
    expect((await post('review/transcript', { essayId: id, transcript: NORMAL_ESSAY }, 'teacherB01')).statusCode).toBe(404);
    const waiting = await insertEssay(db(), storage, fx, [misreadPage]);
    expect((await post('review/transcript', { essayId: waiting, transcript: NORMAL_ESSAY })).json().error).toBe('AI_NOT_DONE');
  });

  it('teachers hear once per task and class when a batch’s AI runs are over, and once per essay for a re-run; then read them', async () => {
    const f = await taskFixture(db(), { username: 'teacher01', className: '七年级1班', title: '春天的故事' });
    const page = (await renderEssayPage(NORMAL_ESSAY, {})).image;
    ocr.register(page, NORMAL_ESSAY);
    const blank = await solidImage(400, 560, 77); // nothing to read: abnormal
    const a = await insertEssay(db(), storage, f, [page]);
    const b = await insertEssay(db(), storage, f, [blank]);
    const c = await insertEssay(db(), storage, f, [page]);
    await requestCorrection(db(), a, { reason: 'upload', now: now() });
    await requestCorrection(db(), b, { reason: 'upload', now: now() });
    await requestCorrection(db(), c, { reason: 'upload', now: new Date(now().getTime() + 30_000) }); // uploaded later
    const link = `/homework/situation/writinglist?taskId=${f.taskId}&classId=${f.classId}`;
    const batchNotes = () => db().select().from(notifications).where(and(eq(notifications.link, link)));

    t.clock.offsetMs += 61_000;
    await t.app.jobRunner!.runDue();
    expect(await batchNotes()).toHaveLength(0); // c still waits
    t.clock.offsetMs += 31_000;
    await t.app.jobRunner!.runDue();
    const [batch, ...more] = await batchNotes();
    expect(more).toHaveLength(0);
    expect(batch!.message).toBe('《春天的故事》七年级1班 AI 批改完成：3 篇，1 篇异常');

    // a re-run: one notification for that essay, linking to its correction screen
    await post(`workManager/correction/${a}/rerun`, {});
    await t.app.jobRunner!.runDue();
    const rerun = await db().select().from(notifications).where(like(notifications.link, `%essayId=${a}`));
    expect(rerun).toHaveLength(1);
    expect(rerun[0]!.message).toMatch(/^《春天的故事》学生\d+的作文重新 AI 批改完成$/);
    expect(await batchNotes()).toHaveLength(1);
    // many re-runs at once (manual AI review started for the class) read as one batch, not a flood
    await post(`workManager/correction/${a}/rerun`, {});
    await post(`workManager/correction/${c}/rerun`, {});
    await t.app.jobRunner!.runDue();
    expect(await db().select().from(notifications).where(like(notifications.link, `%essayId=${a}`))).toHaveLength(1);
    const batches = await batchNotes();
    expect(batches).toHaveLength(2);
    expect(batches.map((n) => n.message)).toContain('《春天的故事》七年级1班 AI 批改完成：2 篇，0 篇异常');

    // the drawer: link included, unread filter, mark read
    const unread = (await get('message/getSysMessages?isRead=0')).json().data as { id: number; message: string; link: string | null; isRead: number }[];
    const mine = unread.find((n) => n.id === batch!.id)!;
    expect(mine).toMatchObject({ link, isRead: 0, message: batch!.message });
    expect(unread.find((n) => n.id === rerun[0]!.id)!.link).toBe(`/homework/correctComment?essayId=${a}`);
    expect((await post('message/update', { ids: [batch!.id, rerun[0]!.id] })).json().data).toEqual({ updated: 2 });
    const after = (await get('message/getSysMessages?isRead=0')).json().data as { id: number }[];
    expect(after.some((n) => n.id === batch!.id)).toBe(false);
    expect(((await get('message/getSysMessages?isRead=2')).json().data as { id: number; isRead: number }[]).find((n) => n.id === batch!.id)!.isRead).toBe(1);
    // another school's teacher sees none of them
    expect(((await get('message/getSysMessages?isRead=2', 'teacherB01')).json().data as { id: number }[]).some((n) => n.id === batch!.id)).toBe(false);
    // the approval record: teacher fields untouched by the AI
    expect(await db().select().from(essayReviews).where(eq(essayReviews.essayId, a))).toHaveLength(0);
  });
});

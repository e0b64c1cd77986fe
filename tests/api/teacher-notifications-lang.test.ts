// Teachers' notifications written by the AI job (no caller, so stored in Chinese) are listed in the
// reader's language: the same rows read in Chinese and in English. Rows written before, and texts no
// template matches, are shown as stored.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEssayPage } from '../../src/correction/ocr/render-page';
import { NORMAL_ESSAY } from '../../src/correction/test-fixtures';
import { essays, notifications, users } from '../../src/server/db/schema';
import { requestCorrection } from '../../src/server/services/correction-service';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { FakeOcr, insertEssay, taskFixture } from '../helpers/correction';
import { MGMT } from '../helpers/flows';
import { solidImage } from '../helpers/images';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';

type Listed = { id: number; message: string; link: string | null };

describe.each(databaseKinds())('teachers’ AI notifications in the reader’s language on %s', (kind) => {
  let t: TestApp;
  const ocr = new FakeOcr();
  const storage = new MemoryFileStorage();
  let token = '';
  const db = () => t.database.db;
  const now = () => new Date(Date.now() + t.clock.offsetMs);
  const list = async (lang: 'zh' | 'en') => {
    const res = await t.call('GET', `${MGMT}/message/getSysMessages?isRead=2`, { token, lang });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Listed[];
  };
  const byId = (rows: Listed[], id: number) => rows.find((n) => n.id === id)!;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { ocr, storage }, jobs: { poll: false } });
    token = await t.login('teacher01');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the batch notice and a re-run notice read in Chinese and in English; other rows as stored', async () => {
    // A title with 《》 of its own, as book reports have.
    const f = await taskFixture(db(), { username: 'teacher01', className: '七年级1班', title: '读《背影》有感' });
    const page = (await renderEssayPage(NORMAL_ESSAY, {})).image;
    ocr.register(page, NORMAL_ESSAY);
    const read = await insertEssay(db(), storage, f, [page]);
    const blank = await insertEssay(db(), storage, f, [await solidImage(400, 560, 77)]); // nothing to read: abnormal
    await requestCorrection(db(), read, { reason: 'upload', now: now() });
    await requestCorrection(db(), blank, { reason: 'upload', now: now() });
    t.clock.offsetMs += 61_000;
    await t.app.jobRunner!.runDue();
    expect((await t.call('POST', `${MGMT}/workManager/correction/${blank}/rerun`, { token, body: {} })).statusCode).toBe(200);
    await t.app.jobRunner!.runDue();

    const link = `/homework/situation/writinglist?taskId=${f.taskId}&classId=${f.classId}`;
    const abnormal = (await db().select().from(essays).where(and(inArray(essays.id, [read, blank]), eq(essays.status, 'abnormal')))).length;
    const zh = await list('zh');
    const batch = zh.find((n) => n.link === link)!;
    const rerun = zh.find((n) => n.link === `/homework/correctComment?essayId=${blank}`)!;
    expect(batch.message).toBe(`《读《背影》有感》七年级1班 AI 批改完成：2 篇，${abnormal} 篇异常`);
    expect(rerun.message).toMatch(/^《读《背影》有感》学生\d+的作文重新 AI 批改完成，结果异常$/);
    const student = /》(学生\d+)的作文/.exec(rerun.message)![1];

    const en = await list('en');
    expect(en.map((n) => n.id)).toEqual(zh.map((n) => n.id));
    expect(byId(en, batch.id)).toMatchObject({ link, message: `“读《背影》有感” 七年级1班: AI review finished, 2 essays, ${abnormal} abnormal` });
    expect(byId(en, rerun.id).message).toBe(`“读《背影》有感”: the AI review of ${student}’s essay was run again; the result is abnormal`);
    // The stored text is unchanged (Chinese, the record).
    expect((await db().select().from(notifications).where(eq(notifications.id, batch.id)))[0]!.message).toBe(batch.message);

    // Rows written before this change: an AI notice reads in English too; a text no template matches,
    // and notices of other kinds (the welcome message), show as stored.
    const [me] = await db().select().from(users).where(eq(users.username, 'teacher01'));
    const at = now();
    const [older] = await db().insert(notifications).values({ userId: me!.id, kind: 'ai_essay', message: '《春天》李明的作文重新 AI 批改完成', link: '/homework/correctComment?essayId=1', createdAt: at, updatedAt: at }).returning();
    const [reworded] = await db().insert(notifications).values({ userId: me!.id, kind: 'ai_batch', message: '《春天》七年级1班的作文已批改完毕', link, createdAt: at, updatedAt: at }).returning();
    const en2 = await list('en');
    expect(byId(en2, older!.id).message).toBe('“春天”: the AI review of 李明’s essay was run again and is finished');
    expect(byId(en2, reworded!.id).message).toBe('《春天》七年级1班的作文已批改完毕');
    const welcome = en2.find((n) => n.message.startsWith('欢迎使用'));
    expect(welcome).toBeDefined();
    expect(byId(await list('zh'), older!.id).message).toBe('《春天》李明的作文重新 AI 批改完成');
  });
});

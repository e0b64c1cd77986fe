// Teachers' notifications are stored with their catalogue key and parameters besides the Chinese text
// (the AI job has no caller whose language it could use) and listed in the reader's language: the same
// rows read in Chinese and in English. Rows without a key (written before the key was stored) show
// their stored text in either language.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEssayPage } from '../../src/correction/ocr/render-page';
import { NORMAL_ESSAY } from '../../src/correction/test-fixtures';
import { essays, notifications, users } from '../../src/server/db/schema';
import { requestCorrection } from '../../src/server/services/correction-service';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { FakeOcr, insertEssay, taskFixture } from '../helpers/correction';
import { solidImage } from '../helpers/images';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { correction as correctionRoutes } from '../../src/core/api/routes/correction';
import { messages as messagesRoutes } from '../../src/core/api/routes/messages';

type Listed = { id: number; message: string; link: string | null };

describe.each(databaseKinds())('teachers’ AI notifications in the reader’s language on %s', (kind) => {
  let t: TestApp;
  const ocr = new FakeOcr();
  const storage = new MemoryFileStorage();
  let token = '';
  const db = () => t.database.db;
  const now = () => new Date(Date.now() + t.clock.offsetMs);
  const list = async (lang: 'zh' | 'en') => {
    const res = await t.call(messagesRoutes.getSysMessages, { query: { isRead: '2' } }, { token, lang });
    expect(res.status, res.raw.body).toBe(200);
    return res.body.data as Listed[];
  };
  const byId = (rows: Listed[], id: number) => rows.find((n) => n.id === id)!;

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { ocr, storage }, jobs: { poll: false } });
    token = await t.login('teacher01');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the batch notice, a re-run notice and the welcome read in Chinese and in English; rows without a key as stored', async () => {
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
    expect((await t.call(correctionRoutes.correctionRerun, { params: { id: blank }, body: {} }, { token })).status).toBe(200);
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
    // The row keeps the Chinese text (the record, older clients) and the key it was written from.
    const [stored] = await db().select().from(notifications).where(eq(notifications.id, batch.id));
    expect(stored).toMatchObject({ message: batch.message, messageKey: 'notify.aiBatch', messageParams: { title: '读《背影》有感', className: '七年级1班', count: 2, abnormal } });

    // The seeded welcome notice has a key too.
    const welcome = zh.find((n) => n.message === '欢迎使用智批作文智能批改教学平台，王老师！')!;
    expect(byId(en, welcome.id).message).toBe('Welcome to Zhipi, the intelligent essay review and teaching platform, 王老师!');

    // Rows written before the key was stored, and a key the catalogue no longer has, show as stored.
    const [me] = await db().select().from(users).where(eq(users.username, 'teacher01'));
    const at = now();
    const [older] = await db().insert(notifications).values({ userId: me!.id, kind: 'ai_essay', message: '《春天》李明的作文重新 AI 批改完成', link: '/homework/correctComment?essayId=1', createdAt: at, updatedAt: at }).returning();
    const [retired] = await db().insert(notifications).values({ userId: me!.id, kind: 'ai_batch', message: '《春天》七年级1班的作文已批改完毕', messageKey: 'notify.retired', messageParams: { title: '春天' }, link, createdAt: at, updatedAt: at }).returning();
    for (const lang of ['zh', 'en'] as const) {
      const rows = await list(lang);
      expect(byId(rows, older!.id).message).toBe('《春天》李明的作文重新 AI 批改完成');
      expect(byId(rows, retired!.id).message).toBe('《春天》七年级1班的作文已批改完毕');
    }
  });
});

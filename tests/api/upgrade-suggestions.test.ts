import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelServiceReviewer } from '../../src/correction/index';
import { corrections, essayReviews, essays, students } from '../../src/server/db/schema';
import { DEMO_ESSAYS } from '../../src/server/seed/demo-essays-data';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { insertEssay, taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { classReport as classReportRoutes } from '../../src/core/api/routes/class-report';
import { review as reviewRoutes } from '../../src/core/api/routes/review';

// Two demo essays in 七年级2班: essay 01 (夕阳像一个大红球) approved for the first pupil, essay 05 (老师就像蜡烛)
// handed in but not approved for the second. Transcripts are the demo texts, as the AI would have read them.
const text = (key: string) => DEMO_ESSAYS.find((e) => e.key.startsWith(key))!.paragraphs.join('\n');
const SUNSET = '有一次，我在作文里写“夕阳像一个大红球”，她在旁边批注：“这个比喻很多人用过，你能不能找一个只属于你的比喻？”';
const CANDLE = '老师就像蜡烛，燃烧自己，照亮别人；老师就像园丁，辛勤地培育着我们这些小树苗。';
const INTERNAL = /[|\t{}<>$\\#*_`[\]=]|undefined|null|NaN|[A-Za-z]/u;

type Suggestion = { text: string; note: string; kinds: string[]; source: string };

/** A loopback chat-completions server answering 升格 rewrites (or 500 while down). */
async function upgradeModel(): Promise<{ url: string; state: { down: boolean; calls: number; lastPrompt: string }; close(): Promise<void> }> {
  const state = { down: false, calls: 0, lastPrompt: '' };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      state.calls++;
      state.lastPrompt = JSON.stringify(JSON.parse(body).messages);
      if (state.down) return void res.writeHead(500).end('{}');
      const rewrites = [
        { text: '有一次，我在作文里写“夕阳像一枚慢慢沉进楼群的橘子糖”，她在旁边批注：“这个比喻很多人用过，你能不能找一个只属于你的比喻？”', note: '比喻换成了更新鲜的画面' },
        { text: '{{rewrite}}', note: 'placeholder' },
      ];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify({ rewrites }) } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, state, close: () => new Promise((r) => server.close(() => r())) };
}

describe.each(databaseKinds())('升格 suggestions on %s', (kind) => {
  let t: TestApp;
  let withModel: TestApp;
  let model: Awaited<ReturnType<typeof upgradeModel>>;
  const storage = new MemoryFileStorage();
  const tok: Record<string, string> = {};
  let fx: EssayFixture;
  let approvedId = 0;
  let pendingId = 0;
  let parentToken = '';
  const upgrade = (app: TestApp, token: string, essayId: number, body: string, lang?: 'zh' | 'en') => app.call('POST', `${MGMT}/review/upgrade`, { token, body: { essayId, text: body }, lang });
  const pupil = (body: Record<string, unknown>, lang?: 'zh' | 'en') => t.call('POST', `${MGMT}/h5/parentReport/upgrade`, { body, lang });

  async function essayOf(app: TestApp, studentId: number, key: string, approved: boolean) {
    const db = app.database.db;
    const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: { r: 255, g: 250, b: 240 } } }).png().toBuffer();
    const id = await insertEssay(db, storage, fx, [png], { studentId });
    await db.update(essays).set({ status: approved ? 'approved' : 'ai_done', teacherScore: approved ? 'A' : null, auditAt: approved ? new Date() : null }).where(eq(essays.id, id));
    await db.insert(corrections).values({ essayId: id, status: 'done', transcript: text(key), result: { notes: [], comments: { overall: '语言流畅。' } } });
    if (approved) await db.insert(essayReviews).values({ essayId: id, teacherComment: '写得真好', approvedAt: new Date() });
    return id;
  }

  beforeAll(async () => {
    model = await upgradeModel();
    t = await createTestApp(kind, { deps: { storage }, jobs: { poll: false } });
    for (const u of ['teacher01', 'teacherB01', 'headmaster01']) tok[u] = await t.login(u);
    fx = await taskFixture(t.database.db, { username: 'teacher01', className: '七年级2班', title: '我的老师', grade: 7 });
    const roster = await t.database.db.select({ id: students.id }).from(students).where(eq(students.classId, fx.classId)).orderBy(students.studentNo);
    approvedId = await essayOf(t, roster[0]!.id, '01', true);
    pendingId = await essayOf(t, roster[1]!.id, '05', false);
    const links = (await t.call(classReportRoutes.reportParentLinksPost, { body: { classId: fx.classId } }, { token: tok.teacher01 })).body.data as { studentId: number; path: string }[];
    parentToken = new URL(`http://x${links.find((l) => l.studentId === roster[0]!.id)!.path}`).searchParams.get('t')!;
  });
  afterAll(async () => {
    await t?.close();
    await withModel?.close();
    await model?.close();
  });

  it('gives the teacher three non-clichéd rewrites of 夕阳像一个大红球 that keep 夕阳 and show nothing internal', async () => {
    const res = await upgrade(t, tok.teacher01!, approvedId, SUNSET);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { text: string; suggestions: Suggestion[]; service: string };
    expect(data.service).toBe('local');
    expect(data.suggestions).toHaveLength(3);
    for (const s of data.suggestions) {
      expect(s.text).toContain('夕阳');
      expect(s.text).not.toContain('大红球');
      expect(s.text).not.toMatch(INTERNAL);
      expect(s.note).not.toMatch(/[|\t{}<>$]/u);
      expect(s.source).toBe('local');
      // the rest of the sentence is the pupil's
      expect(s.text.endsWith('她在旁边批注：“这个比喻很多人用过，你能不能找一个只属于你的比喻？”')).toBe(true);
    }
  });

  it('rewrites essay 05’s 蜡烛 and 园丁 in one paragraph selection, and answers notes in English for an English caller', async () => {
    const res = await upgrade(t, tok.teacher01!, pendingId, CANDLE, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const { suggestions } = res.json().data as { suggestions: Suggestion[] };
    expect(suggestions.length).toBeGreaterThan(0);
    for (const s of suggestions) {
      expect(s.text).not.toMatch(/像蜡烛|像园丁/u);
      expect(s.text.startsWith('老师就像')).toBe(true);
      expect(s.note).toMatch(/worn-out/);
    }
  });

  it('refuses text that is not part of the essay, in the caller’s language', async () => {
    const zh = await upgrade(t, tok.teacher01!, approvedId, '今天天气很好，我们去公园玩。');
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ error: 'UPGRADE_NOT_IN_ESSAY', message: '选中的文字不在这篇作文里，请在作文原文中选择' });
    const en = await upgrade(t, tok.teacher01!, approvedId, '今天天气很好，我们去公园玩。', 'en');
    expect(en.json().message).toMatch(/not part of this essay/);
    const empty = await upgrade(t, tok.teacher01!, approvedId, ' ');
    expect(empty.statusCode).toBe(400);
  });

  it('is for the teacher of the class only: another school’s teacher gets 404, a headmaster (read-only) is refused', async () => {
    expect((await upgrade(t, tok.teacherB01!, approvedId, SUNSET)).statusCode).toBe(404);
    expect([403, 404]).toContain((await upgrade(t, tok.headmaster01!, approvedId, SUNSET)).statusCode);
    expect((await t.call(reviewRoutes.reviewUpgrade, { body: { essayId: approvedId, text: SUNSET } })).status).toBe(401);
  });

  it('gives the pupil suggestions on their own released essay only', async () => {
    const ok = await pupil({ t: parentToken, text: SUNSET });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json().data.suggestions as Suggestion[]).every((s) => s.text.includes('夕阳') && !s.text.includes('大红球'))).toBe(true);
    // a classmate's (unreleased) essay is not theirs to ask about
    const other = await pupil({ t: parentToken, text: CANDLE });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toBe('UPGRADE_NOT_IN_ESSAY');
    expect((await pupil({ t: `${parentToken.split('.')[0]}.${'A'.repeat(43)}`, text: SUNSET })).statusCode).toBe(404);
    // the parents' page carries the text the pupil picks from
    const report = await t.call(classReportRoutes.h5ParentReport, { query: { t: parentToken } });
    expect(report.body.data.current!.transcript).toContain('夕阳像一个大红球');
  });

  it('puts the model service’s rewrite first when configured, drops its placeholder, keeps a local one, and falls back when it is down', async () => {
    withModel = await createTestApp(kind, { deps: { storage, modelService: new ModelServiceReviewer({ baseUrl: model.url, model: 'stub', retries: 0, timeoutMs: 5000 }) }, jobs: { poll: false } });
    const teacher = await withModel.login('teacher01');
    fx = await taskFixture(withModel.database.db, { username: 'teacher01', className: '七年级2班', title: '我的老师', grade: 7 });
    const [s0] = await withModel.database.db.select({ id: students.id }).from(students).where(eq(students.classId, fx.classId)).orderBy(students.studentNo);
    const id = await essayOf(withModel, s0!.id, '01', true);
    const res = await upgrade(withModel, teacher, id, SUNSET);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { suggestions: Suggestion[]; service: string };
    expect(data.service).toBe('model');
    expect(data.suggestions[0]).toMatchObject({ source: 'model', text: expect.stringContaining('橘子糖') });
    expect(data.suggestions.some((s) => s.source === 'local')).toBe(true);
    expect(data.suggestions.every((s) => !s.text.includes('{'))).toBe(true);
    // the paragraph went along as context, the selection as the text to rewrite
    expect(model.state.lastPrompt).toContain('夕阳像一个大红球');
    model.state.down = true;
    const down = await upgrade(withModel, teacher, id, SUNSET);
    expect(down.statusCode).toBe(200);
    expect(down.json().data).toMatchObject({ service: 'modelFailed' });
    expect((down.json().data.suggestions as Suggestion[]).every((s) => s.source === 'local')).toBe(true);
  });
});

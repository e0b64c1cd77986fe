import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corrections, essays, students } from '../../src/server/db/schema';
import { taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { classReport as classReportRoutes } from '../../src/core/api/routes/class-report';

// One task of teacher01's 七年级2班 with one pupil in each status bucket (core/tasks/status-buckets.ts):
// s0 pending review (AI done), s1 abnormal, s2 approved, s3 approved then asked for a revised draft
// (kept: still approved for parents), s4 handed in and waiting for the AI; the rest have not handed in.
// Every screen that counts essays must read the same figures from these rows.
const DIMS = ['theme', 'content', 'structure', 'language', 'mechanics'];
const AI_COMMENT = '文章围绕老师展开，细节具体，语言通顺。';

describe.each(databaseKinds())('status counts across screens on %s', (kind) => {
  let t: TestApp;
  let fx: EssayFixture;
  const tok: Record<string, string> = {};
  const ids: number[] = [];
  let roster: { id: number; name: string }[] = [];
  const db = () => t.database.db;
  const get = async (url: string, who = 'teacher01') => {
    const res = await t.call('GET', `${MGMT}/${url}`, { token: tok[who] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const post = async (url: string, body: unknown, who = 'teacher01') => {
    const res = await t.call('POST', `${MGMT}/${url}`, { token: tok[who], body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  async function essay(i: number, status: string) {
    const [e] = await db()
      .insert(essays)
      .values({ schoolId: fx.schoolId, taskId: fx.taskId, classId: fx.classId, studentId: roster[i]!.id, draft: 0, status, source: 'single', wordCount: 420, aiScore: status === 'submitted' ? null : 'B' })
      .returning();
    if (status !== 'submitted') await db().insert(corrections).values({ essayId: e!.id, status: 'done', transcript: '我的老师\n正文', result: { notes: [], comments: { overall: AI_COMMENT } }, engine: 'local' });
    return e!.id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    for (const u of ['teacher01', 'headmaster01']) tok[u] = await t.login(u);
    fx = await taskFixture(db(), { username: 'teacher01', className: '七年级2班', title: '我的老师', grade: 7 });
    roster = await db().select({ id: students.id, name: students.name }).from(students).where(eq(students.classId, fx.classId)).orderBy(students.studentNo);
    for (const [i, status] of ['ai_done', 'abnormal', 'ai_done', 'ai_done', 'submitted'].entries()) ids.push(await essay(i, status));
    await post('review/approve', { essayId: ids[2], teacherComment: '细节动人。', teacherScore: 'A', dimensionScores: DIMS.map((id) => ({ id, label: 'A' })) });
    // batch approval with the AI comment adopted as the teacher's
    const batch = await post('review/batchApprove', { essayIds: [ids[3]], confirmPendingRevision: false, useAiComment: true });
    expect(batch.done).toEqual([ids[3]]);
    await post('revision/request', { essayIds: [ids[3]], mode: 'keep', message: '再写具体些。' });
  }, 120_000);
  afterAll(() => t?.close());

  it('the task board, class list, statistics and classroom evaluation give the same buckets', async () => {
    const board = (await get(`tasks/list?classId=${fx.classId}&pageSize=50`)).list.find((x: { id: number }) => x.id === fx.taskId);
    const expected = { students: roster.length, submitted: 5, awaitingAi: 1, aiDone: 1, abnormal: 1, approved: 1, revisionRequested: 1, aiCorrected: 3, notSubmitted: roster.length - 5 };
    expect(board.counts).toMatchObject(expected);

    const list = await get(`writings/list?taskId=${fx.taskId}&classId=${fx.classId}`);
    const labels: Record<string, number> = {};
    for (const s of list.students) labels[s.label] = (labels[s.label] ?? 0) + 1;
    expect(labels).toEqual({ pendingReview: 1, abnormal: 1, reviewed: 1, awaitingRevision: 1, submitted: 1, notSubmitted: roster.length - 5 });

    const stats = await get(`writings/statistics?taskId=${fx.taskId}&classId=${fx.classId}`);
    expect(stats).toMatchObject({ students: roster.length, submitted: 5, aiDone: expected.aiCorrected, approved: 1, abnormal: 1 });
  });

  it('the headmaster home counts the abnormal essay as abnormal, not as waiting for review', async () => {
    const home = await get(`leaders/overview`, 'headmaster01');
    expect(home).toMatchObject({ submitted: 5, aiCorrected: 3, approved: 1 });
    const waiting = home.waiting.find((w: { name: string }) => w.name.includes('王'));
    expect(waiting?.essays).toBe(1);
  });

  it('the growth table counts every pupil who handed in, approved or not', async () => {
    const page = await get(`studentGrowing/pageList?classId=${fx.classId}&pageSize=100`);
    const submitted = new Map(page.list.map((r: { studentId: number; essaysSubmitted: number }) => [r.studentId, r.essaysSubmitted]));
    expect(roster.slice(0, 5).map((s) => submitted.get(s.id))).toEqual([1, 1, 1, 1, 1]);
    expect([...submitted.values()].reduce((a: number, b) => a + (b as number), 0)).toBe(5);
  });

  it('parents see each approved essay, also while a revised draft is awaited, and an adopted AI comment once', async () => {
    const links = await post('report/parentLinks', { classId: fx.classId });
    const open = async (studentId: number) => {
      const link = links.find((l: { studentId: number }) => l.studentId === studentId);
      const token = new URL(`http://x${link.path}`).searchParams.get('t')!;
      const res = await t.call(classReportRoutes.h5ParentReport, { query: { t: token } });
      expect(res.status, res.raw.body).toBe(200);
      return res.body.data.current;
    };
    expect(await open(roster[2]!.id)).toMatchObject({ teacherComment: '细节动人。', aiComment: AI_COMMENT });
    // s3: approved, then asked for a revision; the approved essay stays on the parents' page
    expect(await open(roster[3]!.id)).toMatchObject({ teacherComment: AI_COMMENT, aiComment: '' });
    for (const i of [0, 1, 4]) expect(await open(roster[i]!.id)).toBeNull();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelServiceReviewer } from '../../src/correction/index';
import { renderEssayPage } from '../../src/correction/ocr/render-page';
import { NORMAL_ESSAY, POEM } from '../../src/correction/test-fixtures';
import { corrections, essays, jobs } from '../../src/server/db/schema';
import { claimJobs, completeJob } from '../../src/server/jobs/queue';
import { AI_CORRECTION_JOB, requestCorrection } from '../../src/server/services/correction-service';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { FakeOcr, insertEssay, modelServiceStub, taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';

describe.each(databaseKinds())('AI correction jobs on %s', (kind) => {
  let t: TestApp;
  let stub: Awaited<ReturnType<typeof modelServiceStub>>;
  const ocr = new FakeOcr();
  const storage = new MemoryFileStorage();
  const tok: Record<string, string> = {};
  let fx: EssayFixture;
  let essayPage: Uint8Array;
  let poemPage: Uint8Array;
  const db = () => t.database.db;
  const now = () => new Date(Date.now() + t.clock.offsetMs);
  const runner = () => t.app.jobRunner!;
  const get = (url: string, who = 'teacher01') => t.call('GET', `${MGMT}/${url}`, { token: tok[who] });
  const post = (url: string, body: unknown, who = 'teacher01', lang?: 'zh' | 'en') => t.call('POST', `${MGMT}/${url}`, { token: tok[who], body, lang });
  const essayRow = async (id: number) => (await db().select().from(essays).where(eq(essays.id, id)))[0]!;
  const jobOf = async (id: number) => (await db().select().from(jobs).where(eq(jobs.dedupeKey, `essay:${id}`)).orderBy(jobs.id)).at(-1)!;
  const newEssay = (page = essayPage) => insertEssay(db(), storage, fx, [page]);

  beforeAll(async () => {
    stub = await modelServiceStub();
    stub.state.down = false;
    const modelService = new ModelServiceReviewer({ baseUrl: stub.url, model: 'stub-model', retries: 0, timeoutMs: 3000 });
    t = await createTestApp(kind, { deps: { ocr, storage, modelService }, jobs: { poll: false } });
    for (const u of ['teacher01', 'teacherB01', 'headmaster01']) tok[u] = await t.login(u);
    fx = await taskFixture(db(), { username: 'teacher01', className: '七年级1班', title: '难忘的一次运动会' });
    essayPage = (await renderEssayPage(NORMAL_ESSAY, {})).image;
    poemPage = (await renderEssayPage(POEM, { seed: 2 })).image;
    ocr.register(essayPage, NORMAL_ESSAY);
    ocr.register(poemPage, POEM);
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it('upload waits for the teacher’s delay, then the job runs and stores the full correction', async () => {
    expect((await post('writingAutoCorrectionConfig/updateConfig/30/1', {})).statusCode).toBe(200);
    const id = await newEssay();
    const queued = await requestCorrection(db(), id, { reason: 'upload', now: now() });
    expect(queued.queued).toBe(true);
    expect(queued.runAt!.getTime() - now().getTime()).toBeGreaterThan(29_000);
    expect((await essayRow(id)).status).toBe('awaiting_ai');

    await runner().runDue();
    const waiting = (await get(`workManager/jobs/${id}`)).json().data;
    expect(waiting).toMatchObject({ essayId: id, essayStatus: 'awaiting_ai', job: { status: 'queued', progress: 0, attempts: 0 } });

    t.clock.offsetMs += 31_000;
    await runner().runDue();
    const res = await get(`workManager/correction/${id}`);
    expect(res.statusCode).toBe(200);
    const c = res.json().data;
    expect(c).toMatchObject({ essayId: id, status: 'done', engine: 'model:stub-model', job: { status: 'done', progress: 100, attempts: 1 } });
    expect(['ai_done', 'abnormal']).toContain(c.essayStatus);
    expect(c.transcript).toContain('八百米长跑');
    expect(c.result.score.dimensions.map((d: { id: string }) => d.id)).toEqual(['theme', 'content', 'structure', 'language', 'mechanics']);
    expect(c.result.score.dimensions[0].evidence.length).toBeGreaterThan(0);
    expect(c.result.comments.overall).toContain('模型总评');
    expect(c.result.notes.length).toBeGreaterThan(0);
    expect(c.result.notes[0].boxes[0]).toMatchObject({ page: 0 });
    expect(c.aiScore).toBe(c.result.score.label);
    expect(c.wordCount).toBeGreaterThan(200);
    // the headmaster sees it too (school-wide)
    expect((await get(`workManager/correction/${id}`, 'headmaster01')).statusCode).toBe(200);
  });

  it('a worker killed mid-job: the lease expires, another worker takes the job, it completes exactly once', async () => {
    const id = await newEssay();
    await requestCorrection(db(), id, { reason: 'rerun', now: now() });
    const [dead] = await claimJobs(db(), { workerId: 'killed-worker', kinds: [AI_CORRECTION_JOB], limit: 1, leaseMs: 60_000, now: now() });
    expect(dead).toMatchObject({ status: 'running', attempts: 1, lockedBy: 'killed-worker' });

    await runner().runDue(); // the lease still holds: nothing to take
    expect((await jobOf(id)).lockedBy).toBe('killed-worker');

    t.clock.offsetMs += 61_000;
    await runner().runDue();
    const job = await jobOf(id);
    expect(job).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
    // the dead worker waking up cannot finish it again
    expect(await completeJob(db(), job.id, 'killed-worker', now())).toBe(false);
    const [row] = await db().select().from(corrections).where(eq(corrections.essayId, id));
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
    expect(await db().select().from(jobs).where(eq(jobs.dedupeKey, `essay:${id}`))).toHaveLength(1);
  });

  it('model service down: local result kept with AI_SERVICE_FAILED, retried, recovered when the service answers', async () => {
    stub.state.down = true;
    const id = await newEssay();
    await requestCorrection(db(), id, { reason: 'rerun', now: now() });
    await runner().runDue();
    let c = (await get(`workManager/correction/${id}`)).json().data;
    expect(c.essayStatus).toBe('abnormal');
    expect(c.flags.map((f: { code: string }) => f.code)).toContain('AI_SERVICE_FAILED');
    expect(c).toMatchObject({ status: 'done', engine: 'local', job: { status: 'queued', attempts: 1 } });
    expect(c.result.score.label).toBeTruthy();
    expect(c.job.lastError).toMatch(/model service failed/);

    t.clock.offsetMs += 31_000; // first retry after 30 s, service still down
    await runner().runDue();
    c = (await get(`workManager/jobs/${id}`)).json().data;
    expect(c.job).toMatchObject({ status: 'queued', attempts: 2 });

    stub.state.down = false;
    t.clock.offsetMs += 61_000;
    await runner().runDue();
    c = (await get(`workManager/correction/${id}`)).json().data;
    expect(c.flags.map((f: { code: string }) => f.code)).not.toContain('AI_SERVICE_FAILED');
    expect(c).toMatchObject({ engine: 'model:stub-model', job: { status: 'done', attempts: 3 } });
    expect(c.essayStatus).not.toBe('awaiting_ai');
  });

  it('poems are done without a score', async () => {
    const id = await newEssay(poemPage);
    await requestCorrection(db(), id, { reason: 'rerun', now: now() });
    await runner().runDue();
    const c = (await get(`workManager/correction/${id}`)).json().data;
    expect(c).toMatchObject({ essayStatus: 'ai_done', aiScore: null, result: { status: 'unsupported', score: null, message: '暂不支持诗歌类作文的评语和评价' } });
  });

  it('re-run replaces AI results only, asks to confirm over a teacher score, and is refused for approved essays', async () => {
    const id = await newEssay();
    await requestCorrection(db(), id, { reason: 'rerun', now: now() });
    await runner().runDue();
    await db().update(essays).set({ teacherScore: 'A' }).where(eq(essays.id, id));

    const unconfirmed = await post(`workManager/correction/${id}/rerun`, { confirmOverwrite: false });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error).toBe('CONFIRM_OVERWRITE');
    const rerun = await post(`workManager/correction/${id}/rerun`, { confirmOverwrite: true });
    expect(rerun.json().data).toMatchObject({ essayId: id, queued: true });
    expect((await get(`workManager/jobs/${id}`)).json().data).toMatchObject({ essayStatus: 'awaiting_ai', job: { status: 'queued' } });
    await runner().runDue();
    const c = (await get(`workManager/correction/${id}`)).json().data;
    expect(c).toMatchObject({ status: 'done', teacherScore: null, job: { status: 'done' } }); // a confirmed re-run clears the teacher's score (the comment stays)

    await db().update(essays).set({ status: 'approved' }).where(eq(essays.id, id));
    const refused = await post(`workManager/correction/${id}/rerun`, { confirmOverwrite: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('该作文已审核，请先取消审核再重新AI批改');
    expect((await post(`workManager/correction/${id}/rerun`, { confirmOverwrite: true }, 'teacher01', 'en')).json().message).toMatch(/cancel the approval first/);
    await expect(requestCorrection(db(), id, { reason: 'upload', now: now() })).rejects.toThrow();
  });

  it('an abnormal essay is queued on upload only after the teacher insists', async () => {
    const id = await newEssay();
    await db().update(essays).set({ status: 'abnormal' }).where(eq(essays.id, id));
    expect(await requestCorrection(db(), id, { reason: 'upload', now: now() })).toEqual({ queued: false, why: 'abnormal' });
    const res = await post(`workManager/correction/${id}/insist`, {});
    expect(res.json().data).toMatchObject({ queued: true });
    await runner().runDue();
    const e = await essayRow(id);
    expect(e).toMatchObject({ insistCorrect: true, status: 'ai_done' });
    expect((await post(`workManager/correction/${id}/insist`, {})).json().error).toBe('ESSAY_NOT_ABNORMAL');
  });

  it('automatic review off: nothing is queued on upload', async () => {
    expect((await post('writingAutoCorrectionConfig/updateStatus', { enabled: false })).statusCode).toBe(200);
    const id = await newEssay();
    expect(await requestCorrection(db(), id, { reason: 'upload', now: now() })).toEqual({ queued: false, why: 'manual' });
    expect((await essayRow(id)).status).toBe('submitted');
    expect((await post('writingAutoCorrectionConfig/updateStatus', { enabled: true })).statusCode).toBe(200);
  });

  it('another school gets 404 for the correction, the job and the actions', async () => {
    const id = await newEssay();
    for (const res of [
      await get(`workManager/correction/${id}`, 'teacherB01'),
      await get(`workManager/jobs/${id}`, 'teacherB01'),
      await post(`workManager/correction/${id}/rerun`, { confirmOverwrite: true }, 'teacherB01'),
      await post(`workManager/correction/${id}/insist`, {}, 'teacherB01'),
    ])
      expect(res.statusCode).toBe(404);
    expect((await get(`workManager/correction/999999`)).statusCode).toBe(404);
  });
});

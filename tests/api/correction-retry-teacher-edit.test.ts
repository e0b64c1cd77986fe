// A pending AI retry meets the teacher's work: the model service is down, the essay is flagged and its
// job waits for a retry; meanwhile the teacher corrects the transcript (and scores, comments, annotates)
// or approves the essay. When the service is back and the retry runs, the teacher's transcript is the
// text analysed and reviewed by the model, the teacher's edits are untouched, and an approved essay is
// left exactly as it was.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelServiceReviewer } from '../../src/correction/index';
import { renderEssayPage } from '../../src/correction/ocr/render-page';
import { NORMAL_ESSAY } from '../../src/correction/test-fixtures';
import { corrections, essayPages, essayReviews, essays, jobs } from '../../src/server/db/schema';
import { requestCorrection } from '../../src/server/services/correction-service';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { FakeOcr, insertEssay, taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';

// What the OCR "read": a phrase dropped (一年一度的), a wrong character (发令抢), the last paragraph
// missed. The teacher restores them.
const OCR_TEXT = NORMAL_ESSAY.split('\n').slice(0, -1).join('\n').replace('学校举行了一年一度的运动会', '学校举行了运动会').replace('发令枪', '发令抢');

/** Loopback OpenAI-compatible chat completions: 500 while down, a review otherwise; keeps the essays it was sent. */
async function modelService() {
  const state = { down: true, prompts: [] as string[] };
  const review = {
    total: 88,
    dimensions: ['theme', 'content', 'structure', 'language', 'mechanics'].map((id) => ({ id, percent: 86, comment: `模型点评：${id} 方面表现较好。` })),
    overall: '模型总评：长跑过程写得具体生动。',
    notes: [],
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const messages = (JSON.parse(body) as { messages: { role: string; content: string }[] }).messages;
      state.prompts.push(messages.find((m) => m.role === 'user')?.content ?? '');
      if (state.down) return void res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'upstream overloaded' } }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify(review) } }], usage: { prompt_tokens: 100, completion_tokens: 50 } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(databaseKinds())('a pending AI retry and the teacher’s edits on %s', (kind) => {
  let t: TestApp;
  let stub: Awaited<ReturnType<typeof modelService>>;
  const ocr = new FakeOcr();
  const storage = new MemoryFileStorage();
  let token = '';
  let fx: EssayFixture;
  let misreadPage: Uint8Array;
  const db = () => t.database.db;
  const now = () => new Date(Date.now() + t.clock.offsetMs);
  const get = (url: string) => t.call('GET', `${MGMT}/${url}`, { token });
  const post = (url: string, body: unknown) => t.call('POST', `${MGMT}/${url}`, { token, body });
  const workspace = async (id: number) => (await get(`review/workspace?essayId=${id}`)).json().data;
  const codes = (flags: { code: string }[]) => flags.map((f) => f.code);
  const rows = async (id: number) => ({
    essay: (await db().select().from(essays).where(eq(essays.id, id)))[0],
    correction: (await db().select().from(corrections).where(eq(corrections.essayId, id)))[0],
    review: (await db().select().from(essayReviews).where(eq(essayReviews.essayId, id)))[0],
  });
  const jobOf = async (id: number) => (await db().select().from(jobs).where(eq(jobs.dedupeKey, `essay:${id}`)).orderBy(jobs.id)).at(-1)!;

  /** An essay whose first AI run found the model service down: flagged, local result stored, retry queued. */
  async function flaggedEssay(): Promise<number> {
    stub.state.down = true;
    const id = await insertEssay(db(), storage, fx, [misreadPage]);
    await requestCorrection(db(), id, { reason: 'rerun', now: now() });
    await t.app.jobRunner!.runDue();
    const c = (await get(`workManager/correction/${id}`)).json().data;
    expect(c).toMatchObject({ essayStatus: 'abnormal', status: 'done', engine: 'local', transcript: OCR_TEXT, job: { status: 'queued', attempts: 1 } });
    expect(codes(c.flags)).toContain('AI_SERVICE_FAILED');
    return id;
  }

  beforeAll(async () => {
    stub = await modelService();
    const reviewer = new ModelServiceReviewer({ baseUrl: stub.url, model: 'stub-model', retries: 0, timeoutMs: 3000 });
    t = await createTestApp(kind, { deps: { ocr, storage, modelService: reviewer }, jobs: { poll: false } });
    token = await t.login('teacher01');
    fx = await taskFixture(db(), { username: 'teacher01', className: '七年级1班', title: '难忘的一次运动会' });
    misreadPage = (await renderEssayPage(OCR_TEXT, { seed: 5 })).image;
    ocr.register(misreadPage, OCR_TEXT);
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it('the retry keeps the teacher’s corrected transcript: the analysis and the model review follow it, the teacher’s edits stay', async () => {
    const id = await flaggedEssay();

    // The teacher corrects the transcript while the retry waits, then scores, comments and annotates.
    const edited = await post('review/transcript', { essayId: id, transcript: NORMAL_ESSAY });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterEdit = edited.json().data;
    expect(afterEdit.correction.transcript).toBe(NORMAL_ESSAY);
    const target = '老师也在跑道边大声地鼓励我';
    const at = NORMAL_ESSAY.indexOf(target);
    const saved = await post('review/save', { essayId: id, teacherComment: '细节写得很真实', dimensionScores: [{ id: 'theme', label: 'A' }], annotations: [{ id: 'a1', kind: 'good', start: at, end: at + target.length, excerpt: target, text: '细节好' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await workspace(id);
    expect(before.review).toMatchObject({ transcript: NORMAL_ESSAY, teacherComment: '细节写得很真实', dimensionScores: [{ id: 'theme' }], annotations: [{ id: 'a1' }] });
    expect((await jobOf(id)).status).toBe('queued'); // the edit does not cancel the retry

    // The service is back; the retry runs.
    stub.state.down = false;
    const sent = stub.state.prompts.length;
    t.clock.offsetMs += 31_000;
    await t.app.jobRunner!.runDue();

    const c = (await get(`workManager/correction/${id}`)).json().data;
    expect(c).toMatchObject({ status: 'done', engine: 'model:stub-model', job: { status: 'done', attempts: 2 } });
    expect(codes(c.flags)).not.toContain('AI_SERVICE_FAILED');
    // The teacher's text stands: stored as the AI's transcript, analysed, and sent to the model.
    expect(c.transcript).toBe(NORMAL_ESSAY);
    expect(c.wordCount).toBe(afterEdit.correction.result.wordCount);
    expect(c.result.wordCount).toBe(afterEdit.correction.result.wordCount);
    expect(c.result.analysis).toEqual(afterEdit.correction.result.analysis);
    expect(c.result.notes).toEqual(afterEdit.correction.result.notes); // the model added none: the local notes on the teacher's text, same boxes
    expect(c.result.score.scorer).toBe('model:stub-model');
    expect(c.result.comments.overall).toContain('模型总评');
    expect(c.aiScore).toBe(c.result.score.label);
    const prompt = stub.state.prompts.slice(sent).join('\n');
    expect(prompt).toContain('学校举行了一年一度的运动会');
    expect(prompt).toContain(NORMAL_ESSAY.split('\n').at(-1));
    expect(prompt).not.toContain('发令抢');
    expect((await rows(id)).correction!.result).toMatchObject({ transcriptSource: 'teacher' });

    // The teacher's review — transcript, comment, dimension scores, annotations, score — is as they left it.
    const after = await workspace(id);
    expect(after.review).toEqual(before.review);
    expect(after.correction.transcript).toBe(NORMAL_ESSAY);
  });

  it('a retry hours later reuses the stored reading of the same pages: no OCR again, only the review (product-rules.md#security)', async () => {
    const id = await flaggedEssay();
    const first = (await get(`workManager/correction/${id}`)).json().data;
    const reads = ocr.calls;
    stub.state.down = false;
    t.clock.offsetMs += 3 * 3600_000;
    await t.app.jobRunner!.runDue();
    expect(ocr.calls).toBe(reads);
    const c = (await get(`workManager/correction/${id}`)).json().data;
    expect(c).toMatchObject({ status: 'done', engine: 'model:stub-model', transcript: OCR_TEXT, job: { status: 'done', attempts: 2 } });
    expect(codes(c.flags)).not.toContain('AI_SERVICE_FAILED');
    expect(c.result.comments.overall).toContain('模型总评');
    expect(c.result.pages).toEqual(first.result.pages);
    expect(c.result.notes.map((n: { start: number; boxes: unknown }) => [n.start, n.boxes])).toEqual(first.result.notes.map((n: { start: number; boxes: unknown }) => [n.start, n.boxes]));
    const stored = (await rows(id)).correction!.result as { ocrReused?: boolean; transcriptSource?: string };
    expect(stored.ocrReused).toBe(true);
    expect(stored.transcriptSource).toBeUndefined(); // still the OCR's text, not the teacher's
  });

  it('a retry after the pages changed reads them again', async () => {
    const id = await flaggedEssay();
    const reads = ocr.calls;
    await db().update(essayPages).set({ rotation: 90 }).where(eq(essayPages.essayId, id));
    stub.state.down = false;
    t.clock.offsetMs += 3600_000;
    await t.app.jobRunner!.runDue();
    expect(ocr.calls).toBeGreaterThan(reads);
  });

  it('an essay approved while its retry waits is left untouched: the retry ends without running', async () => {
    const id = await flaggedEssay();
    // The teacher confirms the OCR text (the local re-analysis clears the service flag) and approves.
    expect((await post('review/transcript', { essayId: id, transcript: OCR_TEXT })).statusCode).toBe(200);
    expect((await workspace(id)).essay.status).toBe('ai_done'); // the service flag went with the re-analysis
    const approved = await post('review/approve', { essayId: id, teacherComment: '很好，继续努力' });
    expect(approved.statusCode, approved.body).toBe(200);
    const before = await rows(id);
    expect(before.essay!.status).toBe('approved');
    const jobBefore = await jobOf(id);
    expect(jobBefore.status).toBe('queued'); // the retry still pending

    stub.state.down = false;
    const sent = stub.state.prompts.length;
    t.clock.offsetMs += 3600_000;
    await t.app.jobRunner!.runDue();

    expect(await rows(id)).toEqual(before);
    expect(stub.state.prompts.length).toBe(sent);
    const job = await jobOf(id);
    expect(job.id).toBe(jobBefore.id);
    expect(job.status).toBe('done');
    // Nothing left to retry.
    t.clock.offsetMs += 3600_000;
    await t.app.jobRunner!.runDue();
    expect(await rows(id)).toEqual(before);
  });
});

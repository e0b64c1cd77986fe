// A school's vision model reads the pages (AI_OCR_*), the local OCR behind it: upload → OCR → correction
// through the server's own job, against a loopback OpenAI-compatible server that answers as a real one
// does on a bad day (a missing line and a wrong character, invalid JSON, too slow, down). The reading and
// the provider that made it are stored with the correction; a failure reads the page locally, flagged,
// and the teacher's re-run reads it with the model again once it answers. The teacher's own "read again
// with the vision model" (workManager/correction/:id/visionRead) is checked the same way, with its refusals.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VisionOcrProvider, VisionWithLocalFallback } from '../../src/correction/index';
import { renderEssayPage } from '../../src/correction/ocr/render-page';
import { NORMAL_ESSAY } from '../../src/correction/test-fixtures';
import { requestCorrection } from '../../src/server/services/correction-service';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { FakeOcr, insertEssay, taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { correction as correctionRoutes } from '../../src/core/api/routes/correction';
import { review as reviewRoutes } from '../../src/core/api/routes/review';

type Mode = 'imperfect' | 'invalid-json' | 'slow' | 'down';

/** The vision model: the essay's lines as JSON, with the faults chosen by `mode`. */
async function visionStub(text: string): Promise<{ url: string; state: { mode: Mode; calls: number }; close(): Promise<void> }> {
  const state = { mode: 'imperfect' as Mode, calls: 0 };
  const [title, ...paras] = text.split('\n');
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      state.calls++;
      const send = (status: number, content: string): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? JSON.stringify({ choices: [{ message: { role: 'assistant', content } }], usage: { prompt_tokens: 4700, completion_tokens: 700 } }) : content);
      if (state.mode === 'down') return send(503, JSON.stringify({ error: { message: 'no GPU memory' } }));
      if (state.mode === 'invalid-json') return send(200, `{"title": "${title}", "lines": [{"text": "${paras[0]!.slice(0, 20)}`);
      // the model skips the last paragraph and writes 长跑 as 长抱
      const lines = paras.slice(0, -1).map((p) => ({ text: p.replace('长跑', '长抱'), paragraphStart: true }));
      const answer = JSON.stringify({ title, lines });
      if (state.mode === 'slow') return void setTimeout(() => send(200, answer), 15_000);
      send(200, answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, state, close: () => new Promise((r) => server.close(() => r())) };
}

describe.each(databaseKinds())('page reading by a vision model on %s', (kind) => {
  let t: TestApp;
  let stub: Awaited<ReturnType<typeof visionStub>>;
  const local = new FakeOcr();
  const storage = new MemoryFileStorage();
  let token = '';
  let fx: EssayFixture;
  let page: Uint8Array;
  const now = () => new Date(Date.now() + t.clock.offsetMs);
  const correction = async (id: number) => (await t.call('GET', `${MGMT}/workManager/correction/${id}`, { token })).json().data;
  const readNow = async (id: number) => {
    await requestCorrection(t.database.db, id, { reason: 'rerun', now: now() });
    await t.app.jobRunner!.runDue();
    return correction(id);
  };

  beforeAll(async () => {
    stub = await visionStub(NORMAL_ESSAY);
    const ocr = new VisionWithLocalFallback(new VisionOcrProvider({ baseUrl: stub.url, model: 'qwen2.5-vl-7b', retries: 0, timeoutMs: 5000 }), local);
    t = await createTestApp(kind, { deps: { ocr, storage }, jobs: { poll: false } });
    token = await t.login('teacher01');
    fx = await taskFixture(t.database.db, { username: 'teacher01', className: '七年级1班', title: '难忘的一次运动会' });
    page = (await renderEssayPage(NORMAL_ESSAY, { seed: 4 })).image;
    local.register(page, NORMAL_ESSAY);
    // (a database, the server and a rendered page: minutes on a shared machine)
  }, 900_000);
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it("stores the model's reading, faults and all, with the model's name", async () => {
    stub.state.mode = 'imperfect';
    const id = await insertEssay(t.database.db, storage, fx, [page]);
    const c = await readNow(id);
    expect(c.status).toBe('done');
    expect(c.result.ocr.provider).toBe('vision:qwen2.5-vl-7b');
    const lastPara = NORMAL_ESSAY.split('\n').at(-1)!;
    expect(c.transcript).not.toContain(lastPara.slice(0, 12));
    expect(c.transcript).toContain('长抱');
    expect(c.result.flags.map((f: { code: string }) => f.code)).not.toContain('AI_SERVICE_FAILED');
    expect(local.calls).toBe(0);
  });

  it('"read again with the vision model": the essay the model failed on is read by it, once it answers; roles and classes checked', async () => {
    stub.state.mode = 'down';
    const id = await insertEssay(t.database.db, storage, fx, [page]);
    const before = await readNow(id);
    expect(before.result.ocr.provider).toBe('fake-ocr');
    // the panel is told which model can read the pages again
    expect(before.visionOcr).toBe('vision:qwen2.5-vl-7b');
    const ws = (await t.call(reviewRoutes.reviewWorkspace, { query: { essayId: id } }, { token })).body.data;
    expect(ws.correction.visionOcr).toBe('vision:qwen2.5-vl-7b');
    // a head teacher may look but not re-read; a teacher of another class does not see the essay
    const head = await t.login('headmaster01');
    expect((await t.call(correctionRoutes.correctionVisionRead, { params: { id }, body: {} }, { token: head })).status).toBe(403);
    const other = await taskFixture(t.database.db, { username: 'classrole01', className: '八年级3班', title: '难忘的一次运动会' });
    const unbound = await insertEssay(t.database.db, storage, other, [page]);
    expect((await t.call(correctionRoutes.correctionVisionRead, { params: { id: unbound }, body: {} }, { token })).status).toBe(404);
    stub.state.mode = 'imperfect';
    const calls = stub.state.calls;
    const res = await t.call(correctionRoutes.correctionVisionRead, { params: { id }, body: {} }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ essayId: id, queued: true });
    await t.app.jobRunner!.runDue();
    const after = await correction(id);
    expect(stub.state.calls).toBe(calls + 1);
    expect(after.result.ocr.provider).toBe('vision:qwen2.5-vl-7b');
    expect(after.transcript).toContain('长抱');
    expect(after.result.flags.map((f: { code: string }) => f.code)).not.toContain('AI_SERVICE_FAILED');
  });

  for (const mode of ['invalid-json', 'slow', 'down'] as const) {
    it(`reads the page locally, flagged, when the model's answer is ${mode}; the re-run reads it with the model again`, async () => {
      stub.state.mode = mode;
      const calls = local.calls;
      const id = await insertEssay(t.database.db, storage, fx, [page]);
      const c = await readNow(id);
      expect(c.status).toBe('done');
      expect(c.result.ocr.provider).toBe('fake-ocr');
      expect(local.calls).toBe(calls + 1);
      // the whole essay as the local OCR read it, not a fragment of the model's
      expect(c.transcript.replace(/\s/g, '')).toBe(NORMAL_ESSAY.replace(/\s/g, ''));
      const flag = c.result.flags.find((f: { code: string }) => f.code === 'AI_SERVICE_FAILED');
      expect(flag.evidence).toMatch(/视觉模型识别失败.*已改用本地识别/);
      expect(c.essayStatus).toBe('abnormal');
      // the model answers again: the teacher's re-run reads the page with it
      stub.state.mode = 'imperfect';
      const again = await readNow(id);
      expect(again.result.ocr.provider).toBe('vision:qwen2.5-vl-7b');
      expect(again.result.flags.map((f: { code: string }) => f.code)).not.toContain('AI_SERVICE_FAILED');
    });
  }
});

describe('"read again with the vision model" without one', () => {
  let t: TestApp;
  const storage = new MemoryFileStorage();
  const local = new FakeOcr();
  afterAll(async () => {
    await t?.close();
  });

  it('is not offered, and refused in the teacher\'s language', async () => {
    t = await createTestApp('pglite', { deps: { ocr: local, storage }, jobs: { poll: false } });
    const token = await t.login('teacher01');
    const fx = await taskFixture(t.database.db, { username: 'teacher01', className: '七年级1班', title: '难忘的一次运动会' });
    const page = (await renderEssayPage(NORMAL_ESSAY, { seed: 4 })).image;
    local.register(page, NORMAL_ESSAY);
    const id = await insertEssay(t.database.db, storage, fx, [page]);
    expect((await t.call(correctionRoutes.correction, { params: { id } }, { token })).body.data.visionOcr).toBeNull();
    const zh = await t.call(correctionRoutes.correctionVisionRead, { params: { id }, body: {} }, { token });
    expect(zh.status).toBe(400);
    expect(zh.body.error).toBe('VISION_OCR_OFF');
    expect(zh.body.message).toMatch(/未配置视觉识别模型/);
    const en = await t.call(correctionRoutes.correctionVisionRead, { params: { id }, body: {} }, { token, lang: 'en' });
    expect(en.body.message).toMatch(/No vision model is configured/);
  });
});

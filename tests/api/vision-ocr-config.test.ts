// AI_OCR_BASE_URL + AI_OCR_MODEL, set as an operator sets them, turn the vision model on: the server's
// createDeps reads them from the parsed configuration and the correction job's page is read by the
// model (a loopback OpenAI-compatible server here), its name stored with the correction.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEssayPage } from '../../src/correction/ocr/render-page';
import { NORMAL_ESSAY } from '../../src/correction/test-fixtures';
import { requestCorrection } from '../../src/server/services/correction-service';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { insertEssay, taskFixture } from '../helpers/correction';
import { MGMT } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';

describe.each(databaseKinds())('AI_OCR_MODEL in the environment on %s', (kind) => {
  let t: TestApp;
  let server: Server;
  const seen: Array<{ model: string; hasImage: boolean }> = [];
  const storage = new MemoryFileStorage();

  beforeAll(async () => {
    const [title, ...paras] = NORMAL_ESSAY.split('\n');
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const request = JSON.parse(body) as { model: string; messages: Array<{ content: unknown }> };
        seen.push({ model: request.model, hasImage: JSON.stringify(request.messages).includes('data:image/') });
        const content = JSON.stringify({ title, lines: paras.map((p) => ({ text: p, paragraphStart: true })) });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    t = await createTestApp(kind, { env: { AI_OCR_BASE_URL: url, AI_OCR_MODEL: 'qwen2.5-vl-7b', AI_OCR_TIMEOUT_MS: '20000' }, deps: { storage }, jobs: { poll: false } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => server?.close(r));
  });

  it('reads the page with the vision model named there', async () => {
    const token = await t.login('teacher01');
    const fx = await taskFixture(t.database.db, { username: 'teacher01', className: '七年级1班', title: '难忘的一次运动会' });
    const page = (await renderEssayPage(NORMAL_ESSAY, { seed: 4 })).image;
    const id = await insertEssay(t.database.db, storage, fx, [page]);
    await requestCorrection(t.database.db, id, { reason: 'rerun', now: new Date() });
    await t.app.jobRunner!.runDue();
    const c = (await t.call('GET', `${MGMT}/workManager/correction/${id}`, { token })).json().data;
    expect(c.status).toBe('done');
    expect(c.result.ocr.provider).toBe('vision:qwen2.5-vl-7b');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).toEqual({ model: 'qwen2.5-vl-7b', hasImage: true });
  });
});

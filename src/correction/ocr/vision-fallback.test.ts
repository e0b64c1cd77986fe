// The vision model reads pages when a school runs one; any failure of it reads the page locally, flagged.
// A loopback OpenAI-compatible server plays the model with realistic, imperfect answers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correctEssay } from '../correct-essay.js';
import { loadPaddleModels, PaddleOcrProvider } from './paddle.js';
import { kaiFontMissing, renderEssayPage } from './render-page.js';
import { VisionOcrProvider } from './vision.js';
import { VisionWithLocalFallback } from './vision-fallback.js';

const TITLE = '一次难忘的比赛';
const P1 = '星期五下午，学校已经开始了拔河比赛。我们班的同学个个摩拳擦掌，有的搓手，有的跺脚，有的喊口号。';
const P2 = '裁判一声哨响，大家憋足了劲往后拉，绳子中间的红布条慢慢地向我们这边移动。最后我们赢了，大家高兴得跳了起来。';

type Mode = 'imperfect' | 'invalid-json' | 'slow' | 'empty' | 'down';
let mode: Mode = 'imperfect';
let server: Server;
let baseUrl = '';
const HAN = /\p{Script=Han}/gu;

const answer = (content: string): string => JSON.stringify({ choices: [{ message: { role: 'assistant', content } }], usage: { prompt_tokens: 900, completion_tokens: 120 } });

const missing = kaiFontMissing();

describe.skipIf(!!missing)('a vision model in front of the local OCR', { timeout: 240_000 }, () => {
  let page: Uint8Array;
  beforeAll(async () => {
    await loadPaddleModels();
    page = (await renderEssayPage([TITLE, P1, P2].join('\n'), { seed: 5 })).image;
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const send = (status: number, body: string): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(body);
        if (mode === 'down') return send(503, '{"error":"overloaded"}');
        if (mode === 'invalid-json') return send(200, answer('{"title": "一次难忘的比赛", "lines": [{"text": "星期五下午'));
        if (mode === 'empty') return send(200, answer(JSON.stringify({ title: '', lines: [] })));
        if (mode === 'slow') return void setTimeout(() => send(200, answer(JSON.stringify({ title: TITLE, lines: [] }))), 15_000);
        // a missing line (the second paragraph's last) and a wrong character (拨 for 拔)
        return send(200, answer(JSON.stringify({ title: TITLE, lines: [{ text: P1.replace('拔', '拨'), paragraphStart: true }, { text: P2.slice(0, 30), paragraphStart: true }] })));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  }, 120_000);
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const reader = (): VisionWithLocalFallback => new VisionWithLocalFallback(new VisionOcrProvider({ baseUrl, model: 'qwen2.5-vl-test', timeoutMs: 5000, retries: 0 }), new PaddleOcrProvider());
  const read = (m: Mode) => {
    mode = m;
    return correctEssay({ images: [page], grade: 7, lang: 'zh', title: TITLE }, { ocr: reader() });
  };

  it("keeps the model's own imperfect reading, with its name stored beside the transcript", async () => {
    const r = await read('imperfect');
    expect(r.ocr.provider).toBe('vision:qwen2.5-vl-test');
    expect(r.transcript).toContain('拨河');
    expect(r.flags.map((f) => f.code)).not.toContain('AI_SERVICE_FAILED');
  });

  for (const m of ['invalid-json', 'slow', 'empty', 'down'] as const) {
    it(`reads the page locally, flagged, when the model's answer is ${m}`, async () => {
      const r = await read(m);
      expect(r.ocr.provider).toBe('paddleocr-ppocrv4-onnx');
      const flag = r.flags.find((f) => f.code === 'AI_SERVICE_FAILED');
      expect(flag?.evidence).toMatch(/视觉模型识别失败.*已改用本地识别/);
      // the local reading of the whole page, not the model's fragment
      expect((r.transcript.match(HAN) ?? []).length).toBeGreaterThan(80);
      expect(r.transcript).toContain('摩拳擦掌');
    });
  }
});

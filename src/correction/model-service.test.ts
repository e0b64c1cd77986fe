// The model-service reviewer against a small OpenAI-compatible server on loopback: structured output
// merged into the local result, and the failure modes (500, timeout, malformed JSON, schema mismatch,
// 4xx) ending in retries with backoff, recovery, or the AI_SERVICE_FAILED flag with the local result kept.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { correctText } from './correct-text.js';
import { ModelServiceReviewer, type ModelServiceConfig } from './model-service.js';
import sharp from 'sharp';
import { buildTranscript } from './ocr.js';
import { VisionOcrProvider } from './ocr/vision.js';
import { NORMAL_ESSAY, NORMAL_TITLE } from './test-fixtures.js';

type Mode = 'ok' | '500' | 'slow' | 'badjson' | 'badschema' | '400' | 'page' | 'imperfect';
let script: Mode[] = [];
const seen: Array<{ auth?: string; body: Record<string, unknown>; at: number }> = [];
let inFlight = 0;
let maxInFlight = 0;

const REVIEW = {
  total: 88,
  dimensions: [
    { id: 'theme', percent: 90, comment: '立意明确，写出了坚持的意义。' },
    { id: 'content', percent: 86, comment: '比赛过程写得具体。' },
    { id: 'structure', percent: 85, comment: '按时间顺序，条理清楚。' },
    { id: 'language', percent: 89, comment: '比喻生动，语言流畅。' },
  ],
  overall: '模型评语：这篇作文把八百米长跑写得真实感人。',
  notes: [
    { quote: '我像离弦的箭一样冲了出去', kind: 'goodSentence', message: '比喻贴切，写出了起跑的速度。', fix: '' },
    { quote: '这句话不在作文里', kind: 'goodSentence', message: '应被丢弃', fix: '' },
  ],
};

const IMPERFECT = {
  total: '91分',
  dimensions: [
    { id: 'theme', percent: 120, comment: '立意新颖，紧扣运动会。' },
    { id: '内容充实', score: '87', comment: '' },
    { id: 'handwriting', percent: 80, comment: '字迹工整。' },
  ],
  overall: '',
  notes: [
    { quote: '我像离弦的箭一样冲了出去', kind: 'goodSentence', message: '比喻贴切。' },
    { quote: '不在作文里的句子', kind: 'goodSentence', message: '应被丢弃' },
    { quote: '终点', kind: 'typo', message: '未知类型' },
  ],
};

async function handler(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  seen.push({ ...(req.headers.authorization ? { auth: req.headers.authorization } : {}), body: JSON.parse(raw) as Record<string, unknown>, at: Date.now() });
  inFlight++;
  maxInFlight = Math.max(maxInFlight, inFlight);
  const mode = script.shift() ?? 'ok';
  const reply = (status: number, body: string): void => {
    inFlight--;
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  };
  const answer = (content: string): string => JSON.stringify({ choices: [{ message: { role: 'assistant', content } }], usage: { prompt_tokens: 812, completion_tokens: 240 } });
  if (mode === '500') return reply(500, '{"error":"overloaded"}');
  if (mode === '400') return reply(400, '{"error":"bad model"}');
  if (mode === 'badjson') return reply(200, answer('{"total": 88, "dimensions": ['));
  if (mode === 'badschema') return reply(200, answer('{"total": "high"}'));
  // What real services send back: a fenced block, a score as text, a dimension out of range, one under
  // an unknown id, an empty overall comment, a note quoting text that is not in the essay.
  if (mode === 'imperfect') return reply(200, answer('```json\n' + JSON.stringify(IMPERFECT) + '\n```'));
  if (mode === 'page') return reply(200, answer(JSON.stringify({ title: '难忘的一次运动会', lines: [{ text: '秋天到了，学校举行了', paragraphStart: true }, { text: '运动会。', paragraphStart: false }] })));
  if (mode === 'slow') {
    setTimeout(() => reply(200, answer(JSON.stringify(REVIEW))), 400);
    return;
  }
  setTimeout(() => reply(200, answer(JSON.stringify(REVIEW))), 20);
}

let server: Server;
let base: string;
const logs: Array<Record<string, unknown>> = [];
const logger = { info: (o: Record<string, unknown>) => void logs.push(o), warn: (o: Record<string, unknown>) => void logs.push(o) };
const config = (over: Partial<ModelServiceConfig> = {}): ModelServiceConfig => ({ baseUrl: base, apiKey: 'sk-test', model: 'test-model', timeoutMs: 200, retries: 2, backoffMs: 10, ...over });
const TASK = { title: NORMAL_TITLE, grade: 5, scoreType: 3 as const, requirements: ['写一次活动'] };

beforeAll(async () => {
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  script = [];
  seen.length = 0;
  logs.length = 0;
  maxInFlight = 0;
});

describe('ModelServiceReviewer', () => {
  it('sends the local analysis as context with a JSON schema, and merges scores, comments and located notes', async () => {
    const local = await correctText({ transcript: NORMAL_ESSAY, ...TASK });
    // A generous per-attempt timeout: this test is about the merge, and a busy CI machine is slow.
    const r = await new ModelServiceReviewer(config({ timeoutMs: 10_000 }), logger).review(local, NORMAL_ESSAY, TASK);
    expect(r.service).toMatchObject({ ok: true, attempts: 1, promptTokens: 812, completionTokens: 240 });
    expect(seen[0]!.auth).toBe('Bearer sk-test');
    const body = seen[0]!.body as { model: string; response_format: { type: string; json_schema: { strict: boolean } }; messages: Array<{ content: string }> };
    expect(body.model).toBe('test-model');
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    expect(body.messages[1]!.content).toContain('"totalPercent"');
    expect(body.messages[1]!.content).toContain('八百米长跑');
    expect(r.score).toMatchObject({ percent: 88, value: 88, scorer: 'model:test-model' });
    expect(r.comments.overall).toBe(REVIEW.overall);
    const note = r.notes.find((n) => n.message.startsWith('比喻贴切'))!;
    expect(NORMAL_ESSAY.slice(note.start, note.end)).toBe('我像离弦的箭一样冲了出去');
    expect(r.notes.some((n) => n.message === '应被丢弃')).toBe(false);
    expect(r.flags.map((f) => f.code)).not.toContain('AI_SERVICE_FAILED');
    expect(logs.some((l) => l.event === 'model_service_call' && l.ok === true && typeof l.latencyMs === 'number' && l.completionTokens === 240)).toBe(true);
  }, 30_000);

  it('validates an imperfect answer field by field and falls back to the local judgement for the rest', async () => {
    const local = await correctText({ transcript: NORMAL_ESSAY, ...TASK });
    script = ['imperfect'];
    const r = await new ModelServiceReviewer(config({ timeoutMs: 10_000 }), logger).review(local, NORMAL_ESSAY, { ...TASK, commentStyle: ['你的文章真实感人，继续加油！'] });
    expect(r.service).toMatchObject({ ok: true, attempts: 1 });
    expect(r.score!.percent).toBe(91);
    const dim = (id: string) => r.score!.dimensions.find((d) => d.id === id)!;
    const localDim = (id: string) => local.score!.dimensions.find((d) => d.id === id)!;
    expect(dim('theme').percent).toBe(localDim('theme').percent); // 120 is out of range
    expect(r.comments.dimensions.find((d) => d.id === 'theme')!.text).toBe('立意新颖，紧扣运动会。');
    expect(dim('content').percent).toBe(87); // found by its Chinese name, score given as text
    expect(r.comments.dimensions.find((d) => d.id === 'content')!.text).toBe(local.comments.dimensions.find((d) => d.id === 'content')!.text);
    expect(r.comments.overall).toBe(local.comments.overall); // empty overall → local
    expect(r.service.fallback).toEqual(expect.arrayContaining(['overall', 'dimensions.theme.percent', 'dimensions.content.comment', 'dimensions.structure.percent']));
    expect(r.notes.some((n) => n.message === '比喻贴切。')).toBe(true);
    expect(r.notes.some((n) => n.message === '应被丢弃' || n.message === '未知类型')).toBe(false);
    // The prompt carries the rubric, the grade, the local evidence and the teacher's own style.
    const user = (seen[0]!.body as { messages: Array<{ content: string }> }).messages[1]!.content;
    for (const part of ['"rubric"', '"grade":5', '"lengthExpected"', '"goodSentences"', '"wrongCharacters"', '你的文章真实感人，继续加油！', '写一次活动']) expect(user).toContain(part);
    expect(logs.some((l) => l.event === 'model_service_fallback')).toBe(true);
  }, 30_000);

  it('retries a 500, a timeout and malformed JSON with backoff, then recovers', async () => {
    script = ['500', 'slow', 'badjson'];
    const local = await correctText({ transcript: NORMAL_ESSAY, ...TASK });
    const r = await new ModelServiceReviewer(config({ retries: 3 }), logger).review(local, NORMAL_ESSAY, TASK);
    expect(r.service).toMatchObject({ ok: true, attempts: 4 });
    expect(r.score?.percent).toBe(88);
    const fails = logs.filter((l) => l.ok === false).map((l) => String(l.error));
    expect(fails[0]).toMatch(/HTTP 500/);
    expect(fails[1]).toMatch(/timed out/);
    expect(fails[2]).toMatch(/malformed JSON/);
    // exponential backoff: 10, 20, 40 ms between attempts (at least)
    expect(seen[3]!.at - seen[2]!.at).toBeGreaterThanOrEqual(35);
  });

  it('on persistent failure keeps the local result and adds AI_SERVICE_FAILED with the reason', async () => {
    script = ['500', '500', '500'];
    const local = await correctText({ transcript: NORMAL_ESSAY, ...TASK });
    const r = await new ModelServiceReviewer(config(), logger).review(local, NORMAL_ESSAY, TASK);
    expect(r.service).toMatchObject({ ok: false, attempts: 3 });
    expect(r.score).toEqual(local.score);
    expect(r.comments).toEqual(local.comments);
    const f = r.flags.find((x) => x.code === 'AI_SERVICE_FAILED')!;
    expect(f.label).toBe('AI服务调用失败');
    expect(f.evidence).toMatch(/HTTP 500.*可稍后重试/);
  });

  it('does not retry a 4xx client error, and rejects answers that miss the schema', async () => {
    script = ['400'];
    const local = await correctText({ transcript: NORMAL_ESSAY, ...TASK });
    const r = await new ModelServiceReviewer(config(), logger).review(local, NORMAL_ESSAY, TASK);
    expect(r.service).toMatchObject({ ok: false, attempts: 1 });
    script = ['badschema', 'badschema', 'badschema'];
    const s = await new ModelServiceReviewer(config(), logger).review(local, NORMAL_ESSAY, TASK);
    expect(s.service?.error).toMatch(/malformed answer/);
    expect(s.flags.map((f) => f.code)).toContain('AI_SERVICE_FAILED');
  });

  it('an unreachable service fails fast into the flag', async () => {
    const local = await correctText({ transcript: NORMAL_ESSAY, ...TASK });
    const r = await new ModelServiceReviewer(config({ baseUrl: 'http://127.0.0.1:9/v1', retries: 1 })).review(local, NORMAL_ESSAY, TASK);
    expect(r.service).toMatchObject({ ok: false, attempts: 2 });
    expect(r.flags.map((f) => f.code)).toContain('AI_SERVICE_FAILED');
  });

  it('limits concurrency', async () => {
    const local = await correctText({ transcript: NORMAL_ESSAY, ...TASK });
    const reviewer = new ModelServiceReviewer(config({ maxConcurrency: 2, timeoutMs: 2000 }));
    const rs = await Promise.all(Array.from({ length: 6 }, () => reviewer.review(local, NORMAL_ESSAY, TASK)));
    expect(rs.every((r) => r.service.ok)).toBe(true);
    expect(maxInFlight).toBe(2);
  });
});

describe('VisionOcrProvider', () => {
  it('sends the page as an image and turns the JSON transcript into lines with approximate boxes', async () => {
    script = ['page'];
    const img = await sharp({ create: { width: 800, height: 1100, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const page = await new VisionOcrProvider({ ...config(), model: 'vl-model' }).recognize(img);
    const body = seen[0]!.body as { messages: Array<{ content: Array<{ type: string; image_url?: { url: string } }> }> };
    expect(body.messages[1]!.content[1]!.image_url!.url).toMatch(/^data:image\/jpeg;base64,/);
    expect(page.lines[0]).toMatchObject({ text: '难忘的一次运动会', isTitle: true });
    expect(buildTranscript([page]).text).toBe('难忘的一次运动会\n秋天到了，学校举行了运动会。');
    expect(page.lines[1]!.chars[0]!.box.width).toBeGreaterThan(0);
  });
});

// Optional model service: an OpenAI-compatible chat-completions endpoint (DeepSeek, Qwen, GLM, a local
// vLLM...) configured by AI_BASE_URL, AI_API_KEY, AI_MODEL. It reviews an essay the local engine has
// already analysed and scored: the local analysis goes in as context, JSON-schema output comes back
// (total and dimension scores, comments, sentence notes quoted from the essay) and replaces the local
// scores and comments. Timeouts, retries with exponential backoff, a concurrency limit, latency and
// tokens logged through an injected logger. On failure the local result is kept and carries the
// AI_SERVICE_FAILED flag so the caller can retry later: the essay is never lost. Uses global fetch.
import { z } from 'zod';
import type { CorrectionResult } from './correct-text.js';
import { flagLabel } from './flags.js';
import type { Note } from './comments/notes.js';
import { gradeBand, showScore } from './scoring/scales.js';

export interface ModelServiceConfig {
  /** e.g. https://api.deepseek.com/v1 or http://127.0.0.1:8000/v1 (the path before /chat/completions) */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** per attempt, ms */
  timeoutMs?: number;
  /** retries after the first attempt */
  retries?: number;
  /** first backoff, ms; doubles each retry */
  backoffMs?: number;
  /** requests in flight at once, per client */
  maxConcurrency?: number;
  /** 'json_schema' (structured outputs) or 'json_object' for services without schema support */
  responseFormat?: 'json_schema' | 'json_object';
}

export interface ServiceLogger {
  info(obj: Record<string, unknown>, msg?: string): void;
  warn(obj: Record<string, unknown>, msg?: string): void;
}

const silent: ServiceLogger = { info: () => undefined, warn: () => undefined };

/** Config from AI_BASE_URL, AI_API_KEY, AI_MODEL (and AI_TIMEOUT_MS, AI_RETRIES, AI_CONCURRENCY); undefined when not configured. */
export function modelServiceConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ModelServiceConfig | undefined {
  const baseUrl = env.AI_BASE_URL?.trim();
  const model = env.AI_MODEL?.trim();
  if (!baseUrl || !model) return undefined;
  const num = (v: string | undefined): number | undefined => (v && Number.isFinite(Number(v)) ? Number(v) : undefined);
  const timeoutMs = num(env.AI_TIMEOUT_MS);
  const retries = num(env.AI_RETRIES);
  const maxConcurrency = num(env.AI_CONCURRENCY);
  return {
    baseUrl,
    model,
    ...(env.AI_API_KEY ? { apiKey: env.AI_API_KEY } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(retries !== undefined ? { retries } : {}),
    ...(maxConcurrency !== undefined ? { maxConcurrency } : {}),
  };
}

export class ModelServiceError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly attempts = 1,
  ) {
    super(message);
    this.name = 'ModelServiceError';
  }
}

class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly max: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
    try {
      return await fn();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string | Array<Record<string, unknown>> };

export interface ChatResult {
  json: unknown;
  attempts: number;
  latencyMs: number;
  promptTokens?: number;
  completionTokens?: number;
}

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason as Error)), { once: true });
  });

/** A chat-completions client returning parsed JSON, with timeout, retries, backoff and a concurrency limit. */
export class ModelServiceClient {
  private readonly sem: Semaphore;
  readonly config: Required<Omit<ModelServiceConfig, 'apiKey'>> & { apiKey?: string };

  constructor(
    config: ModelServiceConfig,
    private readonly logger: ServiceLogger = silent,
  ) {
    this.config = { timeoutMs: 60_000, retries: 3, backoffMs: 1000, maxConcurrency: 4, responseFormat: 'json_schema', ...config, baseUrl: config.baseUrl.replace(/\/+$/, '') };
    this.sem = new Semaphore(Math.max(1, this.config.maxConcurrency));
  }

  async chatJson(messages: ChatMessage[], schema: { name: string; schema: Record<string, unknown> }, validate: (v: unknown) => unknown, signal?: AbortSignal): Promise<ChatResult> {
    const c = this.config;
    const started = Date.now();
    let last: ModelServiceError | undefined;
    let attempts = 0;
    for (let attempt = 1; attempt <= c.retries + 1; attempt++) {
      attempts = attempt;
      if (attempt > 1) await sleep(c.backoffMs * 2 ** (attempt - 2), signal);
      const t0 = Date.now();
      try {
        const r = await this.sem.run(() => this.once(messages, schema, signal));
        const json = validate(r.json);
        const latencyMs = Date.now() - t0;
        this.logger.info({ event: 'model_service_call', model: c.model, attempt, ok: true, latencyMs, promptTokens: r.promptTokens, completionTokens: r.completionTokens }, 'model service call');
        return { json, attempts: attempt, latencyMs: Date.now() - started, ...(r.promptTokens !== undefined ? { promptTokens: r.promptTokens } : {}), ...(r.completionTokens !== undefined ? { completionTokens: r.completionTokens } : {}) };
      } catch (e) {
        last = e instanceof ModelServiceError ? e : new ModelServiceError(e instanceof z.ZodError ? `malformed answer: ${e.issues[0]?.message ?? 'schema mismatch'}` : (e as Error).message, true);
        this.logger.warn({ event: 'model_service_call', model: c.model, attempt, ok: false, latencyMs: Date.now() - t0, error: last.message }, 'model service call failed');
        if (!last.retryable || signal?.aborted) break;
      }
    }
    throw new ModelServiceError(last?.message ?? 'model service failed', last?.retryable ?? true, attempts);
  }

  private async once(messages: ChatMessage[], schema: { name: string; schema: Record<string, unknown> }, signal?: AbortSignal): Promise<{ json: unknown; promptTokens?: number; completionTokens?: number }> {
    const c = this.config;
    const timeout = AbortSignal.timeout(c.timeoutMs);
    const body = {
      model: c.model,
      messages,
      temperature: 0,
      response_format: c.responseFormat === 'json_schema' ? { type: 'json_schema', json_schema: { name: schema.name, strict: true, schema: schema.schema } } : { type: 'json_object' },
    };
    let res: Response;
    try {
      res = await fetch(`${c.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(c.apiKey ? { authorization: `Bearer ${c.apiKey}` } : {}) },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (e) {
      const err = e as Error;
      const timedOut = timeout.aborted;
      throw new ModelServiceError(timedOut ? `timed out after ${c.timeoutMs} ms` : `request failed: ${err.message}`, !signal?.aborted);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (e) {
      throw new ModelServiceError(timeout.aborted ? `timed out after ${c.timeoutMs} ms` : `reading the answer failed: ${(e as Error).message}`, true);
    }
    if (!res.ok) {
      const retryable = res.status >= 500 || res.status === 429 || res.status === 408;
      throw new ModelServiceError(`HTTP ${res.status}: ${text.slice(0, 200)}`, retryable);
    }
    let payload: { choices?: Array<{ message?: { content?: string | null } }>; usage?: { prompt_tokens?: number; completion_tokens?: number } };
    try {
      payload = JSON.parse(text) as typeof payload;
    } catch {
      throw new ModelServiceError(`malformed response body: ${text.slice(0, 100)}`, true);
    }
    const content = payload.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new ModelServiceError('answer has no message content', true);
    let json: unknown;
    try {
      json = JSON.parse(content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ''));
    } catch {
      throw new ModelServiceError(`malformed JSON in the answer: ${content.slice(0, 100)}`, true);
    }
    const u = payload.usage;
    return { json, ...(u?.prompt_tokens !== undefined ? { promptTokens: u.prompt_tokens } : {}), ...(u?.completion_tokens !== undefined ? { completionTokens: u.completion_tokens } : {}) };
  }
}

const NOTE_KINDS = ['goodSentence', 'wrongChar', 'punctuation', 'longSentence'] as const;

export const REVIEW_SCHEMA = {
  name: 'essay_review',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['total', 'dimensions', 'overall', 'notes'],
    properties: {
      total: { type: 'number', minimum: 0, maximum: 100, description: 'total score in percent' },
      dimensions: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'percent', 'comment'],
          properties: { id: { type: 'string' }, percent: { type: 'number', minimum: 0, maximum: 100 }, comment: { type: 'string' } },
        },
      },
      overall: { type: 'string' },
      notes: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['quote', 'kind', 'message', 'fix'],
          properties: { quote: { type: 'string', description: 'exact text copied from the essay' }, kind: { type: 'string', enum: [...NOTE_KINDS] }, message: { type: 'string' }, fix: { type: 'string', description: 'replacement for quote, or empty' } },
        },
      },
    },
  },
} as const;

const reviewSchema = z.object({
  total: z.number().min(0).max(100),
  dimensions: z.array(z.object({ id: z.string(), percent: z.number().min(0).max(100), comment: z.string().min(1) })),
  overall: z.string().min(1),
  notes: z.array(z.object({ quote: z.string(), kind: z.enum(NOTE_KINDS), message: z.string(), fix: z.string().optional().default('') })),
});

export type ModelReview = z.infer<typeof reviewSchema>;

export interface ServiceInfo {
  ok: boolean;
  model: string;
  attempts: number;
  latencyMs?: number;
  promptTokens?: number;
  completionTokens?: number;
  error?: string;
}

function promptFor(result: CorrectionResult, transcript: string, task: { requirements?: string[] }): ChatMessage[] {
  const zh = result.lang === 'zh';
  const a = result.analysis;
  const context = {
    title: result.title,
    grade: result.grade,
    genre: result.genre,
    requirements: task.requirements ?? [],
    scoreType: result.score?.scoreType,
    dimensions: result.score?.dimensions.map((d) => ({ id: d.id, name: d.name, localPercent: d.percent })),
    local: {
      totalPercent: result.score?.percent,
      hanCount: a.hanCount,
      paragraphs: a.paragraphs.length,
      sentences: a.sentences.length,
      wrongCharacters: a.wrongChars.map((w) => ({ text: w.wrong, fix: w.fix })),
      rhetoric: a.rhetoric.map((r) => r.kind),
      punctuationIssues: a.punctuation.length,
      flags: result.flags.map((f) => f.code),
    },
  };
  const system = zh
    ? '你是经验丰富的语文老师，为中小学生作文评分并写评语。只根据作文内容评价；评语用适合该年级学生的自然中文，具体、有依据。notes 的 quote 必须逐字摘自作文原文。按给定 JSON 结构输出。'
    : 'You are an experienced Chinese-language teacher marking a school essay. Judge only from the essay; comments in English, specific and grounded. Every note quote must be copied verbatim from the essay. Answer in the given JSON structure.';
  const user = `${zh ? '本地分析（供参考）' : 'Local analysis (for reference)'}:\n${JSON.stringify(context)}\n\n${zh ? '作文全文' : 'Essay'}:\n${transcript}`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** Merge a model review into the local result: scores, comments, extra notes located by their quotes. */
export function applyReview(result: CorrectionResult, transcript: string, review: ModelReview, model: string): CorrectionResult {
  if (!result.score) return result;
  const score = result.score;
  const lang = result.lang;
  const fullMark = score.fullMark ?? 100;
  const percent = Math.round(review.total);
  const dims = score.dimensions.map((d) => {
    const r = review.dimensions.find((x) => x.id === d.id || x.id === d.name);
    if (!r) return d;
    const p = Math.round(r.percent);
    return { ...d, ...showScore(p, score.scoreType, lang, fullMark), percent: p, evidence: [...d.evidence, { feature: `model:${model}`, value: p, effect: p - d.percent, ranges: [] }] };
  });
  const notes: Note[] = [...result.notes];
  for (const n of review.notes) {
    const start = n.quote ? transcript.indexOf(n.quote) : -1;
    if (start < 0) continue;
    const end = start + n.quote.length;
    if (notes.some((x) => x.kind === n.kind && x.start === start && x.end === end)) continue;
    notes.push({ kind: n.kind, start, end, excerpt: n.quote, message: n.message, ...(n.fix ? { fix: n.fix } : {}) });
  }
  notes.sort((a, b) => a.start - b.start || a.end - b.end);
  return {
    ...result,
    score: { ...score, ...showScore(percent, score.scoreType, lang, fullMark), percent, band: gradeBand(percent), dimensions: dims, scorer: `model:${model}`, evidence: [...score.evidence, { feature: `model:${model}`, value: percent, effect: percent - score.percent, ranges: [] }] },
    comments: {
      ...result.comments,
      overall: review.overall,
      dimensions: result.comments.dimensions.map((d) => {
        const r = review.dimensions.find((x) => x.id === d.id || x.id === d.name);
        return r ? { ...d, text: r.comment } : d;
      }),
    },
    notes,
  };
}

/** Reviews locally corrected essays with the model service; never throws for service failures. */
export class ModelServiceReviewer {
  readonly client: ModelServiceClient;
  constructor(
    config: ModelServiceConfig,
    private readonly logger: ServiceLogger = silent,
  ) {
    this.client = new ModelServiceClient(config, logger);
  }

  get model(): string {
    return this.client.config.model;
  }

  async review(result: CorrectionResult, transcript: string, task: { requirements?: string[] } = {}, signal?: AbortSignal): Promise<CorrectionResult & { service: ServiceInfo }> {
    if (result.status !== 'scored') return { ...result, service: { ok: true, model: this.model, attempts: 0 } };
    try {
      const r = await this.client.chatJson(promptFor(result, transcript, task), REVIEW_SCHEMA as unknown as { name: string; schema: Record<string, unknown> }, (v) => reviewSchema.parse(v), signal);
      const merged = applyReview(result, transcript, r.json as ModelReview, this.model);
      return { ...merged, service: { ok: true, model: this.model, attempts: r.attempts, latencyMs: r.latencyMs, ...(r.promptTokens !== undefined ? { promptTokens: r.promptTokens } : {}), ...(r.completionTokens !== undefined ? { completionTokens: r.completionTokens } : {}) } };
    } catch (e) {
      const err = e instanceof ModelServiceError ? e : new ModelServiceError((e as Error).message, true);
      this.logger.warn({ event: 'model_service_review_failed', model: this.model, error: err.message }, 'model service review failed; local result kept');
      const zh = result.lang === 'zh';
      return {
        ...result,
        flags: [
          ...result.flags,
          {
            code: 'AI_SERVICE_FAILED',
            label: flagLabel('AI_SERVICE_FAILED', result.lang),
            evidence: zh ? `模型服务（${this.model}）调用失败：${err.message}；已保留本地评阅结果，可稍后重试` : `model service (${this.model}) failed: ${err.message}; the local result is kept, retry later`,
            ranges: [],
          },
        ],
        service: { ok: false, model: this.model, attempts: err.attempts, error: err.message },
      };
    }
  }
}

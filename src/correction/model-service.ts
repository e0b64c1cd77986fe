// Optional model service: an OpenAI-compatible chat-completions endpoint (DeepSeek, Qwen, GLM, a local
// vLLM...) configured by AI_BASE_URL, AI_API_KEY, AI_MODEL (parsed by the server's config). It reviews an essay the local engine has
// already analysed and scored: the local analysis goes in as context, JSON-schema output comes back
// (total and dimension scores, comments, sentence notes quoted from the essay) and replaces the local
// scores and comments. Timeouts, retries with exponential backoff, a concurrency limit, latency and
// tokens logged through an injected logger. On failure the local result is kept and carries the
// AI_SERVICE_FAILED flag so the caller can retry later: the essay is never lost. Uses global fetch.
import { withConsistentComments } from './comments/consistency-gate.js';
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

const noteSchema = z.object({ quote: z.string().min(1), kind: z.enum(NOTE_KINDS), message: z.string().min(1), fix: z.string().optional().default('') });

/** A review as far as the model got it right: each field is checked on its own, and a missing or
 * invalid one falls back to the local judgement (listed in `fallback`). */
export interface ModelReview {
  total?: number;
  dimensions: Array<{ id: string; percent?: number; comment?: string }>;
  overall?: string;
  notes: Array<z.infer<typeof noteSchema>>;
  fallback: string[];
}

/** "88", "88分", 88.5 → a number in 0..100; anything else → undefined. */
function percentOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(/^\s*(\d{1,3}(?:\.\d+)?)\s*(?:分|%|％)?\s*$/.exec(v)?.[1] ?? NaN) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : undefined;
}

const text = (v: unknown, min = 1): string | undefined => (typeof v === 'string' && v.trim().length >= min && v.trim().length <= 2000 ? v.trim() : undefined);

/**
 * Validates a model answer field by field against the local result. Throws (so the call is retried)
 * only when nothing in it is usable.
 */
export function parseReview(v: unknown, local: CorrectionResult): ModelReview {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new ModelServiceError('malformed answer: not a JSON object', true);
  const o = v as Record<string, unknown>;
  const fallback: string[] = [];
  const total = percentOf(o.total);
  if (total === undefined) fallback.push('total');
  const localDims = local.score?.dimensions ?? [];
  const given = Array.isArray(o.dimensions) ? (o.dimensions as unknown[]) : [];
  const dimensions = localDims.map((d) => {
    const r = given.find((x): x is Record<string, unknown> => !!x && typeof x === 'object' && ((x as Record<string, unknown>).id === d.id || (x as Record<string, unknown>).id === d.name || (x as Record<string, unknown>).name === d.name));
    const percent = percentOf(r?.percent ?? r?.score);
    const comment = text(r?.comment, 4);
    if (percent === undefined) fallback.push(`dimensions.${d.id}.percent`);
    if (comment === undefined) fallback.push(`dimensions.${d.id}.comment`);
    return { id: d.id, ...(percent !== undefined ? { percent } : {}), ...(comment !== undefined ? { comment } : {}) };
  });
  const overall = text(o.overall, 10);
  if (overall === undefined) fallback.push('overall');
  const notes = (Array.isArray(o.notes) ? (o.notes as unknown[]) : []).flatMap((n) => {
    const r = noteSchema.safeParse(n);
    return r.success ? [r.data] : [];
  });
  const usable = total !== undefined || overall !== undefined || dimensions.some((d) => d.percent !== undefined || d.comment !== undefined) || notes.length > 0;
  if (!usable) throw new ModelServiceError('malformed answer: no usable field (total, dimensions, overall, notes)', true);
  return { ...(total !== undefined ? { total } : {}), dimensions, ...(overall !== undefined ? { overall } : {}), notes, fallback };
}

export interface ServiceInfo {
  ok: boolean;
  model: string;
  attempts: number;
  latencyMs?: number;
  promptTokens?: number;
  completionTokens?: number;
  error?: string;
  /** fields of the model's answer that were missing or invalid, so the local judgement stands for them */
  fallback?: string[];
}

/** What the model service is told about the task besides the essay. */
export interface ReviewTask {
  requirements?: string[];
  /** a few comments from the teacher's comment library: the voice the teacher writes in */
  commentStyle?: string[];
}

const SCALE_TEXT: Record<number, { zh: string; en: string }> = {
  1: { zh: 'A（≥85）/ B（≥70）/ C', en: 'A (≥85) / B (≥70) / C' },
  2: { zh: '优秀（≥85）/ 良好（≥75）/ 中等（≥60）/ 较差', en: 'excellent (≥85) / good (≥75) / medium (≥60) / poor' },
  3: { zh: '分数（按满分折算，内部按百分制）', en: 'points (scaled from percent to the full mark)' },
  4: { zh: '甲（≥85）/ 乙（≥75）/ 丙（≥60）/ 丁', en: 'Jia (≥85) / Yi (≥75) / Bing (≥60) / Ding' },
};

/** The prompt: rubric, grade, local evidence and the teacher's comment style, then the essay. */
export function promptFor(result: CorrectionResult, transcript: string, task: ReviewTask): ChatMessage[] {
  const zh = result.lang === 'zh';
  const a = result.analysis;
  const sentence = (start: number) => a.sentences.find((s) => start >= s.start && start < s.end)?.text;
  const context = {
    task: { title: result.title, grade: result.grade, genre: result.genre, requirements: task.requirements ?? [], lengthExpected: { min: a.length.min, target: a.length.target } },
    rubric: {
      scale: result.score ? SCALE_TEXT[result.score.scoreType]?.[result.lang] : undefined,
      difficulty: result.score?.difficulty === 1 ? (zh ? '从严（考试）' : 'strict (exam)') : zh ? '常规' : 'normal',
      dimensions: result.score?.dimensions.map((d) => ({ id: d.id, name: d.name, localPercent: d.percent, localLabel: d.label, evidence: d.evidence.map((e) => `${e.feature}=${e.value}`) })),
    },
    localEvidence: {
      totalPercent: result.score?.percent,
      hanCount: a.hanCount,
      paragraphs: a.paragraphs.length,
      sentences: a.sentences.length,
      goodSentences: a.goodSentences.map((g) => sentence(g.start)).filter(Boolean).slice(0, 5),
      rhetoric: a.rhetoric.map((r) => ({ kind: r.kind, sentence: sentence(r.start) })).slice(0, 8),
      wrongCharacters: a.wrongChars.map((w) => ({ text: w.wrong, fix: w.fix, word: w.word })),
      punctuationIssues: a.punctuation.map((p) => ({ kind: p.kind, found: p.found })).slice(0, 10),
      requirements: a.relevance.requirements.map((r) => ({ requirement: r.requirement, met: r.met })),
      flags: result.flags.map((f) => f.code),
      localComment: result.comments.overall,
    },
    teacherStyle: (task.commentStyle ?? []).slice(0, 6),
  };
  const system = zh
    ? '你是经验丰富的语文老师，按给定的评分标准为中小学生作文评分并写评语。只根据作文内容评价，参考本地分析的证据（字数、好句、修辞、错别字、标点）。某个维度只有写得好才表扬，写得弱才提出建议，不要同时既表扬又批评；引用作文时要引用完整的句子。评语用适合该年级学生的自然中文，语气参照 teacherStyle 中老师自己的评语。notes 的 quote 必须逐字摘自作文原文。按给定 JSON 结构输出：total 与每个维度的 percent 为 0-100 的数字。'
    : 'You are an experienced Chinese-language teacher marking a school essay against the given rubric. Judge only from the essay, using the local evidence (length, good sentences, devices, wrong characters, punctuation). Praise a dimension only when it is strong and advise only when it is weak, never both; quote whole sentences. Write comments in English in the voice of the teacher’s own comments (teacherStyle). Every note quote must be copied verbatim from the essay. Answer in the given JSON structure: total and each dimension percent are numbers 0-100.';
  const user = `${zh ? '评分标准与本地分析' : 'Rubric and local analysis'}:\n${JSON.stringify(context)}\n\n${zh ? '作文全文' : 'Essay'}:\n${transcript}`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** Merge a model review into the local result field by field: what the model got right replaces the
 * local scores and comments, the rest stays local; notes are located by their quotes. */
export function applyReview(result: CorrectionResult, transcript: string, review: ModelReview, model: string): CorrectionResult {
  if (!result.score) return result;
  const score = result.score;
  const lang = result.lang;
  const fullMark = score.fullMark ?? 100;
  const percent = review.total !== undefined ? Math.round(review.total) : score.percent;
  const dims = score.dimensions.map((d) => {
    const r = review.dimensions.find((x) => x.id === d.id);
    if (r?.percent === undefined) return d;
    const p = Math.round(r.percent);
    return { ...d, ...showScore(p, score.scoreType, lang, score.scoreType === 3 ? 100 : undefined), percent: p, evidence: [...d.evidence, { feature: `model:${model}`, value: p, effect: p - d.percent, ranges: [] }] };
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
  const totalEvidence = review.total !== undefined ? [{ feature: `model:${model}`, value: percent, effect: percent - score.percent, ranges: [] }] : [];
  return {
    ...result,
    score: {
      ...score,
      ...(review.total !== undefined ? { ...showScore(percent, score.scoreType, lang, fullMark), percent, band: gradeBand(percent) } : {}),
      dimensions: dims,
      scorer: review.total !== undefined ? `model:${model}` : score.scorer,
      evidence: [...score.evidence, ...totalEvidence],
    },
    comments: {
      ...result.comments,
      overall: review.overall ?? result.comments.overall,
      dimensions: result.comments.dimensions.map((d) => {
        const r = review.dimensions.find((x) => x.id === d.id);
        return r?.comment ? { ...d, text: r.comment } : d;
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

  async review(result: CorrectionResult, transcript: string, task: ReviewTask = {}, signal?: AbortSignal): Promise<CorrectionResult & { service: ServiceInfo }> {
    if (result.status !== 'scored') return { ...result, service: { ok: true, model: this.model, attempts: 0 } };
    try {
      const r = await this.client.chatJson(promptFor(result, transcript, task), REVIEW_SCHEMA as unknown as { name: string; schema: Record<string, unknown> }, (v) => parseReview(v, result), signal);
      const review = r.json as ModelReview;
      // A model comment that contradicts its own scores or the essay is replaced by the local one.
      const gate = withConsistentComments(applyReview(result, transcript, review, this.model));
      const merged = gate.result;
      if (gate.replaced.length) {
        review.fallback.push(...gate.replaced.map((w) => `consistency:${w}`));
        this.logger.warn({ event: 'model_service_inconsistent', model: this.model, fields: gate.replaced, rules: [...new Set(gate.remaining.map((c) => c.rule))] }, 'model comments contradicted the scores or the essay; local comments kept for those fields');
      }
      if (review.fallback.length) this.logger.warn({ event: 'model_service_fallback', model: this.model, fields: review.fallback }, 'model answer partly invalid; local judgement kept for those fields');
      return { ...merged, service: { ok: true, model: this.model, attempts: r.attempts, latencyMs: r.latencyMs, ...(review.fallback.length ? { fallback: review.fallback } : {}), ...(r.promptTokens !== undefined ? { promptTokens: r.promptTokens } : {}), ...(r.completionTokens !== undefined ? { completionTokens: r.completionTokens } : {}) } };
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

import wretch, { type Wretch } from 'wretch';
import { REQUEST_TIMEOUT_MS } from '../constants';
import { translate } from '../i18n/catalogue-store';
import type { Lang } from '../i18n/language';
import type { Envelope, ErrorBody } from './contracts/envelope';
import { isErrorCode, type ClientErrorCode, type ErrorCode } from './error-codes';
import { pathOf, type RouteAnswer, type RouteDef, type RouteInput } from './routes/route';

/** What the host (app, widget, H5 page) does when the error rules of product-rules.md#errors fire. */
export interface ApiClientHandlers {
  /** Show a message to the user (antd message, Toast, or a widget's zp-error event). */
  notifyError(message: string): void;
  /** HTTP 401: token, roles and storage are cleared by the host, then it redirects. */
  onUnauthorized(): void;
  /** Server says the system expired: same clean-up, then redirect to the logout URL or reload. */
  onSystemExpired(): void;
  /** Optional: every error notifyError showed, with its status and stable key (widgets' zp-error events). */
  errorShown?(error: ApiError): void;
}

export interface ApiClientOptions {
  baseUrl: string;
  getToken: () => string | null;
  lang: () => Lang;
  handlers: ApiClientHandlers;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  /** The caller shows the error itself (e.g. inline on a form); 401 and expiry still run. */
  silent?: boolean;
  /** Send the body form-encoded (product-rules.md#api: form-typed post bodies). */
  form?: boolean;
  query?: Record<string, string | number | boolean | undefined | null>;
}

/**
 * A failed call, after the product-rules.md#errors rules ran. `error` is the server's stable key when it
 * sent a known one; callers branch on it, never on the (translated) message.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly error: ErrorCode | ClientErrorCode,
    readonly showMsg?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type RouteInputShape = { params?: Record<string, string | number>; query?: RequestOptions['query']; body?: unknown };
/** The input may be left out when the route needs none. */
type CallArgs<D> = Record<never, never> extends RouteInput<D> ? [input?: RouteInput<D>, opts?: Omit<RequestOptions, 'query'>] : [input: RouteInput<D>, opts?: Omit<RequestOptions, 'query'>];

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

function isTimeout(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** The one HTTP client every view uses (conventions: one client, only core calls fetch). */
export class ApiClient {
  private readonly base: Wretch;
  constructor(private readonly options: ApiClientOptions) {
    const base = wretch(options.baseUrl.replace(/\/$/, ''));
    this.base = options.fetch ? base.fetchPolyfill(options.fetch) : base;
  }

  get lang(): Lang {
    return this.options.lang();
  }

  /**
   * Calls a route of the core table (core/api/routes): method and path come from its declaration, the
   * input (path parameters, query, body or a FormData) and the answer are typed by its contract schemas.
   */
  call<D extends RouteDef>(def: D, ...args: CallArgs<D>): Promise<RouteAnswer<D>> {
    const [input = {}, opts = {}] = args as [RouteInputShape?, Omit<RequestOptions, 'query'>?];
    return this.send<RouteAnswer<D>>(def.method, pathOf(def, input.params), input.body, { ...opts, ...(input.query ? { query: input.query } : {}) });
  }

  get<T>(path: string, opts: RequestOptions = {}) {
    return this.send<T>('GET', path, undefined, opts);
  }
  post<T>(path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.send<T>('POST', path, body, opts);
  }
  put<T>(path: string, body?: unknown, opts: RequestOptions = {}) {
    return this.send<T>('PUT', path, body, opts);
  }
  delete<T>(path: string, opts: RequestOptions = {}) {
    return this.send<T>('DELETE', path, undefined, opts);
  }

  /** Multipart upload (FormData: files and fields); the browser sets the boundary. */
  upload<T>(path: string, form: FormData, opts: RequestOptions = {}) {
    return this.send<T>('POST', path, form, opts);
  }

  /** A binary answer (PDF, image) as a Blob, with the same auth and error rules. */
  async blob(path: string, opts: RequestOptions = {}): Promise<Blob> {
    const response = await this.raw('GET', path, undefined, opts);
    return response.blob();
  }

  /**
   * Server-sent events over fetch, so the bearer token travels in a header (EventSource cannot send
   * one). Calls onEvent for each event until the stream ends or the signal aborts.
   */
  async events(path: string, onEvent: (event: string, data: string) => void, opts: RequestOptions & { signal?: AbortSignal } = {}): Promise<void> {
    const response = await this.raw('GET', path, undefined, { ...opts, stream: true });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
        }
        if (data.length) onEvent(event, data.join('\n'));
      }
    }
  }

  private async send<T>(method: string, path: string, body: unknown, opts: RequestOptions): Promise<T> {
    const response = await this.raw(method, path, body, opts);
    if (response.status === 204) return undefined as T;
    const envelope = (await response.json()) as Envelope<T>;
    return envelope.data;
  }

  private async raw(method: string, path: string, body: unknown, opts: RequestOptions & { signal?: AbortSignal; stream?: boolean }): Promise<Response> {
    const lang = this.options.lang();
    const token = this.options.getToken();
    // A stream stays open as long as the server sends; it ends with the caller's signal instead.
    const signal = opts.stream ? (opts.signal ?? new AbortController().signal) : AbortSignal.timeout(this.options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    let req = this.base
      .url(path + queryString(opts.query))
      .headers({ 'Accept-Language': lang === 'en' ? 'en' : 'zh-CN' })
      .options({ signal });
    if (token) req = req.auth(`Bearer ${token}`);
    try {
      if (body === undefined) return await req.fetch(method).res();
      if (typeof FormData !== 'undefined' && body instanceof FormData) return await req.body(body).fetch(method).res();
      if (opts.form) {
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(body as Record<string, unknown>)) if (v !== undefined && v !== null) form.set(k, String(v));
        return await req.content('application/x-www-form-urlencoded').body(form.toString()).fetch(method).res();
      }
      return await req.json(body as object).fetch(method).res();
    } catch (err) {
      throw await this.toApiError(err, lang, opts);
    }
  }

  /** Applies product-rules.md#errors in order: network, timeout, 401, SYSTEM_EXPIRED, then message / showMsg / fallback. */
  private async toApiError(err: unknown, lang: Lang, opts: RequestOptions): Promise<ApiError> {
    const h = this.options.handlers;
    const shown = (error: ApiError) => {
      h.notifyError(error.message);
      h.errorShown?.(error);
      return error;
    };
    const status = (err as { status?: number }).status;
    if (status === undefined) {
      const timeout = isTimeout(err);
      const error = new ApiError(translate(lang, timeout ? 'error.timeout' : 'error.network'), 0, timeout ? 'TIMEOUT' : 'NETWORK');
      return opts.silent ? error : shown(error);
    }
    let body: Partial<ErrorBody> = {};
    try {
      // wretch puts the response body text in the error's message.
      body = JSON.parse((err as Error).message) as Partial<ErrorBody>;
    } catch {
      /* not JSON: fall through to the fallback message */
    }
    // A key this client does not know (a proxy's page, a newer server) is no key to branch on.
    const code = isErrorCode(body.error) ? body.error : undefined;
    if (status === 401) {
      const error = shown(new ApiError(translate(lang, 'error.unauthorized'), 401, code ?? 'UNAUTHORIZED'));
      h.onUnauthorized();
      return error;
    }
    if (code === 'SYSTEM_EXPIRED') {
      const error = shown(new ApiError(translate(lang, 'error.systemExpired'), status, code));
      h.onSystemExpired();
      return error;
    }
    const message = body.showMsg || body.message || translate(lang, 'error.fallback');
    const error = new ApiError(message, status, code ?? 'ERROR', body.showMsg, body.details);
    return opts.silent ? error : shown(error);
  }
}

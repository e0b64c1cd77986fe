import wretch, { type Wretch } from 'wretch';
import { REQUEST_TIMEOUT_MS } from '../constants';
import { translate, type Lang } from '../i18n';
import type { Envelope, ErrorBody } from './contracts/envelope';

/** What the host (app, widget, H5 page) does when the error rules of spec §8 fire. */
export interface ApiClientHandlers {
  /** Show a message to the user (antd message, Toast, or a widget's zp-error event). */
  notifyError(message: string): void;
  /** HTTP 401: token, roles and storage are cleared by the host, then it redirects. */
  onUnauthorized(): void;
  /** Server says the system expired: same clean-up, then redirect to the logout URL or reload. */
  onSystemExpired(): void;
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
  /** Send the body form-encoded (spec §7: form-typed post bodies). */
  form?: boolean;
  query?: Record<string, string | number | boolean | undefined | null>;
}

/** A failed call, after the spec §8 rules ran. `error` is the server's stable key when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly error: string,
    readonly showMsg?: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const SYSTEM_EXPIRED_MARKER = '系统已到期,请联系管理员';

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

  private async send<T>(method: string, path: string, body: unknown, opts: RequestOptions): Promise<T> {
    const lang = this.options.lang();
    const token = this.options.getToken();
    let req = this.base
      .url(path + queryString(opts.query))
      .headers({ 'Accept-Language': lang === 'en' ? 'en' : 'zh-CN' })
      .options({ signal: AbortSignal.timeout(this.options.timeoutMs ?? REQUEST_TIMEOUT_MS) });
    if (token) req = req.auth(`Bearer ${token}`);
    try {
      let response: Response;
      if (body === undefined) {
        response = await req.fetch(method).res();
      } else if (opts.form) {
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(body as Record<string, unknown>)) if (v !== undefined && v !== null) form.set(k, String(v));
        response = await req.content('application/x-www-form-urlencoded').body(form.toString()).fetch(method).res();
      } else {
        response = await req.json(body as object).fetch(method).res();
      }
      if (response.status === 204) return undefined as T;
      const envelope = (await response.json()) as Envelope<T>;
      return envelope.data;
    } catch (err) {
      throw await this.toApiError(err, lang, opts);
    }
  }

  /** Applies spec §8 in order: network, timeout, 401, expiry marker, then message / showMsg / fallback. */
  private async toApiError(err: unknown, lang: Lang, opts: RequestOptions): Promise<ApiError> {
    const h = this.options.handlers;
    const status = (err as { status?: number }).status;
    if (status === undefined) {
      const timeout = isTimeout(err);
      const message = translate(lang, timeout ? 'error.timeout' : 'error.network');
      if (!opts.silent) h.notifyError(message);
      return new ApiError(message, 0, timeout ? 'TIMEOUT' : 'NETWORK');
    }
    let body: Partial<ErrorBody> = {};
    try {
      // wretch puts the response body text in the error's message.
      body = JSON.parse((err as Error).message) as Partial<ErrorBody>;
    } catch {
      /* not JSON: fall through to the fallback message */
    }
    if (status === 401) {
      const message = translate(lang, 'error.unauthorized');
      h.notifyError(message);
      h.onUnauthorized();
      return new ApiError(message, 401, body.error ?? 'UNAUTHORIZED');
    }
    if (body.message?.includes(SYSTEM_EXPIRED_MARKER)) {
      const message = translate(lang, 'error.systemExpired');
      h.notifyError(message);
      h.onSystemExpired();
      return new ApiError(message, status, body.error ?? 'SYSTEM_EXPIRED');
    }
    const message = body.showMsg || body.message || translate(lang, 'error.fallback');
    if (!opts.silent) h.notifyError(message);
    return new ApiError(message, status, body.error ?? 'ERROR', body.showMsg, body.details);
  }
}

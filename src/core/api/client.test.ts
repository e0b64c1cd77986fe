import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Lang } from '../i18n';
import { loadCatalogue } from '../i18n/catalogue-store';
import { wholeCatalogues } from '../i18n/whole-catalogues';
import { ApiClient, ApiError, type RequestOptions } from './client';

interface Captured {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

type Responder = (req: Captured, signal: AbortSignal | undefined) => Promise<Response> | Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// The client's messages come from the page's catalogues, fetched before the page renders.
beforeAll(async () => {
  await Promise.all([loadCatalogue('zh', wholeCatalogues), loadCatalogue('en', wholeCatalogues)]);
});

function setup(respond: Responder, opts: { token?: string | null; lang?: Lang; timeoutMs?: number } = {}) {
  const handlers = { notifyError: vi.fn<(m: string) => void>(), onUnauthorized: vi.fn(), onSystemExpired: vi.fn() };
  const requests: Captured[] = [];
  const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req: Captured = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    };
    requests.push(req);
    return respond(req, init?.signal ?? undefined);
  }) as typeof fetch;
  const client = new ApiClient({
    baseUrl: 'http://api.test/correction-api/',
    getToken: () => (opts.token === undefined ? 'tok-1' : opts.token),
    lang: () => opts.lang ?? 'zh',
    handlers,
    timeoutMs: opts.timeoutMs,
    fetch: fakeFetch,
  });
  return { client, handlers, requests };
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('ApiClient success', () => {
  it('unwraps data from the envelope', async () => {
    const { client, handlers } = setup(() => json(200, { code: 200, message: 'ok', data: { id: 7, name: '班级' } }));
    await expect(client.get('/x')).resolves.toEqual({ id: 7, name: '班级' });
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });

  it('returns undefined for 204 No Content', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.delete('/x')).resolves.toBeUndefined();
  });

  it('joins the base URL and path, and encodes query params, skipping empty ones', async () => {
    const { client, requests } = setup(() => json(200, { code: 200, message: 'ok', data: null }));
    await client.get('/platform-management/list', { query: { name: '张 三&李', page: 2, on: true, skip: undefined, none: null } });
    const url = new URL(requests[0]!.url);
    expect(url.origin + url.pathname).toBe('http://api.test/correction-api/platform-management/list');
    expect(url.searchParams.get('name')).toBe('张 三&李');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('on')).toBe('true');
    expect(url.searchParams.has('skip')).toBe(false);
    expect(url.searchParams.has('none')).toBe(false);
    expect(requests[0]!.url).not.toContain(' ');
  });
});

describe('ApiClient headers and bodies', () => {
  it('sends Authorization Bearer and Chinese Accept-Language', async () => {
    const { client, requests } = setup(() => json(200, { code: 200, message: 'ok', data: 1 }));
    await client.get('/x');
    expect(requests[0]!.method).toBe('GET');
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer tok-1');
    expect(requests[0]!.headers.get('accept-language')).toBe('zh-CN');
  });

  it('sends Accept-Language en for English', async () => {
    const { client, requests } = setup(() => json(200, { code: 200, message: 'ok', data: 1 }), { lang: 'en' });
    await client.get('/x');
    expect(requests[0]!.headers.get('accept-language')).toBe('en');
  });

  it('sends no Authorization header without a token', async () => {
    const { client, requests } = setup(() => json(200, { code: 200, message: 'ok', data: 1 }), { token: null });
    await client.get('/x');
    expect(requests[0]!.headers.has('authorization')).toBe(false);
  });

  it('sends a JSON body by default', async () => {
    const { client, requests } = setup(() => json(200, { code: 200, message: 'ok', data: 1 }));
    await client.post('/x', { a: 1, b: '二' });
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(requests[0]!.body!)).toEqual({ a: 1, b: '二' });
  });

  it('sends a form-encoded body with the form option, dropping empty fields', async () => {
    const { client, requests } = setup(() => json(200, { code: 200, message: 'ok', data: 1 }));
    await client.put('/x', { minute: 60, manual: 1, name: 'a b&c', skip: undefined }, { form: true });
    expect(requests[0]!.method).toBe('PUT');
    expect(requests[0]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(requests[0]!.body!))).toEqual({ minute: '60', manual: '1', name: 'a b&c' });
  });
});

describe('ApiClient network errors (product-rules.md#errors)', () => {
  it('reports a network failure as 网络中断 with status 0', async () => {
    const { client, handlers } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = await failure(client.get('/x'));
    expect(err.status).toBe(0);
    expect(err.message).toBe('网络中断');
    expect(handlers.notifyError).toHaveBeenCalledWith('网络中断');
  });

  it('reports a timeout as 网络超时', async () => {
    const { client, handlers } = setup(
      (_req, signal) =>
        new Promise<Response>((_resolve, reject) => {
          signal!.addEventListener('abort', () => reject(signal!.reason));
        }),
      { timeoutMs: 20 },
    );
    const err = await failure(client.get('/slow'));
    expect(err.status).toBe(0);
    expect(err.error).toBe('TIMEOUT');
    expect(handlers.notifyError).toHaveBeenCalledWith('网络超时');
  });

  it('uses the English messages for English', async () => {
    const { client, handlers } = setup(() => Promise.reject(new TypeError('Failed to fetch')), { lang: 'en' });
    await failure(client.get('/x'));
    expect(handlers.notifyError).toHaveBeenCalledTimes(1);
    expect(handlers.notifyError.mock.calls[0]![0]).not.toBe('网络中断');
  });

  it('does not notify a silent request of a network failure, but still rejects', async () => {
    const { client, handlers } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = await failure(client.get('/x', { silent: true }));
    expect(err.message).toBe('网络中断');
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });
});

describe('ApiClient HTTP 401 and system expiry (product-rules.md#errors)', () => {
  it.each<[string, RequestOptions]>([
    ['a normal request', {}],
    ['a silent request', { silent: true }],
  ])('on 401 for %s shows 登录失效，请重新登录 and calls onUnauthorized', async (_label, opts) => {
    const { client, handlers } = setup(() => json(401, { code: 401, error: 'UNAUTHORIZED', message: 'token expired' }));
    const err = await failure(client.get('/x', opts));
    expect(err.status).toBe(401);
    expect(handlers.notifyError).toHaveBeenCalledWith('登录失效，请重新登录');
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(handlers.onSystemExpired).not.toHaveBeenCalled();
  });

  it('handles a 401 whose body is not JSON', async () => {
    const { client, handlers } = setup(() => new Response('Unauthorized', { status: 401 }));
    const err = await failure(client.get('/x'));
    expect(err.status).toBe(401);
    expect(handlers.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it.each<[string, RequestOptions]>([
    ['a normal request', {}],
    ['a silent request', { silent: true }],
  ])('on the system-expired marker for %s shows the re-login message and calls onSystemExpired', async (_label, opts) => {
    const { client, handlers } = setup(() =>
      json(403, { code: 403, error: 'SYSTEM_EXPIRED', message: '当前学校系统已到期,请联系管理员续费' }),
    );
    const err = await failure(client.post('/x', {}, opts));
    expect(err.message).toBe('获取数据失败，请重新登录或联系管理员');
    expect(handlers.notifyError).toHaveBeenCalledWith('获取数据失败，请重新登录或联系管理员');
    expect(handlers.onSystemExpired).toHaveBeenCalledTimes(1);
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
  });

  it('knows an expired school by its code, whatever the message says', async () => {
    const { client, handlers } = setup(() => json(403, { code: 403, error: 'SYSTEM_EXPIRED', message: 'The school has expired' }), { lang: 'en' });
    const err = await failure(client.get('/x'));
    expect(err.error).toBe('SYSTEM_EXPIRED');
    expect(handlers.onSystemExpired).toHaveBeenCalledTimes(1);
  });

  it('does not take the expiry text under another code for an expired school', async () => {
    const { client, handlers } = setup(() => json(400, { code: 400, error: 'BAD_INPUT', message: '系统已到期,请联系管理员' }));
    const err = await failure(client.get('/x'));
    expect(err.error).toBe('BAD_INPUT');
    expect(handlers.onSystemExpired).not.toHaveBeenCalled();
  });
});

describe('ApiClient other server errors (product-rules.md#errors)', () => {
  it('shows showMsg first', async () => {
    const { client, handlers } = setup(() => json(400, { code: 400, error: 'BAD_INPUT', message: 'technical', showMsg: '请填写标题' }));
    const err = await failure(client.post('/x', { a: 1 }));
    expect(err.message).toBe('请填写标题');
    expect(err.showMsg).toBe('请填写标题');
    expect(err.error).toBe('BAD_INPUT');
    expect(err.status).toBe(400);
    expect(handlers.notifyError).toHaveBeenCalledWith('请填写标题');
  });

  it('shows the message when there is no showMsg, and keeps details', async () => {
    const { client, handlers } = setup(() => json(422, { code: 422, error: 'VALIDATION', message: '请求参数有误', details: { field: 'title' } }));
    const err = await failure(client.get('/x'));
    expect(err.message).toBe('请求参数有误');
    expect(err.details).toEqual({ field: 'title' });
    expect(handlers.notifyError).toHaveBeenCalledWith('请求参数有误');
  });

  it.each([
    ['an HTML body', () => new Response('<html>502 Bad Gateway</html>', { status: 502 })],
    ['an empty body', () => new Response(null, { status: 500 })],
    ['a JSON body without message', () => json(500, { code: 500, error: 'INTERNAL' })],
  ])('falls back to 异常处理，联系管理员! for %s', async (_label, make) => {
    const { client, handlers } = setup(make);
    const err = await failure(client.get('/x'));
    expect(err.message).toBe('异常处理，联系管理员!');
    expect(handlers.notifyError).toHaveBeenCalledWith('异常处理，联系管理员!');
    expect(handlers.onUnauthorized).not.toHaveBeenCalled();
  });

  it('gives a key it does not know as ERROR, so no caller branches on it', async () => {
    const { client } = setup(() => json(400, { code: 400, error: 'FST_SOMETHING', message: '请求参数有误' }));
    const err = await failure(client.get('/x'));
    expect(err.error).toBe('ERROR');
    expect(err.message).toBe('请求参数有误');
  });

  it('does not notify a silent request, but rejects with the message', async () => {
    const { client, handlers } = setup(() => json(400, { code: 400, error: 'BAD_CREDENTIALS', message: '用户名或密码错误' }));
    const err = await failure(client.post('/login', { u: 'a' }, { silent: true }));
    expect(err.message).toBe('用户名或密码错误');
    expect(err.error).toBe('BAD_CREDENTIALS');
    expect(handlers.notifyError).not.toHaveBeenCalled();
  });
});

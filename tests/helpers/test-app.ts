import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../src/server/app';
import type { ServiceDeps } from '../../src/server/services/deps';
import type { Database } from '../../src/server/db/database';
import { loadPasswordCipher } from '../../src/server/auth/rsa-keys';
import { loadConfig } from '../../src/server/config';
import { createDeps } from '../../src/server/create-deps';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-school';
import type { SmsProvider } from '../../src/server/services/sms-provider';
import { encryptPassword } from '../../src/core/security/encrypt-password';
import { createSeededTestDatabase, type DbKind } from './test-database';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { students } from '../../src/server/db/schema';
import { studentCode } from '../../src/server/services/security/student-code';
import { eq } from 'drizzle-orm';
import { pathOf, type RouteAnswer, type RouteDef, type RouteInput } from '../../src/core/api/routes/route';
import { API_BASE } from '../../src/server/routes/define-route';
import { auth as authRoutes } from '../../src/core/api/routes/auth';

export interface SentSms {
  phone: string;
  message: string;
}

export interface CallOptions {
  token?: string;
  lang?: 'zh' | 'en';
  ip?: string;
  headers?: Record<string, string>;
  /** Bytes sent as they are (multipart bodies), instead of the input's JSON body. */
  payload?: Buffer | string;
}
type RawCall = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, opts?: CallOptions & { body?: unknown }) => Promise<LightMyRequestResponse>;
/** The answer of a declared route: the status and the parsed body, typed as the success envelope with the error fields beside. */
export interface RouteResponse<D> {
  status: number;
  body: { code: number; message: string; data: RouteAnswer<D>; error?: string; showMsg?: string; details?: unknown };
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

/** The URL of a declared route with its path parameters and query (undefined values left out). */
export function routeUrl(def: RouteDef, input: { params?: Record<string, string | number>; query?: unknown } = {}): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries((input.query ?? {}) as Record<string, unknown>)) if (v !== undefined) query.set(k, String(v));
  const qs = query.toString();
  return `${API_BASE}${pathOf(def, input.params)}${qs ? `?${qs}` : ''}`;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database & { url?: string };
  sms: SentSms[];
  clock: { offsetMs: number };
  encrypt(plain: string): Promise<string>;
  /** Signs a demo account in and returns its token. */
  login(username: string, password?: string): Promise<string>;
  /** A declared route: `call(writings.list, { query }, { token })` → `{ status, body }` typed by its contracts. */
  call<D extends RouteDef>(def: D, input: RouteInput<D>, opts?: CallOptions): Promise<RouteResponse<D>>;
  /** By method and URL, for what the route table does not type: raw bytes, pages, malformed requests. */
  call(method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, opts?: CallOptions & { body?: unknown }): Promise<LightMyRequestResponse>;
  lastSmsCode(phone: string): string;
  /** Another server process on the same database (its own services and in-memory state), for limits shared across processes. */
  twin(): Promise<{ call: TestApp['call']; close(): Promise<void> }>;
  /** A student's own code for the H5 pages (学生码), as the teacher's class list shows it. */
  studentCode(studentId: number): Promise<string>;
  close(): Promise<void>;
}

/** The real app on a real, freshly seeded database, with an SMS sink the test can read. */
export async function createTestApp(kind: DbKind, opts: { basicDataUrl?: string; deps?: Partial<Pick<ServiceDeps, 'ocr' | 'modelService' | 'storage' | 'rotateMaxPixels' | 'uploadMaxBytes' | 'publicUrl' | 'copyCheck'>>; jobs?: AppOptions['jobs']; distDir?: string; corsOrigins?: string[]; nodeEnv?: string; apiDocs?: boolean; env?: Record<string, string> } = {}): Promise<TestApp> {
  const database = await createSeededTestDatabase(kind);
  const sms: SentSms[] = [];
  const smsProvider: SmsProvider = { send: async (phone, message) => void sms.push({ phone, message }) };
  const clock = { offsetMs: 0 };
  // The server's own createDeps on a fixed environment (not the test runner's): OCR in the job's thread,
  // copy detection off (the tests hand one fixture page in for many pupils), the rest as a server has it;
  // `env` adds variables as an operator would set them (AI_OCR_MODEL, ...).
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-test-secret-test-secret!', COPY_CHECK: 'off', OCR_THREADS: '0', ...(opts.basicDataUrl ? { BASIC_DATA_URL: opts.basicDataUrl } : {}), ...opts.env });
  const { services } = await createDeps(config, {
    database,
    overrides: { cipher: loadPasswordCipher(), sms: smsProvider, now: () => new Date(Date.now() + clock.offsetMs), powWork: { min: 1, max: 200 }, storage: new MemoryFileStorage(), ...opts.deps },
  });
  const { db: _db, ...deps } = services;
  const { cipher, signer } = deps;
  const build = async (jobs: AppOptions['jobs'] | undefined) => {
    const built = await buildApp({
      database,
      deps,
      englishHosts: ['english.example'],
      nodeEnv: opts.nodeEnv ?? 'test',
      ...(opts.apiDocs !== undefined ? { apiDocs: opts.apiDocs } : {}),
      ...(opts.distDir ? { distDir: opts.distDir } : {}),
      ...(opts.corsOrigins ? { corsOrigins: opts.corsOrigins } : {}),
      ...(jobs !== undefined ? { jobs } : {}),
    });
    await built.ready();
    return built;
  };
  const app = await build(opts.jobs);
  const encrypt = (plain: string) => encryptPassword(plain, cipher.publicKeySpki);

  const rawOn = (app: FastifyInstance): RawCall => (method, url, opts = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        'accept-language': opts.lang === 'en' ? 'en' : 'zh-CN',
        ...opts.headers,
      },
      remoteAddress: opts.ip ?? '127.0.0.1',
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
      ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
    });
  const callOn = (app: FastifyInstance): TestApp['call'] => {
    const raw = rawOn(app);
    return ((first: string | RouteDef, second: unknown, third?: CallOptions) => {
      if (typeof first === 'string') return raw(first as 'GET', second as string, third as CallOptions & { body?: unknown });
      const input = (second ?? {}) as { params?: Record<string, string | number>; query?: unknown; body?: unknown };
      return raw(first.method, routeUrl(first, input), { ...third, ...(input.body !== undefined ? { body: input.body } : {}) }).then((res) => ({
        status: res.statusCode,
        // a body that is not JSON (a page, a file) is left for `raw`
        body: /json/.test(String(res.headers['content-type'] ?? '')) ? res.json() : undefined,
        headers: res.headers,
        raw: res,
      }));
    }) as TestApp['call'];
  };
  const call = callOn(app);

  return {
    app,
    database,
    sms,
    clock,
    encrypt,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const res = await call(authRoutes.loginTeacher, { body: { username, password: await encrypt(password) } }, { ip: `127.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.raw.body}`);
      return res.body.data.token;
    },
    lastSmsCode(phone) {
      const msg = [...sms].reverse().find((s) => s.phone === phone);
      const code = msg?.message.match(/\d{6}/)?.[0];
      if (!code) throw new Error(`no SMS code sent to ${phone}`);
      return code;
    },
    async twin() {
      const other = await build(false);
      return { call: callOn(other), close: () => other.close() };
    },
    async studentCode(studentId) {
      const [row] = await database.db.select({ schoolId: students.schoolId }).from(students).where(eq(students.id, studentId));
      if (!row) throw new Error(`no student ${studentId}`);
      return studentCode(signer, row.schoolId, studentId);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

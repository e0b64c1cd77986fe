import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadPasswordCipher } from '../../src/server/auth/rsa-keys';
import { TokenSigner } from '../../src/server/auth/tokens';
import { openDatabase, type Database } from '../../src/server/db/database';
import { identities, users } from '../../src/server/db/schema';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { sessionCacheOf } from '../../src/server/services/session-cache';
import { SYS } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { auth as authRoutes } from '../../src/core/api/routes/auth';

const INFO = `${SYS}/auth/info`;

/** Counts the SQL statements a database client is sent (PGlite's query/exec, the pg pool's query). */
function countQueries(database: Database): { readonly n: number; stop(): void } {
  const client = (database.db as unknown as { $client: Record<string, (...a: unknown[]) => unknown> }).$client;
  const names = ['query', 'exec'].filter((m) => typeof client[m] === 'function');
  const originals = names.map((m) => client[m]!);
  const counter = { n: 0, stop: () => names.forEach((m, i) => (client[m] = originals[i]!)) };
  names.forEach((m, i) => {
    client[m] = function (this: unknown, ...args: unknown[]) {
      counter.n++;
      if (process.env.DEBUG_QUERIES) console.log('query', String((args[0] as { text?: string })?.text ?? args[0]).slice(0, 200));
      return originals[i]!.apply(this, args);
    };
  });
  return counter;
}

/** Waits until `check` is true (a NOTIFY travels on another connection), returning the ms it took. */
async function until(check: () => Promise<boolean>, maxMs = 10_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > maxMs) throw new Error(`not true within ${maxMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe.each(databaseKinds())('session cache on %s', (kind) => {
  let t: TestApp;
  const status = async (token: string) => (await t.call(authRoutes.info, {}, { token })).status;

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
  });
  afterAll(() => t?.close());

  it('a cached token resolves without SQL: auth/info sends no statement on a hit', async () => {
    const token = await t.login('teacher01');
    expect(await status(token)).toBe(200); // miss: read and kept
    const counter = countQueries(t.database);
    try {
      const res = await t.call(authRoutes.info, {}, { token });
      expect(res.status).toBe(200);
      expect(res.body.data.username).toBe('teacher01');
    } finally {
      counter.stop();
    }
    expect(counter.n).toBe(0);
    expect(sessionCacheOf(t.database.db)!.size).toBeGreaterThan(0);
  });

  it('logout refuses the token at once', async () => {
    const token = await t.login('teacher01');
    expect(await status(token)).toBe(200);
    expect((await t.call(authRoutes.logout, {}, { token })).status).toBe(200);
    expect(await status(token)).toBe(401);
  });

  it('a change written by any code or tool is heard through the triggers: revoked session, disabled user, changed role', async () => {
    const token = await t.login('classrole01');
    expect(await status(token)).toBe(200);
    // revoked straight in the database (an operator, another process)
    await t.database.db.execute(sql`update sessions set revoked_at = now() where user_id = (select id from users where username = 'classrole01')`);
    await until(async () => (await status(token)) === 401);

    const again = await t.login('principal01');
    expect(await status(again)).toBe(200);
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.username, 'principal01'));
    try {
      await until(async () => (await status(again)) === 401);
    } finally {
      await t.database.db.update(users).set({ disabled: false }).where(eq(users.username, 'principal01'));
    }

    const head = await t.login('teacherB01');
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'teacherB01'));
    const roleOf = async () => (await t.call(authRoutes.info, {}, { token: head })).body.data.roleId as number;
    const before = await roleOf();
    await t.database.db.update(identities).set({ roleId: 6 }).where(eq(identities.userId, user!.id));
    try {
      await until(async () => (await roleOf()) === 6);
    } finally {
      await t.database.db.update(identities).set({ roleId: before }).where(eq(identities.userId, user!.id));
    }
  });

  it('a password change refuses every other token of the user', async () => {
    const [a, b] = [await t.login('headmaster01'), await t.login('headmaster01')];
    expect([await status(a), await status(b)]).toEqual([200, 200]);
    const res = await t.call(authRoutes.changePassWord, { body: { oldPass: await t.encrypt('Zhipi@2026'), newPass: await t.encrypt('Zhipi@2027new') } }, { token: a });
    expect(res.status, res.raw.body).toBe(200);
    expect(await status(b)).toBe(401);
  });
});

// Two processes: two apps, each on its own connection pool, LISTEN connection and session cache.
describe.runIf(!!process.env.TEST_DATABASE_URL)('session cache across processes on postgres', () => {
  let t: TestApp;
  let other: { app: FastifyInstance; database: Database };

  beforeAll(async () => {
    t = await createTestApp('postgres', { jobs: false });
    const database = await openDatabase({ kind: 'postgres', url: t.database.url! });
    const app = await buildApp({
      database,
      deps: { signer: new TokenSigner(new TextEncoder().encode('test-secret-test-secret-test-secret!')), cipher: loadPasswordCipher(), sms: { send: async () => undefined }, now: () => new Date(), storage: new MemoryFileStorage() },
      englishHosts: [],
      nodeEnv: 'test',
      jobs: false,
    });
    await app.ready();
    other = { app, database };
  });
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
    await t?.close();
  });

  it('a token signed out on one process is refused by the other as soon as the notification lands', async () => {
    const token = await t.login('teacher01');
    const onOther = async () => (await other.app.inject({ method: 'GET', url: INFO, headers: { authorization: `Bearer ${token}` } })).statusCode;
    expect(await onOther()).toBe(200);
    expect(await onOther()).toBe(200); // cached there now
    expect(sessionCacheOf(other.database.db)!.size).toBeGreaterThan(0);
    expect((await t.call(authRoutes.logout, {}, { token })).status).toBe(200);
    const ms = await until(async () => (await onOther()) === 401, 5000);
    console.info(`revoked token refused by the other process after ${ms} ms (load ${(await import('node:os')).loadavg()[0]!.toFixed(1)})`);
    expect(ms).toBeLessThan(5000);
  });
});

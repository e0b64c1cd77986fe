// Notifications between the processes of one database (PostgreSQL LISTEN/NOTIFY). A NOTIFY sent inside
// a transaction is delivered when it commits, and not at all when it rolls back, so a listener never
// hears of a job, a progress step or a revoked session before the row says so. PGlite (one process)
// implements the same commands in process, so both kinds share this interface and every caller.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Executor } from './database';

/** The channels in use; payloads are short strings (a job kind, a dedupe key, a session scope). */
export const CHANNELS = {
  /** A job was enqueued (payload: its kind): runners claim at once. */
  jobs: 'zhipi_jobs',
  /** A job's progress or state changed (payload: its dedupe key, `job:<id>` without one). */
  progress: 'zhipi_progress',
  /** Sessions, users, identities or schools changed (payload: `s:<sessionId>`, `u:<userId>`, `sc:<schoolId>`; sent by triggers). */
  auth: 'zhipi_auth',
} as const;

export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

export interface DbEvents {
  /** Calls `fn` for every notification on `channel`, from any process on this database (this one included). Resolves once listening. */
  listen(channel: Channel, fn: (payload: string) => void): Promise<() => void>;
  /**
   * Calls `fn` after the listening connection was lost and is back: notifications sent meanwhile were
   * missed, so a listener refreshes what it keeps (caches are dropped, runners look for work).
   */
  onReconnect(fn: () => void): () => void;
  close(): Promise<void>;
}

/** Sends a notification through `db` (inside a transaction: delivered when it commits). */
export async function notify(db: Executor, channel: Channel, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

type Fanout = Map<string, Set<(payload: string) => void>>;

function dispatch(fanout: Fanout, channel: string, payload: string) {
  for (const fn of fanout.get(channel) ?? []) {
    try {
      fn(payload);
    } catch {
      // one listener's failure must not starve the others
    }
  }
}

/** PGlite: its own listen() runs LISTEN on the one connection and calls back after each query. */
export function pgliteEvents(client: PGlite): DbEvents {
  const fanout: Fanout = new Map();
  const unlisteners = new Map<string, Promise<unknown>>();
  return {
    async listen(channel, fn) {
      let set = fanout.get(channel);
      if (!set) fanout.set(channel, (set = new Set()));
      set.add(fn);
      if (!unlisteners.has(channel)) unlisteners.set(channel, client.listen(channel, (payload) => dispatch(fanout, channel, payload)));
      await unlisteners.get(channel);
      return () => void set.delete(fn);
    },
    onReconnect: () => () => undefined,
    async close() {
      fanout.clear();
    },
  };
}

interface PgEventsOptions {
  log?: (msg: string) => void;
  /** First delay before reconnecting; doubles up to 30 s. */
  retryMs?: number;
}

/**
 * PostgreSQL: one dedicated connection per process (LISTEN holds its connection, so it cannot come
 * from the pool), opened on the first listen and reopened with backoff when it drops.
 */
export function postgresEvents(url: string, o: PgEventsOptions = {}): DbEvents {
  const fanout: Fanout = new Map();
  const reconnects = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retry = o.retryMs ?? 500;
  let retryTimer: NodeJS.Timeout | undefined;

  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (n) => dispatch(fanout, n.channel, n.payload ?? ''));
      c.on('error', (err) => lost(c, err));
      c.on('end', () => lost(c));
      await c.connect();
      for (const channel of fanout.keys()) await c.query(`LISTEN ${quote(channel)}`);
      client = c;
      retry = o.retryMs ?? 500;
      return c;
    })().catch((err: unknown) => {
      connecting = undefined;
      throw err;
    });
    return connecting;
  };

  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c && connecting === undefined) return;
    if (client === c) client = undefined;
    connecting = undefined;
    c.removeAllListeners('end');
    void c.end().catch(() => undefined);
    if (closed) return;
    o.log?.(`LISTEN connection lost${err ? `: ${err.message}` : ''}; reconnecting`);
    scheduleReconnect();
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => {
          for (const fn of reconnects) fn();
        },
        () => {
          retry = Math.min(30_000, retry * 2);
          scheduleReconnect();
        },
      );
    }, retry);
    retryTimer.unref();
  };

  return {
    async listen(channel, fn) {
      let set = fanout.get(channel);
      const fresh = !set;
      if (!set) fanout.set(channel, (set = new Set()));
      set.add(fn);
      const c = client ?? (await connect());
      // connect() listens to every channel known when it opened; a channel added later is listened to here.
      if (fresh) await c.query(`LISTEN ${quote(channel)}`);
      return () => void set.delete(fn);
    },
    onReconnect(fn) {
      reconnects.add(fn);
      return () => reconnects.delete(fn);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      fanout.clear();
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => undefined);
      }
    },
  };
}

// What a session token stands for (user, identity, school), kept in memory per database so an
// authenticated request resolves its token without SQL. Every write that changes it — a revoked
// session, a new password, a disabled user, a changed identity or school — is announced by database
// triggers through NOTIFY to every process (migration 0008), and this process's own revocations are
// dropped at once as well; a short TTL is the backstop for a notification lost with a dropped
// connection (which also empties the cache, see onReconnect).
import type { Executor } from '../db/database';
import { CHANNELS, type DbEvents } from '../db/db-events';
import type { GrantedPermission } from '../repositories/permissions';
import type { findSessionContext } from '../repositories/session-context';

export type SessionContextRow = NonNullable<Awaited<ReturnType<typeof findSessionContext>>>;

/** A resolved session: its row and its role's permissions (reference data: the TTL bounds their age). */
export interface CachedSession {
  row: SessionContextRow;
  permissions: GrantedPermission[];
}

interface Entry extends CachedSession {
  at: number;
}

/** Default time a resolved session is trusted without hearing of a change (SESSION_CACHE_SECONDS). */
export const SESSION_CACHE_TTL_MS = 15_000;
const MAX_ENTRIES = 20_000;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every invalidation: a lookup that started before one must not store what it read. */
  private generation = 0;

  constructor(private readonly ttlMs: number = SESSION_CACHE_TTL_MS) {}

  get(sessionId: string, now: Date): CachedSession | undefined {
    const e = this.entries.get(sessionId);
    if (!e) return undefined;
    if (Date.now() - e.at >= this.ttlMs || e.row.session.expiresAt.getTime() <= now.getTime()) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return e;
  }

  /** The generation to pass to `set` once the row is read. */
  begin(): number {
    return this.generation;
  }

  set(sessionId: string, value: CachedSession, generation: number): void {
    if (generation !== this.generation || this.ttlMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first (insertion order): a full cache sheds what it has trusted longest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(sessionId, { ...value, at: Date.now() });
  }

  /** A notification's scope: `s:<sessionId>`, `u:<userId>`, `sc:<schoolId>`, or anything else = everything. */
  invalidate(scope: string): void {
    this.generation++;
    const colon = scope.indexOf(':');
    const kind = colon < 0 ? '' : scope.slice(0, colon);
    const value = scope.slice(colon + 1);
    if (kind === 's') {
      this.entries.delete(value);
      return;
    }
    const id = Number(value);
    if ((kind !== 'u' && kind !== 'sc') || !Number.isInteger(id)) {
      this.entries.clear();
      return;
    }
    for (const [key, e] of this.entries) {
      if (kind === 'u' ? e.row.user.id === id : e.row.school.id === id) this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, SessionCache>();

/**
 * Turns the cache on for a database: listens for the triggers' notifications (from every process on
 * it) and empties the cache when the listening connection was lost. Resolves once listening, so no
 * change is missed after the server answers.
 */
export async function attachSessionCache(db: Executor, events: DbEvents, ttlMs: number = SESSION_CACHE_TTL_MS): Promise<SessionCache> {
  const cache = new SessionCache(ttlMs);
  if (ttlMs > 0) {
    await events.listen(CHANNELS.auth, (scope) => cache.invalidate(scope));
    events.onReconnect(() => cache.invalidate('*'));
    caches.set(db, cache);
  }
  return cache;
}

/** The database's cache, when the server turned it on (scripts and transactions have none). */
export function sessionCacheOf(db: Executor): SessionCache | undefined {
  return caches.get(db);
}

/** This process drops what it just changed at once (other processes hear of it by NOTIFY at commit). */
export function forgetSessions(db: Executor, scope: { sessionId: string } | { userId: number }): void {
  sessionCacheOf(db)?.invalidate('sessionId' in scope ? `s:${scope.sessionId}` : `u:${scope.userId}`);
}

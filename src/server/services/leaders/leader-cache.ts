// Dashboard figures change only when essay_facts does, so an aggregate is kept in memory under the
// school's facts version (its watermark, and how often this process rewrote facts) and recomputed as soon as either moves. The TTL
// is a backstop for what the version cannot see (a class moved to another campus, a task deleted).
// One cache per database handle: two apps in one process (tests, a bench) on databases that hold the
// same ids and timestamps must not read each other's figures.
import type { Executor } from '../../db/database';
import { essayFactsRepo } from '../../repositories/essay-facts';

const TTL_MS = 60_000;
const MAX_ENTRIES = 500;

/** Off in tests that must see every change at once, and in the bench's "cold" run. */
let enabled = true;
export function setLeaderCache(on: boolean): void {
  enabled = on;
  caches = new WeakMap();
}

interface LeaderCache {
  figures: Map<string, { version: string; at: number; value: Promise<unknown> }>;
  /** Per school: how often a refresh rewrote facts (a late commit may not move the watermark). */
  rewrites: Map<number, number>;
}
let caches = new WeakMap<object, LeaderCache>();

function cacheOf(db: Executor): LeaderCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { figures: new Map(), rewrites: new Map() }));
  return cache;
}

/** Called when a refresh rewrote facts of the school. */
export function factsRewritten(db: Executor, schoolId: number): void {
  const { rewrites } = cacheOf(db);
  rewrites.set(schoolId, (rewrites.get(schoolId) ?? 0) + 1);
}

export async function factsVersion(db: Executor, schoolId: number): Promise<string> {
  const mark = await essayFactsRepo.watermark(db, schoolId);
  return `${mark?.getTime() ?? 0}:${cacheOf(db).rewrites.get(schoolId) ?? 0}`;
}

export function memo<T>(db: Executor, key: string, version: string, compute: () => PromiseLike<T>): Promise<T> {
  if (!enabled) return Promise.resolve(compute());
  const { figures } = cacheOf(db);
  const hit = figures.get(key);
  if (hit && hit.version === version && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>;
  // A drizzle query is a thenable that runs its SQL again on every await: cache the settled promise.
  const value = Promise.resolve(compute());
  if (figures.size >= MAX_ENTRIES) figures.delete(figures.keys().next().value!);
  figures.set(key, { version, at: Date.now(), value });
  value.catch(() => figures.delete(key));
  return value;
}

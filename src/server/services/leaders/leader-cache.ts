// Dashboard figures change only when essay_facts does, so an aggregate is kept in memory under the
// school's facts version (its watermark, and how often this process rewrote facts) and recomputed as soon as either moves. The TTL
// is a backstop for what the version cannot see (a class moved to another campus, a task deleted).
import type { Executor } from '../../db/database';
import { essayFactsRepo } from '../../repositories/essay-facts';

const TTL_MS = 60_000;
const MAX_ENTRIES = 500;
const cache = new Map<string, { version: string; at: number; value: Promise<unknown> }>();

/** Off in tests that must see every change at once, and in the bench's "cold" run. */
let enabled = true;
export function setLeaderCache(on: boolean): void {
  enabled = on;
  cache.clear();
}

const rewrites = new Map<number, number>();
/** Called when a refresh rewrote facts of the school (a late commit may not move the watermark). */
export function factsRewritten(schoolId: number): void {
  rewrites.set(schoolId, (rewrites.get(schoolId) ?? 0) + 1);
}

export async function factsVersion(db: Executor, schoolId: number): Promise<string> {
  const mark = await essayFactsRepo.watermark(db, schoolId);
  return `${mark?.getTime() ?? 0}:${rewrites.get(schoolId) ?? 0}`;
}

export function memo<T>(key: string, version: string, compute: () => PromiseLike<T>): Promise<T> {
  if (!enabled) return Promise.resolve(compute());
  const hit = cache.get(key);
  if (hit && hit.version === version && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>;
  // A drizzle query is a thenable that runs its SQL again on every await: cache the settled promise.
  const value = Promise.resolve(compute());
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { version, at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

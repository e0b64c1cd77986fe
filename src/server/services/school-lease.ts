import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/database';
import { leasesRepo } from '../repositories/leases';
import type { SharedSchoolLock } from './roster/roster-import-gate';

/**
 * A per-school lock every process on the database sees (`<prefix>:<schoolId>` in `leases`). The lease
 * runs `ttlMs`, longer than the work it guards may take, so a process that dies holding it blocks the
 * school for that long at most.
 */
export function schoolLease(db: Executor, prefix: string, ttlMs: number, now: () => Date): SharedSchoolLock {
  const held = new Map<number, string>();
  return {
    async acquire(schoolId) {
      const holder = randomUUID();
      const at = now();
      if (!(await leasesRepo.acquire(db, `${prefix}:${schoolId}`, holder, new Date(at.getTime() + ttlMs), at))) return false;
      held.set(schoolId, holder);
      return true;
    },
    async release(schoolId) {
      const holder = held.get(schoolId);
      if (!holder) return;
      held.delete(schoolId);
      await leasesRepo.release(db, `${prefix}:${schoolId}`, holder);
    },
  };
}

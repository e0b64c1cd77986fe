// Leases of dead workers. A worker id is `host:pid:random` (runner.ts). A job whose worker died stays
// `running` until its lease runs out (60 s); when the death is certain the lease can end at once:
// - the database belongs to this process alone (PGlite: the data folder is locked to one process), so
//   at start every running job belongs to a process that is gone (e.g. the server was SIGKILLed);
// - the worker ran on this host and its pid is no longer alive (PostgreSQL, a worker or a server
//   restarted on the same machine; our own pid under another id is an earlier life of this process
//   unless a runner of this process has that id). A pid reused by another process only keeps the old
//   rule (the lease runs out).
import { hostname } from 'node:os';

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runners alive in this process (a container restarts its server with the same pid, often 1). */
export const localRunners = new Set<string>();

/** host and pid of a worker id made by the runner; undefined for other ids (tests' names). */
export function parseWorkerId(id: string): { host: string; pid: number } | undefined {
  const m = /^(.+):(\d+):[0-9a-f]{8}$/.exec(id);
  if (!m) return undefined;
  return { host: m[1]!, pid: Number(m[2]) };
}

/**
 * The owners among `owners` that are certainly dead. `exclusive`: no other process can use this
 * database, so every owner other than `self` is dead.
 */
export function deadOwners(owners: string[], o: { self: string; exclusive: boolean; host?: string; alive?: (pid: number) => boolean }): string[] {
  const host = o.host ?? hostname();
  const alive = o.alive ?? processAlive;
  return owners.filter((w) => {
    if (w === o.self) return false;
    if (o.exclusive) return true;
    const p = parseWorkerId(w);
    if (!p || p.host !== host) return false;
    return p.pid === process.pid ? !localRunners.has(w) : !alive(p.pid);
  });
}

// Waiting for a job to move, for the server-sent event streams (batch progress, an essay's AI status).
// The job runner of any process — this server's, another server's or an `npm run worker` — announces
// every progress step, completion and failure by NOTIFY (jobs/queue.ts), so a stream on this server
// wakes when a worker elsewhere moves the job. A slow re-read stays as the backstop for a lost
// notification.
import { CHANNELS, type DbEvents } from '../db/db-events';

export interface JobWatch {
  /**
   * Resolves when the job of `topic` (its dedupe key, e.g. `essay:12`, `batch:<uuid>`) moves, after
   * `maxMs` at most, or when `signal` aborts.
   */
  next(topic: string, maxMs: number, signal?: AbortSignal): Promise<void>;
  /** The re-read interval streams use: slow with notifications, fast without them. */
  readonly fallbackMs: number;
}

/** A watch per database; without events (none given) every wait is the fast poll. */
export function createJobWatch(events: DbEvents | undefined): JobWatch {
  const waiting = new Map<string, Set<() => void>>();
  let listening: Promise<unknown> | undefined;
  const wakeAll = () => {
    for (const set of waiting.values()) for (const fn of set) fn();
  };
  const ensureListening = () => {
    if (!events || listening) return;
    listening = events.listen(CHANNELS.progress, (topic) => {
      for (const fn of waiting.get(topic) ?? []) fn();
    });
    // Notifications lost while the connection was down: every stream reads again.
    events.onReconnect(wakeAll);
    listening.catch(() => (listening = undefined));
  };
  return {
    fallbackMs: events ? 5000 : 500,
    next(topic, maxMs, signal) {
      ensureListening();
      return new Promise<void>((resolve) => {
        let set = waiting.get(topic);
        if (!set) waiting.set(topic, (set = new Set()));
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          set.delete(done);
          if (!set.size) waiting.delete(topic);
          resolve();
        };
        const timer = setTimeout(done, events ? maxMs : Math.min(maxMs, 500));
        signal?.addEventListener('abort', done);
        set.add(done);
        if (signal?.aborted) done();
      });
    },
  };
}

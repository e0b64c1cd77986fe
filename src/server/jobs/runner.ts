// JobRunner: wakes up when any process enqueues (LISTEN on the jobs channel; a slow poll catches what a
// lost connection missed), claims due jobs under a lease, runs the handler registered for the kind,
// renews the lease while it runs, and marks the job done, queued again with exponential backoff, or
// failed. One runner per process; its concurrency is the number of jobs it runs at once.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db, Tx } from '../db/database';
import { CHANNELS, type DbEvents } from '../db/db-events';
import { deadOwners, localRunners } from './orphans';
import { claimJobs, completeJob, expireLeasesOf, failAttempt, holdsLease, nextDueAt, renewLease, runningOwners, type JobRow } from './queue';

export interface JobContext {
  job: JobRow;
  workerId: string;
  /** Records progress 0-100 (and renews the lease). */
  reportProgress(pct: number): Promise<void>;
  /** Aborted when the runner stops or the lease was lost. */
  signal: AbortSignal;
  /**
   * Inside the handler's result transaction: locks the job row, checks this worker still holds the
   * lease (throws LeaseLostError otherwise, rolling the results back) and marks the job done in the
   * same transaction, so results are written exactly once.
   */
  completeIn(tx: Tx): Promise<void>;
  /** Inside a transaction: locks the job row and throws LeaseLostError unless this worker still holds it (for writes before a retry). */
  holdLease(tx: Tx): Promise<void>;
}

export type JobHandler = (ctx: JobContext) => Promise<void>;

export interface HandlerOptions {
  /** First retry delay; doubles per attempt (capped at 1 hour). Default 5 s. */
  backoffMs?: number;
}

/** Thrown by a handler for a failure that retrying cannot fix: the job fails at once. */
export class PermanentJobError extends Error {}

/** Thrown by a handler to be retried after a given delay (instead of the backoff). */
export class RetryJobError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export class LeaseLostError extends Error {
  constructor(jobId: number) {
    super(`job ${jobId}: lease lost to another worker`);
  }
}

interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobRunnerOptions {
  db: Db;
  now: () => Date;
  log?: Logger;
  /** Jobs run at once by this runner. */
  concurrency?: number;
  /**
   * Notifications of enqueued jobs from every process (the database's events). Without them the
   * runner only polls.
   */
  events?: DbEvents;
  /** Safety poll when idle, for notifications lost with a dropped connection: default 30 s with events, 2 s without. */
  pollMs?: number;
  /** Lease per claim; renewed every third of it while the handler runs. Default 60 s. */
  leaseMs?: number;
  workerId?: string;
  /**
   * No other process can use this database (PGlite: the data folder is locked to one process). Then
   * at start every running job belongs to a dead process and is taken over at once, not after its lease.
   */
  exclusiveDatabase?: boolean;
  /** How often to look for running jobs of dead workers on this host (orphans.ts). Default 30 s. */
  orphanCheckMs?: number;
}

const silentLog: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const MAX_BACKOFF_MS = 3600_000;

/** Runner concurrency: AI_WORKERS (parsed in config.ts) when set, else 1 on PGlite (one connection, CPU-bound OCR) and 2 on PostgreSQL. */
export function defaultConcurrency(kind: 'pglite' | 'postgres', aiWorkers?: number): number {
  return aiWorkers ?? (kind === 'pglite' ? 1 : 2);
}

export class JobRunner {
  readonly workerId: string;
  readonly concurrency: number;
  private readonly handlers = new Map<string, { fn: JobHandler; opts: HandlerOptions }>();
  private readonly inFlight = new Map<number, { promise: Promise<void>; abort: AbortController }>();
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private started = false;
  private stopping = false;
  private ticking: Promise<number> | undefined;
  private looping = false;
  /** Set when work may have appeared while a claim was under way: the loop claims again before sleeping. */
  private dirty = false;
  /** Handlers log their progress here (the server's logger, or silence). */
  readonly log: Logger;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private orphansCheckedAt = 0;

  constructor(private readonly o: JobRunnerOptions) {
    this.workerId = o.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.concurrency = Math.max(0, o.concurrency ?? 1);
    this.log = o.log ?? silentLog;
    this.pollMs = o.pollMs ?? (o.events ? 30_000 : 2000);
    this.leaseMs = o.leaseMs ?? 60_000;
    localRunners.add(this.workerId);
  }

  register(kind: string, fn: JobHandler, opts: HandlerOptions = {}): this {
    this.handlers.set(kind, { fn, opts });
    return this;
  }

  get kinds(): string[] {
    return [...this.handlers.keys()];
  }

  /** Jobs running now in this runner. */
  get running(): number {
    return this.inFlight.size;
  }

  /** Starts listening for enqueued jobs (and the slow safety poll). */
  start(): void {
    if (this.started || this.concurrency === 0) return;
    this.started = true;
    this.stopping = false;
    this.orphansCheckedAt = 0;
    localRunners.add(this.workerId);
    const events = this.o.events;
    if (events) {
      const offReconnect = events.onReconnect(() => this.wake());
      const listening = events.listen(CHANNELS.jobs, (kind) => {
        if (this.handlers.has(kind)) this.wake();
      });
      listening.catch((err: unknown) => this.log.warn({ err }, 'job runner cannot listen for new jobs; polling only'));
      this.unsubscribe = () => {
        offReconnect();
        void listening.then((off) => off(), () => undefined);
      };
    }
    this.schedule(0);
  }

  /** Work may be waiting: claim now, or right after the claim under way. */
  private wake() {
    this.dirty = true;
    if (!this.looping) this.schedule(0);
  }

  private schedule(ms: number) {
    if (!this.started || this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), Math.max(0, ms));
    this.timer.unref();
  }

  /**
   * Ends the leases of dead workers' jobs (orphans.ts): at start, and every orphanCheckMs after. On an
   * exclusive database only at start (later, every running job is this process's own).
   */
  async releaseOrphans(): Promise<number> {
    const first = this.orphansCheckedAt === 0;
    this.orphansCheckedAt = Date.now();
    const dead = deadOwners(await runningOwners(this.o.db), { self: this.workerId, exclusive: first && !!this.o.exclusiveDatabase });
    const n = await expireLeasesOf(this.o.db, dead, this.o.now());
    if (n) this.log.warn({ event: 'job_orphans_released', jobs: n, workers: dead }, 'took over the jobs of workers that are gone');
    return n;
  }

  private async loop() {
    this.timer = undefined;
    if (this.looping) return;
    this.looping = true;
    try {
      if (!this.orphansCheckedAt || Date.now() - this.orphansCheckedAt >= (this.o.orphanCheckMs ?? 30_000)) await this.releaseOrphans();
      // A notification during a claim may name a job that claim could not see yet: claim again.
      do {
        this.dirty = false;
        await this.tick();
      } while (this.dirty && !this.stopping && this.inFlight.size < Math.max(1, this.concurrency));
      // Sleep until the next delayed job is due, at most one poll interval.
      let wait = this.pollMs;
      if (this.inFlight.size < this.concurrency) {
        const next = await nextDueAt(this.o.db, this.kinds);
        if (next) wait = Math.min(wait, Math.max(50, next.getTime() - this.o.now().getTime()));
      }
      this.looping = false;
      this.schedule(this.dirty && this.inFlight.size < this.concurrency ? 0 : wait);
    } catch (err) {
      this.looping = false;
      if (!this.stopping) this.log.warn({ err }, 'job runner poll failed');
      this.schedule(this.pollMs);
    }
  }

  /**
   * Claims as many due jobs as there are free slots and starts them (without waiting for them).
   * Returns the number claimed. Serialised: concurrent calls share one claim.
   */
  tick(kinds: readonly string[] = this.kinds): Promise<number> {
    if (this.ticking) return this.ticking;
    this.ticking = this.claimAndStart(kinds).finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  private async claimAndStart(kinds: readonly string[]): Promise<number> {
    const free = Math.max(0, Math.max(1, this.concurrency) - this.inFlight.size);
    if (this.stopping || !free || !this.handlers.size) return 0;
    const claimed = await claimJobs(this.o.db, { workerId: this.workerId, kinds: [...kinds], limit: free, leaseMs: this.leaseMs, now: this.o.now() });
    for (const job of claimed) {
      const abort = new AbortController();
      const promise = this.execute(job, abort).finally(() => {
        this.inFlight.delete(job.id);
        // A slot is free: look for more work soon.
        if (this.started) this.wake();
      });
      this.inFlight.set(job.id, { promise, abort });
    }
    return claimed.length;
  }

  /**
   * Runs every due job to the end (tests and scripts): ticks until nothing is claimed and nothing runs.
   * `kinds` limits it to those jobs (a batch-intake test need not wait for the AI on every essay it filed).
   */
  async runDue(kinds: readonly string[] = this.kinds): Promise<void> {
    for (let i = 0; i < 1000; i++) {
      const n = await this.tick(kinds);
      if (!n && !this.inFlight.size) return;
      if (this.inFlight.size) await Promise.race([...this.inFlight.values()].map((f) => f.promise));
    }
  }

  private async execute(job: JobRow, abort: AbortController): Promise<void> {
    const { db, now } = this.o;
    const entry = this.handlers.get(job.kind);
    const started = Date.now();
    let lost = false;
    let completed = false;
    const heartbeat = setInterval(() => {
      void renewLease(db, job.id, this.workerId, new Date(now().getTime() + this.leaseMs)).then(
        (held) => {
          if (!held && !completed) {
            lost = true;
            abort.abort(new LeaseLostError(job.id));
          }
        },
        () => undefined,
      );
    }, Math.max(1000, this.leaseMs / 3));
    heartbeat.unref();
    const ctx: JobContext = {
      job,
      workerId: this.workerId,
      signal: abort.signal,
      reportProgress: async (pct) => {
        const held = await renewLease(db, job.id, this.workerId, new Date(now().getTime() + this.leaseMs), pct);
        if (!held) {
          lost = true;
          throw new LeaseLostError(job.id);
        }
      },
      completeIn: async (tx) => {
        if (!(await holdsLease(tx, job.id, this.workerId, true))) {
          lost = true;
          throw new LeaseLostError(job.id);
        }
        await completeJob(tx, job.id, this.workerId, now());
        completed = true;
      },
      holdLease: async (tx) => {
        if (!(await holdsLease(tx, job.id, this.workerId, true))) {
          lost = true;
          throw new LeaseLostError(job.id);
        }
      },
    };
    try {
      if (!entry) throw new PermanentJobError(`no handler for job kind ${job.kind}`);
      if (job.attempts > job.maxAttempts) throw new PermanentJobError(`attempts used up (last lease expired: worker stopped during the job)`);
      await entry.fn(ctx);
      if (!completed) completed = await completeJob(db, job.id, this.workerId, now());
      this.log.info({ event: 'job_done', jobId: job.id, kind: job.kind, attempt: job.attempts, ms: Date.now() - started }, 'job done');
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      if (lost || err instanceof LeaseLostError) {
        this.log.warn({ event: 'job_lease_lost', jobId: job.id, kind: job.kind }, 'job lease lost; another worker owns it now');
        return;
      }
      if (this.stopping && abort.signal.aborted) {
        // Stopped mid-job: give the job back at once rather than waiting for the lease to expire.
        await failAttempt(db, { ...job, maxAttempts: job.maxAttempts + 1 }, this.workerId, `interrupted: ${error}`, now(), 0).catch(() => undefined);
        return;
      }
      const base = entry?.opts.backoffMs ?? 5000;
      const delay = err instanceof RetryJobError && err.retryAfterMs !== undefined ? err.retryAfterMs : Math.min(MAX_BACKOFF_MS, base * 2 ** Math.max(0, job.attempts - 1));
      const status = await failAttempt(db, job, this.workerId, error, now(), delay, err instanceof PermanentJobError).catch(() => undefined);
      this.log[status === 'failed' ? 'error' : 'warn']({ event: 'job_failed', jobId: job.id, kind: job.kind, attempt: job.attempts, status, retryInMs: status === 'queued' ? delay : undefined, err }, status === 'failed' ? 'job failed' : 'job attempt failed; retrying later');
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Stops polling, aborts running handlers and waits for them (at most `graceMs`). */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    this.started = false;
    localRunners.delete(this.workerId);
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.unsubscribe?.();
    await this.ticking?.catch(() => undefined);
    const running = [...this.inFlight.values()];
    if (!running.length) return;
    for (const r of running) r.abort.abort(new Error('runner stopping'));
    let t: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(running.map((r) => r.promise)), new Promise((r) => (t = setTimeout(r, graceMs)))]);
    if (t) clearTimeout(t);
  }
}

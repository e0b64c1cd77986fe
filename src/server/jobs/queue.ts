// The job queue on the `jobs` table: enqueue (deduplicated by key), claim under a lease with
// FOR UPDATE SKIP LOCKED, finish, retry with backoff, fail. All SQL of the queue lives here; the
// runner (runner.ts) drives it. Times come from the caller's clock (deps.now), never the database's,
// so tests can move time with their clock.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { jobs } from '../db/schema';
import { CHANNELS, notify } from '../db/db-events';
import { preparedPerDatabase } from '../repositories/prepared-per-database';

export type JobRow = typeof jobs.$inferSelect;
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface EnqueueInput {
  kind: string;
  payload: unknown;
  /** When the job may start; default now. */
  runAt?: Date;
  /** While a job with this key is queued or running no second one is created: a queued one gets the new payload and runAt (latest request wins), a running one is left alone. */
  dedupeKey?: string;
  /** Attempts before the job is marked failed; default 5. */
  maxAttempts?: number;
  /** Due jobs are claimed highest priority first, then by runAt; default 0. Background work (the seeded demo essays) uses BACKGROUND_PRIORITY. */
  priority?: number;
}

/** Work nobody is waiting for: claimed only when no due job of priority 0 or above is left. */
export const BACKGROUND_PRIORITY = -1;

export interface EnqueueResult {
  id: number;
  /** false when a queued or running job with the same dedupeKey absorbed the request */
  created: boolean;
  /** the job's status after the call */
  status: JobStatus;
}

/**
 * Adds a job. With a dedupeKey, an already queued job of that key is updated instead (payload, runAt,
 * maxAttempts) and a running one is kept as is. Works inside a transaction (pass the tx). Every runner
 * on the database hears of the job by NOTIFY, sent with the insert: inside a transaction it is
 * delivered at commit, so no runner looks for a job it cannot see yet.
 */
export async function enqueueJob(db: Executor, input: EnqueueInput, now: Date = new Date()): Promise<EnqueueResult> {
  const runAt = input.runAt ?? now;
  const values = { kind: input.kind, payload: input.payload as object, runAt, dedupeKey: input.dedupeKey ?? null, maxAttempts: input.maxAttempts ?? 5, priority: input.priority ?? 0, createdAt: now };
  if (!input.dedupeKey) {
    const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
    await notify(db, CHANNELS.jobs, input.kind);
    return { id: row!.id, created: true, status: 'queued' };
  }
  const [row] = await db
    .insert(jobs)
    .values(values)
    .onConflictDoUpdate({
      target: jobs.dedupeKey,
      targetWhere: sql`${jobs.status} in ('queued', 'running')`,
      set: { payload: sql`excluded.payload`, runAt: sql`excluded.run_at`, maxAttempts: sql`excluded.max_attempts`, priority: sql`excluded.priority`, attempts: 0, lastError: null },
      setWhere: sql`${jobs.status} = 'queued'`,
    })
    .returning({ id: jobs.id, inserted: sql<boolean>`(xmax = 0)` });
  if (row) {
    await notify(db, CHANNELS.jobs, input.kind);
    return { id: row.id, created: row.inserted === true || String(row.inserted) === 'true', status: 'queued' };
  }
  const [running] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.dedupeKey, input.dedupeKey), eq(jobs.status, 'running')));
  return { id: running?.id ?? 0, created: false, status: 'running' };
}

export interface ClaimOptions {
  workerId: string;
  kinds: string[];
  limit: number;
  leaseMs: number;
  now: Date;
}

/**
 * Claims up to `limit` due jobs in one statement: queued jobs whose runAt has come, and running jobs
 * whose lease expired (their worker died), highest priority first, then oldest runAt (a teacher's
 * upload is not queued behind the demo essays seeded at first start). Each claim counts as an attempt. Short on purpose: on PGlite
 * every transaction holds the only connection.
 */
export async function claimJobs(db: Executor, o: ClaimOptions): Promise<JobRow[]> {
  if (!o.kinds.length || o.limit <= 0) return [];
  const now = o.now.toISOString();
  const until = new Date(o.now.getTime() + o.leaseMs).toISOString();
  const kinds = sql.join(
    o.kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const result = await db.execute<{ id: number }>(sql`
    update jobs set status = 'running', attempts = attempts + 1, locked_by = ${o.workerId}, locked_until = ${until}::timestamptz
    where id in (
      select id from jobs
      where kind in (${kinds})
        and ((status = 'queued' and run_at <= ${now}::timestamptz) or (status = 'running' and locked_until < ${now}::timestamptz))
      order by priority desc, run_at, id
      limit ${o.limit}
      for update skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
  if (!ids.length) return [];
  return db.select().from(jobs).where(inArray(jobs.id, ids)).orderBy(desc(jobs.priority), jobs.runAt, jobs.id);
}

/** The job is still this worker's (its lease was not taken over). Lock the row when inside a transaction. */
export async function holdsLease(db: Executor, jobId: number, workerId: string, forUpdate = false): Promise<boolean> {
  const q = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')));
  const rows = forUpdate ? await q.for('update') : await q;
  return rows.length > 0;
}

/** What progress watchers (SSE, live AI status) of a job listen for: its dedupe key, else its id. */
export const progressTopic = (job: { id: number; dedupeKey: string | null }) => job.dedupeKey ?? `job:${job.id}`;

/** Tells every process's watchers that a job moved (progress, done, failed, queued again). */
async function announce(db: Executor, rows: Array<{ id: number; dedupeKey: string | null }>) {
  for (const row of rows) await notify(db, CHANNELS.progress, progressTopic(row));
}

/** Extends the lease (and records progress); false when the job is no longer this worker's. */
export async function renewLease(db: Executor, jobId: number, workerId: string, until: Date, progress?: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: until, ...(progress !== undefined ? { progress: Math.max(0, Math.min(100, Math.round(progress))) } : {}) })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id, dedupeKey: jobs.dedupeKey });
  // A heartbeat changes nothing anyone watches; a progress step does.
  if (progress !== undefined) await announce(db, rows);
  return rows.length > 0;
}

/** Marks the job done; false (and nothing changed) when this worker lost the lease meanwhile. */
export async function completeJob(db: Executor, jobId: number, workerId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', progress: 100, finishedAt: now, lockedBy: null, lockedUntil: null, lastError: null })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id, dedupeKey: jobs.dedupeKey });
  await announce(db, rows);
  return rows.length > 0;
}

/**
 * After a failed attempt: queued again at now + delay, or failed for good when the attempts are used
 * up (or `permanent`). Returns the new status, or undefined when the lease was lost.
 */
export async function failAttempt(db: Executor, job: Pick<JobRow, 'id' | 'attempts' | 'maxAttempts' | 'kind'>, workerId: string, error: string, now: Date, delayMs: number, permanent = false): Promise<JobStatus | undefined> {
  const final = permanent || job.attempts >= job.maxAttempts;
  const rows = await db
    .update(jobs)
    .set(
      final
        ? { status: 'failed', lastError: error.slice(0, 2000), finishedAt: now, lockedBy: null, lockedUntil: null }
        : { status: 'queued', lastError: error.slice(0, 2000), runAt: new Date(now.getTime() + delayMs), lockedBy: null, lockedUntil: null },
    )
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
    .returning({ status: jobs.status, id: jobs.id, dedupeKey: jobs.dedupeKey });
  await announce(db, rows);
  // Queued again: every runner learns when the retry is due (each sleeps until the next due job).
  if (rows[0]?.status === 'queued') await notify(db, CHANNELS.jobs, job.kind);
  return rows[0]?.status as JobStatus | undefined;
}

/** Workers holding running jobs now (to find the leases of workers that died). */
export async function runningOwners(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ lockedBy: jobs.lockedBy })
    .from(jobs)
    .where(eq(jobs.status, 'running'));
  return rows.map((r) => r.lockedBy).filter((w): w is string => !!w);
}

/**
 * Ends the leases of the given workers' running jobs now (they are known to be dead), so the next
 * claim takes the jobs over at once instead of after the lease. Returns the jobs released.
 */
export async function expireLeasesOf(db: Executor, workerIds: string[], now: Date): Promise<number> {
  if (!workerIds.length) return 0;
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() - 1) })
    .where(and(eq(jobs.status, 'running'), inArray(jobs.lockedBy, workerIds)))
    .returning({ id: jobs.id });
  return rows.length;
}

/** The latest job of a dedupe key (what the UI polls for an essay). */
export async function latestJobByKey(db: Executor, dedupeKey: string): Promise<JobRow | undefined> {
  const [row] = await latestJobStatement(db).execute({ dedupeKey });
  return row;
}
// the correction screen shows the essay's job on every open
const latestJobStatement = preparedPerDatabase((db: Executor) =>
  db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, sql.placeholder('dedupeKey')))
    .orderBy(sql`${jobs.id} desc`)
    .limit(1)
    .prepare('zp_job_latest_by_key'),
);

/**
 * When the runner must look again at the latest: the earliest runAt among queued jobs of these kinds, or
 * the earliest lease of a running one (a worker that died without a trace is taken over when it expires;
 * no notification says so).
 */
export async function nextDueAt(db: Executor, kinds: string[]): Promise<Date | undefined> {
  if (!kinds.length) return undefined;
  const [row] = await db
    .select({ at: sql<string | null>`least(min(${jobs.runAt}) filter (where ${jobs.status} = 'queued'), min(${jobs.lockedUntil}) filter (where ${jobs.status} = 'running'))` })
    .from(jobs)
    .where(and(inArray(jobs.status, ['queued', 'running']), inArray(jobs.kind, kinds)));
  return row?.at ? new Date(row.at) : undefined;
}

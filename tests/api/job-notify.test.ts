import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { CHANNELS } from '../../src/server/db/db-events';
import { enqueueJob } from '../../src/server/jobs/queue';
import { JobRunner } from '../../src/server/jobs/runner';
import { createTestDatabase, databaseKinds } from '../helpers/test-database';

// Runners start jobs on NOTIFY: with the safety poll set to ten minutes, only the notification can
// start a job within this test's time.
describe.each(databaseKinds())('jobs start on NOTIFY on %s', (kind) => {
  let database: Database;
  let runner: JobRunner;
  const ran: number[] = [];
  const heard: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    runner = new JobRunner({ db: database.db, events: database.events, now: () => new Date(), concurrency: 1, pollMs: 600_000 });
    runner.register('notify-probe', async (ctx) => {
      await ctx.reportProgress(50);
      ran.push(ctx.job.id);
    });
    await database.events.listen(CHANNELS.progress, (topic) => heard.push(topic));
    runner.start();
    // the first loop (at start) has looked and found nothing; from now on only NOTIFY wakes the runner
    await new Promise((r) => setTimeout(r, 1000));
  });
  afterAll(async () => {
    await runner?.stop();
    await database?.close();
  });

  const until = async (check: () => boolean, maxMs = 60_000) => {
    const started = Date.now();
    while (!check()) {
      if (Date.now() - started > maxMs) throw new Error(`not within ${maxMs} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return Date.now() - started;
  };

  it('a job enqueued while the runner sleeps runs at once, and its progress is announced', async () => {
    const { id } = await enqueueJob(database.db, { kind: 'notify-probe', payload: {}, dedupeKey: 'probe:1' });
    const ms = await until(() => ran.includes(id));
    console.info(`${kind}: job started on NOTIFY and finished after ${ms} ms`);
    await until(() => heard.filter((t) => t === 'probe:1').length >= 2); // progress 50, then done
  });

  it('a job enqueued in a transaction is heard only at commit; a rolled-back one never', async () => {
    let inside = 0;
    await database.db.transaction(async (tx) => {
      inside = (await enqueueJob(tx, { kind: 'notify-probe', payload: {} })).id;
    });
    await until(() => ran.includes(inside));
    await database.db
      .transaction(async (tx) => {
        await enqueueJob(tx, { kind: 'notify-probe', payload: {}, dedupeKey: 'probe:rolled-back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500));
    expect(heard).not.toContain('probe:rolled-back');
  });

  it('a job delayed by its runAt starts when due, without a poll', async () => {
    const { id } = await enqueueJob(database.db, { kind: 'notify-probe', payload: {}, runAt: new Date(Date.now() + 1500) });
    await until(() => ran.includes(id));
  });
});

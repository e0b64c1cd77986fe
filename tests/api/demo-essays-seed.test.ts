import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { essays, jobs } from '../../src/server/db/schema';
import { BACKGROUND_PRIORITY, claimJobs } from '../../src/server/jobs/queue';
import { DEMO_ESSAYS_DIR, seedDemoEssays } from '../../src/server/seed/demo-essays';
import { DEMO_ESSAYS, demoEssayPageFile, demoEssayPages } from '../../src/server/seed/demo-essays-data';
import { DEMO_CLASS_NAME, DEMO_TASK_TITLE, seedDemoTasks } from '../../src/server/seed/demo-tasks';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { FakeOcr } from '../helpers/correction';
import { MGMT } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { correction as correctionRoutes } from '../../src/core/api/routes/correction';
import { writings as writingsRoutes } from '../../src/core/api/routes/writings';

interface ListEssay { id: number; status: string; label: string; source: string; pageCount: number; aiScore: string | null; wordCount: number | null; flagCount: number }
interface ListStudent { name: string; studentNo: string; label: string; essays: ListEssay[] }

describe.each(databaseKinds())('demo essays seed on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const ocr = new FakeOcr();
  const storage = new MemoryFileStorage();
  const db = () => t.database.db;
  const now = () => new Date(Date.now() + t.clock.offsetMs);
  const seed = () => seedDemoEssays({ db: db(), storage, now });
  const get = (url: string) => t.call('GET', `${MGMT}/${url}`, { token });
  let taskId: number;
  let classId: number;
  const list = async () => (await get(`writings/list?taskId=${taskId}&classId=${classId}`)).json().data as { counts: Record<string, number>; students: ListStudent[] };

  beforeAll(async () => {
    // Jobs are run by hand (runDue), so the test sees the queued state first.
    t = await createTestApp(kind, { deps: { ocr, storage }, jobs: { poll: false } });
    token = await t.login('teacher01');
    // The fast OCR reads each committed page image as the text it was rendered from.
    for (const essay of DEMO_ESSAYS) {
      for (const [i, paragraphs] of demoEssayPages(essay).entries()) {
        ocr.register(await readFile(path.join(DEMO_ESSAYS_DIR, demoEssayPageFile(essay, i))), paragraphs.join('\n'));
      }
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('does nothing while the demo task is not there', async () => {
    expect(await seed()).toBeUndefined();
    expect(await db().select().from(essays)).toHaveLength(0);
  });

  it('hands in one essay with its pages for each of the first students of 七年级1班, once', async () => {
    await seedDemoTasks(db());
    const first = await seed();
    expect(first).toMatchObject({ taskTitle: DEMO_TASK_TITLE, className: DEMO_CLASS_NAME, created: DEMO_ESSAYS.length, pending: DEMO_ESSAYS.length });
    expect(first!.students).toHaveLength(DEMO_ESSAYS.length);
    ({ taskId, classId } = first!);

    const again = await seed();
    expect(again).toMatchObject({ created: 0, students: first!.students });
    expect(await db().select().from(essays)).toHaveLength(DEMO_ESSAYS.length);

    const l = await list();
    const handedIn = l.students.filter((s) => s.essays.length);
    // the first students in roster order, the rest not submitted
    expect(handedIn.map((s) => s.name)).toEqual(first!.students);
    expect(l.students.slice(0, DEMO_ESSAYS.length).map((s) => s.name)).toEqual(first!.students);
    expect(l.students.slice(DEMO_ESSAYS.length).every((s) => s.label === 'notSubmitted')).toBe(true);
    expect(l.counts).toMatchObject({ submitted: DEMO_ESSAYS.length, notSubmitted: l.students.length - DEMO_ESSAYS.length });
    for (const [i, s] of handedIn.entries()) {
      expect(s.essays).toHaveLength(1);
      expect(s.essays[0]).toMatchObject({ source: 'single', status: 'awaiting_ai', pageCount: demoEssayPages(DEMO_ESSAYS[i]!).length });
    }

    // the pages are the committed images, stored through the file service and served by it
    const one = (await get(`writings/get?id=${handedIn[1]!.essays[0]!.id}`)).json().data as { pages: { url: string; width: number }[] };
    expect(one.pages).toHaveLength(2);
    const img = await t.call('GET', one.pages[0]!.url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.rawPayload.equals(await readFile(path.join(DEMO_ESSAYS_DIR, demoEssayPageFile(DEMO_ESSAYS[1]!, 0))))).toBe(true);

    // the correction is due now, not after the teacher's AI delay
    const queued = await db().select().from(jobs).where(eq(jobs.kind, 'ai-correction'));
    expect(queued).toHaveLength(DEMO_ESSAYS.length);
    for (const j of queued) expect(j.runAt.getTime()).toBeLessThanOrEqual(now().getTime());
  });

  it('is background work: a teacher\'s correction asked for later is claimed before the seeded ones', async () => {
    const seeded = await db().select().from(jobs).where(eq(jobs.kind, 'ai-correction'));
    expect(seeded.every((j) => j.priority === BACKGROUND_PRIORITY)).toBe(true);
    // the teacher re-runs the last seeded essay (queued last): it is the next job a worker takes
    const last = (await list()).students.filter((s) => s.essays.length).at(-1)!.essays[0]!.id;
    expect((await t.call(correctionRoutes.correctionRerun, { params: { id: last }, body: { confirmOverwrite: false } }, { token })).status).toBe(200);
    const [next] = await claimJobs(db(), { workerId: 'test-worker', kinds: ['ai-correction'], limit: 1, leaseMs: 60_000, now: now() });
    expect(next!.payload).toMatchObject({ essayId: last, reason: 'rerun' });
    expect(next!.priority).toBe(0);
    // hand it back to the queue for the runner below
    await db().update(jobs).set({ status: 'queued', attempts: 0, lockedBy: null, lockedUntil: null }).where(eq(jobs.id, next!.id));
  });

  it('the job runner AI-corrects every demo essay: scores, comments and notes', async () => {
    await t.app.jobRunner!.runDue();
    const l = await list();
    const handedIn = l.students.filter((s) => s.essays.length);
    const byKind = new Map<string, ListEssay>();
    for (const [i, s] of handedIn.entries()) {
      const e = s.essays[0]!;
      expect(['ai_done', 'abnormal']).toContain(e.status);
      byKind.set(DEMO_ESSAYS[i]!.key, e);
      const c = (await get(`workManager/correction/${e.id}`)).json().data;
      expect(c).toMatchObject({ status: 'done', engine: 'local' });
      expect(c.result.comments.overall.length).toBeGreaterThan(20);
      expect(c.transcript).toContain(DEMO_ESSAYS[i]!.paragraphs[0]!.slice(0, 8));
      if (DEMO_ESSAYS[i]!.kind !== 'incomplete') expect(c.result.score.label).toBeTruthy();
    }
    expect((await seed())!.pending).toBe(0);
    // the essay that stops mid-sentence is flagged for the teacher; the one with 错别字 gets notes on them
    const incomplete = DEMO_ESSAYS.findIndex((e) => e.kind === 'incomplete');
    const flagged = (await get(`workManager/correction/${handedIn[incomplete]!.essays[0]!.id}`)).json().data;
    expect(flagged.essayStatus).toBe('abnormal');
    expect(flagged.flags.map((f: { code: string }) => f.code)).toContain('INCOMPLETE_ESSAY');
    const typos = DEMO_ESSAYS.findIndex((e) => e.kind === 'typos');
    const noted = (await get(`workManager/correction/${handedIn[typos]!.essays[0]!.id}`)).json().data;
    expect(noted.result.notes.length).toBeGreaterThan(2);
    expect(handedIn.filter((s) => s.essays[0]!.status === 'ai_done').length).toBeGreaterThanOrEqual(DEMO_ESSAYS.length - 2);
  });

  it('never redoes an essay the teacher deleted', async () => {
    const l = await list();
    const victim = l.students[0]!;
    expect((await t.call(writingsRoutes.del, { query: { id: victim.essays[0]!.id } }, { token })).status).toBe(200);
    expect(await seed()).toMatchObject({ created: 0, students: l.students.slice(1, DEMO_ESSAYS.length).map((s) => s.name) });
    const after = await list();
    expect(after.students[0]!.label).toBe('notSubmitted');
  });
});

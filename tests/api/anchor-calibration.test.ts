import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAnchorMap, fitAnchorMap } from '../../src/correction/index';
import { DEMO_ESSAYS_DIR, seedDemoEssays } from '../../src/server/seed/demo-essays';
import { DEMO_ESSAYS, demoEssayPageFile, demoEssayPages } from '../../src/server/seed/demo-essays-data';
import { seedDemoTasks } from '../../src/server/seed/demo-tasks';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { FakeOcr } from '../helpers/correction';
import { MGMT } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { writingStatistics as writingStatisticsRoutes } from '../../src/core/api/routes/writing-statistics';
import { writings as writingsRoutes } from '../../src/core/api/routes/writings';

interface Calibration {
  map: { slope: number; intercept: number; anchors: number };
  essays: Array<{ essayId: number; studentName: string; anchor: boolean; ai: { percent: number; label: string }; calibrated: { percent: number; label: string } }>;
  bands: Array<{ label: string; before: number; after: number }>;
}

// The demo class (ten essays of 我的老师, A/B/C), AI-corrected by the real local engine; the teacher marks
// three of them as anchors and the rest are read on the teacher's scale.
describe.each(databaseKinds())('anchor essays (按您的评分校准) on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let taskId: number;
  let classId: number;
  const ocr = new FakeOcr();
  const storage = new MemoryFileStorage();
  const essayOf = new Map<string, number>();
  const db = () => t.database.db;
  const now = () => new Date(Date.now() + t.clock.offsetMs);
  const post = (body: unknown, who = token, lang?: 'zh' | 'en') => t.call('POST', `${MGMT}/writings/anchorCalibration`, { token: who, body, lang });
  const anchors = [
    { key: '02-chalk', score: 'A' },
    { key: '05-class-teacher', score: 'B' },
    { key: '03-pe-teacher', score: 'C' },
  ];
  const body = () => ({ taskId, classId, anchors: anchors.map((a) => ({ essayId: essayOf.get(a.key)!, score: a.score })) });

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { ocr, storage }, jobs: { poll: false } });
    token = await t.login('teacher01');
    for (const essay of DEMO_ESSAYS) {
      for (const [i, paragraphs] of demoEssayPages(essay).entries()) {
        ocr.register(await readFile(path.join(DEMO_ESSAYS_DIR, demoEssayPageFile(essay, i))), paragraphs.join('\n'));
      }
    }
    await seedDemoTasks(db());
    const seeded = (await seedDemoEssays({ db: db(), storage, now }))!;
    ({ taskId, classId } = seeded);
    await t.app.jobRunner!.runDue();
    const list = (await t.call(writingsRoutes.list, { query: { taskId, classId } }, { token })).body.data as { students: Array<{ name: string; essays: Array<{ id: number }> }> };
    for (const [i, name] of seeded.students.entries()) essayOf.set(DEMO_ESSAYS[i]!.key, list.students.find((s) => s.name === name)!.essays[0]!.id);
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the anchors at the teacher’s scores and puts the rest on the teacher’s scale, in the AI’s order', async () => {
    const res = await post(body());
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data as Calibration;
    expect(c.map.anchors).toBe(3);
    const scored = c.essays;
    expect(scored.length).toBeGreaterThanOrEqual(DEMO_ESSAYS.length - 1);
    for (const a of anchors) {
      const e = scored.find((x) => x.essayId === essayOf.get(a.key))!;
      expect(e.anchor).toBe(true);
      expect(e.calibrated.label).toBe(a.score);
    }
    // the same line the engine fits from the anchors' AI percents and the teacher's level midpoints
    const mid: Record<string, number> = { A: 92.5, B: 77.5, C: 62.5 };
    const map = fitAnchorMap(anchors.map((a) => ({ ai: scored.find((x) => x.essayId === essayOf.get(a.key))!.ai.percent, teacher: mid[a.score]! })));
    expect(c.map.slope).toBeCloseTo(map.slope, 2);
    const rest = scored.filter((e) => !e.anchor);
    for (const e of rest) expect(e.calibrated.percent).toBeCloseTo(applyAnchorMap(map, e.ai.percent), 1);
    // an increasing map: the AI's order of the rest is kept
    const byAi = [...rest].sort((x, y) => x.ai.percent - y.ai.percent);
    for (let i = 1; i < byAi.length; i++) expect(byAi[i]!.calibrated.percent).toBeGreaterThanOrEqual(byAi[i - 1]!.calibrated.percent);
    // bands before and after count the same essays
    expect(c.bands.map((b) => b.label)).toEqual(['A', 'B', 'C']);
    expect(c.bands.reduce((s, b) => s + b.before, 0)).toBe(scored.length);
    expect(c.bands.reduce((s, b) => s + b.after, 0)).toBe(scored.length);
  });

  it('stores nothing: the essays’ AI scores are unchanged afterwards', async () => {
    const before = (await post(body())).json().data as Calibration;
    const list = (await t.call(writingsRoutes.list, { query: { taskId, classId } }, { token })).body.data as { students: Array<{ essays: Array<{ id: number; aiScore: string | null }> }> };
    for (const e of before.essays) {
      const listed = list.students.flatMap((s) => s.essays).find((x) => x.id === e.essayId)!;
      expect(listed.aiScore).toBe(e.ai.label);
    }
  });

  it('asks for 3 to 5 anchors, each a scored essay of this class once, with a score of the task’s scale, in the caller’s language', async () => {
    const b = body();
    expect((await post({ ...b, anchors: b.anchors.slice(0, 2) })).statusCode).toBe(400);
    const six = Array.from({ length: 6 }, (_, i) => ({ essayId: [...essayOf.values()][i]!, score: 'B' }));
    expect((await post({ ...b, anchors: six })).statusCode).toBe(400);
    const dup = await post({ ...b, anchors: [b.anchors[0]!, b.anchors[0]!, b.anchors[1]!] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error).toBe('ANCHOR_DUPLICATE');
    const bad = await post({ ...b, anchors: [{ ...b.anchors[0]!, score: '优秀' }, ...b.anchors.slice(1)] }, token, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'ANCHOR_SCORE' });
    expect(bad.json().message).toContain('is not a score');
    const zh = await post({ ...b, anchors: [{ ...b.anchors[0]!, score: '95' }, ...b.anchors.slice(1)] }, token, 'zh');
    expect(zh.json().message).toContain('不是本次作文评分方式中的分数');
    const foreign = await post({ ...b, anchors: [{ essayId: 999_999, score: 'A' }, ...b.anchors.slice(1)] });
    expect(foreign.json().error).toBe('ANCHOR_ESSAY');
  });

  it('answers only a teacher of the task: another school’s teacher gets not found, no token 401, an oversized body 413', async () => {
    const other = await t.login('teacherB01');
    expect((await post(body(), other)).statusCode).toBe(404);
    expect((await t.call(writingStatisticsRoutes.writingsAnchorCalibration, { body: body() })).status).toBe(401);
    const huge = { ...body(), padding: 'x'.repeat(8 * 1024) };
    expect((await post(huge)).statusCode).toBe(413);
  });
});

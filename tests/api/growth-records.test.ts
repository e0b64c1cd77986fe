import { gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { growthProfile } from '../../src/core/api/contracts/growth';
import { classes, corrections, essays, growthEntries, jobs, students } from '../../src/server/db/schema';
import { JobRunner } from '../../src/server/jobs/runner';
import { enqueueGrowthBackfill, GROWTH_BACKFILL_JOB, growthBackfillHandler } from '../../src/server/services/growth-backfill-job';
import { taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT, registerTeacher } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';

// One student's semester, seeded as essays the AI has finished (transcript and notes written
// directly) and approved through the API: task 1 (first draft B, revised draft A), task 2 (C), task 3
// (A). 一年一渡 is written wrong in task 1's first draft and again in task 2, then right in task 3;
// 咬紧牙官 appears in task 3 only. Level percents (teacher-percent.ts): A 92.5 → 93, B 77.5 → 78, C 62.5 → 63.
const DAY = 86_400_000;
const wrongNote = (start: number, wrong: string, fix: string, word: string) => ({ kind: 'wrongChar', start, end: start + 1, excerpt: wrong, fix, message: `错别字：“${wrong}”应为“${fix}”（${word}）。` });
const DU = wrongNote(6, '渡', '度', '一年一度');
const GUAN = wrongNote(20, '官', '关', '咬紧牙关');
const DIMS = ['theme', 'content', 'structure', 'language', 'mechanics'];

describe.each(databaseKinds())('student growth records on %s', (kind) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const fx: EssayFixture[] = [];
  const ids: Record<'t1d0' | 't1d1' | 't2' | 't3', number> = { t1d0: 0, t1d1: 0, t2: 0, t3: 0 };
  let studentId = 0;
  let semesterId = '';
  const db = () => t.database.db;
  const get = (url: string, who = 'teacher01', lang?: 'zh' | 'en') => t.call('GET', `${MGMT}/${url}`, { token: tok[who], lang });
  const post = (url: string, body: unknown, who = 'teacher01') => t.call('POST', `${MGMT}/${url}`, { token: tok[who], body });

  async function seedEssay(f: EssayFixture, draft: number, day: number, transcript: string, words: number, notes: unknown[]) {
    const [e] = await db()
      .insert(essays)
      .values({ schoolId: f.schoolId, taskId: f.taskId, classId: f.classId, studentId, draft, status: 'ai_done', source: 'single', wordCount: words, aiScore: 'B', submittedAt: new Date(Date.UTC(2026, 8, 1) + day * DAY) })
      .returning();
    await db().insert(corrections).values({ essayId: e!.id, status: 'done', transcript, result: { notes, comments: { overall: 'AI 评语' } }, engine: 'local' });
    return e!.id;
  }
  async function approve(essayId: number, score: string, dims: string[], comment: string) {
    const res = await post('review/approve', { essayId, teacherComment: comment, teacherScore: score, dimensionScores: DIMS.map((id, i) => ({ id, label: dims[i]! })) });
    expect(res.statusCode, res.body).toBe(200);
  }
  const profile = async (who = 'teacher01', lang?: 'zh' | 'en') => {
    const res = await get(`studentGrowing/single?studentId=${studentId}&semesterId=${semesterId}`, who, lang);
    expect(res.statusCode, res.body).toBe(200);
    // the route sends its JSON as built: it must still match the documented schema
    expect(growthProfile.safeParse(res.json().data).success).toBe(true);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    for (const u of ['teacher01', 'teacherB01', 'headmaster01']) tok[u] = await t.login(u);
    const colleague = await registerTeacher(t, 'grow');
    tok.colleague = await t.login(colleague.username, colleague.password);
    for (const title of ['我的老师', '秋天的运动会', '难忘的一天']) fx.push(await taskFixture(db(), { username: 'teacher01', className: '七年级2班', title, grade: 7 }));
    studentId = fx[0]!.studentId;
    const [cls] = await db().select().from(classes).where(eq(classes.id, fx[0]!.classId));
    const sem = (await get('mclass/selectSemester')).json().data.find((s: { id: number }) => s.id === cls!.semesterId);
    semesterId = sem.semesterId;

    ids.t1d0 = await seedEssay(fx[0]!, 0, 1, '我的老师\n每年一年一渡的运动会上，老师都为我们加油。', 400, [DU]);
    await approve(ids.t1d0, 'B', ['B', 'B', 'B', 'C', 'C'], '内容具体，注意错别字。');
    // the teacher marks a good sentence on the revised draft before approving it
    ids.t1d1 = await seedEssay(fx[0]!, 1, 2, '我的老师\n老师的笑容像春天的阳光一样温暖。', 450, []);
    const saved = await post('review/save', { essayId: ids.t1d1, annotations: [{ id: 'g1', kind: 'good', start: 5, end: 20, excerpt: '老师的笑容像春天的阳光一样温暖。', text: '比喻生动' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    await approve(ids.t1d1, 'A', ['A', 'A', 'A', 'A', 'A'], '修改后细节更丰富。');
    ids.t2 = await seedEssay(fx[1]!, 0, 3, '秋天的运动会\n一年一渡的运动会开始了。', 500, [DU]);
    await approve(ids.t2, 'C', ['C', 'C', 'C', 'C', 'C'], '又写错了“度”。');
    ids.t3 = await seedEssay(fx[2]!, 0, 4, '难忘的一天\n一年一度的春游，我咬紧牙官爬上了山顶。', 600, [GUAN]);
    await approve(ids.t3, 'A', ['A', 'A', 'A', 'A', 'A'], '“一年一度”写对了。');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('computes the record and profile from the approved essays', async () => {
    const p = await profile();
    expect(p.record).toMatchObject({ studentId, tasksCompleted: 3, essaysSubmitted: 4, totalWords: 1950, excellentCount: 0, semesterId });
    // a semester of letter-grade tasks stays in letters (was averageScore 82, the mean of the percents behind A, B, C, A)
    expect(p.record.averageScore).toBeNull();
    expect(p.record.scores).toMatchObject([{ kind: 'levels', count: 4, levels: [{ label: 'A', count: 2 }, { label: 'B', count: 1 }, { label: 'C', count: 1 }], median: 'B' }]);
    expect(p.trend.map((e: { essayId: number; scorePercent: number }) => [e.essayId, e.scorePercent])).toEqual([[ids.t1d0, 78], [ids.t1d1, 93], [ids.t2, 63], [ids.t3, 93]]);
    expect(p.trend[0].dimensions).toEqual({ theme: 78, content: 78, structure: 78, language: 63, mechanics: 63 });
    expect(p.dimensions.map((d: { id: string }) => d.id)).toEqual(DIMS);
    expect(p.lengthByTask).toEqual([
      { taskId: fx[0]!.taskId, taskTitle: '我的老师', essays: 2, averageWords: 425 },
      { taskId: fx[1]!.taskId, taskTitle: '秋天的运动会', essays: 1, averageWords: 500 },
      { taskId: fx[2]!.taskId, taskTitle: '难忘的一天', essays: 1, averageWords: 600 },
    ]);
    expect(p.drafts).toEqual([{ taskId: fx[0]!.taskId, taskTitle: '我的老师', drafts: [{ draft: 0, scorePercent: 78, wordCount: 400 }, { draft: 1, scorePercent: 93, wordCount: 450 }], improvement: 15, wordsAdded: 50 }]);
    expect(p.goodSentences).toMatchObject([{ essayId: ids.t1d1, excerpt: '老师的笑容像春天的阳光一样温暖。', text: '比喻生动' }]);
    expect(p.comments.map((c: { comment: string }) => c.comment)).toEqual(['内容具体，注意错别字。', '修改后细节更丰富。', '又写错了“度”。', '“一年一度”写对了。']);
  });

  it('shows a repeated wrong character that is later written right as fixed', async () => {
    const p = await profile();
    expect(p.wrongBook.map((w: { wrong: string; fix: string; word: string; count: number; fixed: boolean }) => [w.wrong, w.fix, w.word, w.count, w.fixed])).toEqual([
      ['官', '关', '咬紧牙关', 1, false],
      ['渡', '度', '一年一度', 2, true],
    ]);
    const du = p.wrongBook[1];
    expect(du.occurrences.map((o: { essayId: number }) => o.essayId)).toEqual([ids.t1d0, ids.t2]);
    expect(du.fixedIn.essayId).toBe(ids.t3);
  });

  it('follows cancelled approvals and re-approvals', async () => {
    expect((await post('review/cancelApproval', { essayId: ids.t3 })).statusCode).toBe(200);
    let p = await profile();
    expect(p.record).toMatchObject({ tasksCompleted: 2, essaysSubmitted: 4, totalWords: 1350, averageScore: null });
    expect(p.record.scores).toMatchObject([{ kind: 'levels', count: 3, levels: [{ label: 'A', count: 1 }, { label: 'B', count: 1 }, { label: 'C', count: 1 }], median: 'B' }]);
    expect(p.wrongBook.map((w: { wrong: string; fixed: boolean }) => [w.wrong, w.fixed])).toEqual([['渡', false]]);
    const rec = await get(`studentGrowing/${studentId}/${semesterId}`);
    expect(rec.json().data).toMatchObject({ tasksCompleted: 2, essaysSubmitted: 4, totalWords: 1350 });

    await approve(ids.t3, 'B', ['B', 'B', 'B', 'B', 'B'], '再次审核。');
    p = await profile();
    expect(p.record).toMatchObject({ tasksCompleted: 3, essaysSubmitted: 4, totalWords: 1950, averageScore: null });
    expect(p.record.scores).toMatchObject([{ kind: 'levels', count: 4, levels: [{ label: 'A', count: 1 }, { label: 'B', count: 2 }, { label: 'C', count: 1 }], median: 'B' }]);
    expect(p.wrongBook.find((w: { wrong: string }) => w.wrong === '渡').fixed).toBe(true);
    expect(p.comments.at(-1).comment).toBe('再次审核。');
  });

  it('sends the profile gzipped to a client that accepts it, never an outdated one', async () => {
    const url = `${MGMT}/studentGrowing/single?studentId=${studentId}&semesterId=${semesterId}`;
    const zipped = () => t.call('GET', url, { token: tok.teacher01, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const plain = await get(`studentGrowing/single?studentId=${studentId}&semesterId=${semesterId}`);
    const first = await zipped();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers.vary).toMatch(/Accept-Encoding/i);
    expect(first.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(first.rawPayload).equals(plain.rawPayload)).toBe(true);
    // an approval changes the profile: the cached compressed bytes of the old one are not sent again
    expect((await post('review/cancelApproval', { essayId: ids.t3 })).statusCode).toBe(200);
    const after = await zipped();
    const now = JSON.parse(gunzipSync(after.rawPayload).toString('utf8')).data;
    expect(now.record.tasksCompleted).toBe(2);
    await approve(ids.t3, 'B', ['B', 'B', 'B', 'B', 'B'], '再次审核。');
    expect(JSON.parse(gunzipSync((await zipped()).rawPayload).toString('utf8')).data.record.tasksCompleted).toBe(3);
  });

  it('lists, sorts, searches and exports the class growth table', async () => {
    const classId = fx[0]!.classId;
    const res = await get(`studentGrowing/pageList?semesterId=${semesterId}&classId=${classId}&sort=totalWords&order=desc&pageSize=5`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page.list[0]).toMatchObject({ studentId, totalWords: 1950, essaysSubmitted: 4 });
    expect(page.list.length).toBe(Math.min(5, page.total));
    const roster = await db().select().from(students).where(and(eq(students.classId, classId), isNull(students.deletedAt)));
    expect(page.total).toBe(roster.length);
    const name = page.list[0].name as string;
    const found = (await get(`studentGrowing/pageList?classId=${classId}&keyword=${encodeURIComponent(name)}`)).json().data;
    expect(found.list.map((r: { studentId: number }) => r.studentId)).toContain(studentId);

    for (const lang of ['zh', 'en'] as const) {
      const x = await get(`studentGrowing/export?semesterId=${semesterId}&classId=${classId}&sort=totalWords&order=desc`, 'teacher01', lang);
      expect(x.statusCode, x.body).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const header = (ws.getRow(1).values as string[]).slice(1);
      expect(header[5]).toBe(lang === 'zh' ? '本学期完成任务' : 'Tasks completed this semester');
      const first = (ws.getRow(2).values as (string | number)[]).slice(1);
      expect(first.slice(3, 10)).toEqual([name, expect.any(String), 3, 4, 1950, 0, lang === 'zh' ? 'A 1篇，B 2篇，C 1篇（中间水平 B）' : 'A 1, B 2, C 1 (middle essay: B)']);
      expect(header[9]).toBe(lang === 'zh' ? '得分情况' : 'Scores');
      expect(ws.rowCount).toBe(page.total + 1);
    }
  });

  it('the growth-backfill job writes the entries a database filled outside the app lacks, in batches, queued once however many processes start', async () => {
    const before = (await profile()).record;
    await db().delete(growthEntries).where(eq(growthEntries.studentId, studentId));
    await enqueueGrowthBackfill(db(), new Date());
    // a second start while one is queued queues nothing more
    await enqueueGrowthBackfill(db(), new Date());
    expect(await db().select().from(jobs).where(eq(jobs.kind, GROWTH_BACKFILL_JOB))).toHaveLength(1);
    const logged: object[] = [];
    const runner = new JobRunner({ db: db(), now: () => new Date(), concurrency: 1, log: { info: (o) => logged.push(o), warn: () => {}, error: () => {} } });
    runner.register(GROWTH_BACKFILL_JOB, growthBackfillHandler({ db: db(), now: () => new Date() }, runner.log));
    await runner.runDue();
    expect(await db().select().from(growthEntries).where(eq(growthEntries.studentId, studentId))).toHaveLength(4);
    expect((await profile()).record).toMatchObject({ essaysSubmitted: before.essaysSubmitted, totalWords: before.totalWords, tasksCompleted: before.tasksCompleted });
    expect(logged).toContainEqual(expect.objectContaining({ event: 'growth_backfill_progress', essays: 4 }));
    const [job] = await db().select().from(jobs).where(eq(jobs.kind, GROWTH_BACKFILL_JOB));
    expect(job!.status).toBe('done');
  });

  it('refuses other teachers and other schools; the headmaster sees the school', async () => {
    const classId = fx[0]!.classId;
    for (const who of ['teacherB01', 'colleague']) {
      expect((await get(`studentGrowing/single?studentId=${studentId}`, who)).statusCode).toBe(404);
      expect((await get(`studentGrowing/${studentId}/${semesterId}`, who)).statusCode).toBe(404);
      expect((await get(`studentGrowing/pageList?classId=${classId}`, who)).statusCode).toBe(404);
    }
    const mine = (await get(`studentGrowing/pageList?semesterId=${semesterId}`, 'colleague')).json().data;
    expect(mine.total).toBe(0);
    const other = await get(`studentGrowing/pageList?semesterId=${semesterId}`, 'teacherB01');
    expect(other.statusCode).toBe(404);
    const head = (await get(`studentGrowing/single?studentId=${studentId}`, 'headmaster01')).json().data;
    expect(head.record.totalWords).toBe(1950);
    const school = (await get(`studentGrowing/pageList?semesterId=${semesterId}&sort=totalWords&order=desc`, 'headmaster01')).json().data;
    expect(school.list[0].studentId).toBe(studentId);
    expect(new Set(school.list.map((r: { classId: number }) => r.classId)).size).toBeGreaterThanOrEqual(1);
    const en = await get(`studentGrowing/single?studentId=999999`, 'teacher01', 'en');
    expect(en.statusCode).toBe(404);
  });

  it('pages 2,000 students', async () => {
    const [cls] = await db().select().from(classes).where(eq(classes.id, fx[0]!.classId));
    const [big] = await db().insert(classes).values({ schoolId: cls!.schoolId, campusId: cls!.campusId, semesterId: cls!.semesterId, name: '大班', grade: 8, classCode: `BIG${kind.slice(0, 2).toUpperCase()}${Date.now() % 100000}` }).returning();
    await db().insert(students).values(Array.from({ length: 2000 }, (_, i) => ({ schoolId: cls!.schoolId, classId: big!.id, name: `学生${i + 1}`, studentNo: String(i + 1) })));
    const first = (await get(`studentGrowing/pageList?semesterId=${semesterId}&classId=${big!.id}&pageSize=100`, 'headmaster01')).json().data;
    expect(first.total).toBe(2000);
    expect(first.list[0].studentNo).toBe('1');
    const last = (await get(`studentGrowing/pageList?semesterId=${semesterId}&classId=${big!.id}&pageSize=100&pageNum=20`, 'headmaster01')).json().data;
    expect(last.list.map((r: { studentNo: string }) => r.studentNo)).toEqual(Array.from({ length: 100 }, (_, i) => String(1901 + i)));
    const desc = (await get(`studentGrowing/pageList?semesterId=${semesterId}&classId=${big!.id}&pageSize=3&sort=studentNo&order=desc`, 'headmaster01')).json().data;
    expect(desc.list.map((r: { studentNo: string }) => r.studentNo)).toEqual(['2000', '1999', '1998']);
    const grade8 = (await get(`studentGrowing/pageList?semesterId=${semesterId}&grade=8&pageSize=1`, 'headmaster01')).json().data;
    expect(grade8.total).toBeGreaterThanOrEqual(2000);
    expect((await get(`studentGrowing/pageList?classId=${big!.id}`, 'teacher01')).statusCode).toBe(404);
  }, 60_000);
});

import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEssayPage } from '../../src/correction/ocr/render-page';
import { NORMAL_ESSAY, NORMAL_TITLE } from '../../src/correction/test-fixtures';
import { classes, corrections, essayPages, essayReviews, essays, students } from '../../src/server/db/schema';
import { requestCorrection } from '../../src/server/services/correction-service';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { FakeOcr, insertEssay, taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT, registerTeacher } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database'; import { review as reviewRoutes } from '../../src/core/api/routes/review';
import { revision as revisionRoutes } from '../../src/core/api/routes/revision';

// Five essays of one class, AI-corrected by the real local engine (OCR stands in with the known text):
// a clean one, one with wrong characters, one with punctuation slips, one with a long-winded sentence,
// and an off-topic piece about a cat (abnormal). Three classmates hand in nothing.
const TYPOS = NORMAL_ESSAY.replace('一年一度', '一年一渡').replace('咬紧牙关', '咬紧牙官').replace('坚持不懈', '坚持不谢');
const PUNCT = NORMAL_ESSAY.replace('秋天到了，', '秋天到了,').replace('终点就在眼前了！', '，终点就在眼前了');
const LONG = NORMAL_ESSAY.replace(
  '跑到第二圈的时候，我的腿像灌了铅一样沉，呼吸也越来越急促。',
  '跑到第二圈的时候，我的腿像灌了铅一样沉，呼吸也越来越急促，汗水顺着额头往下流，眼睛也被汗水糊住了，耳朵里嗡嗡直响，脚下的跑道好像变得越来越长，前面的同学一个接一个地超过了我，我的心里越来越着急，越来越想停下来，',
);
const CAT = `我家的小猫
我家有一只小猫，它叫咪咪。咪咪全身雪白，只有尾巴尖上有一撮黑毛，像蘸了墨汁的毛笔。
咪咪最喜欢晒太阳。每天午后，它总是懒洋洋地趴在窗台上，眯着眼睛，把肚皮翻过来，舒服极了。
咪咪还很淘气。有一回，它把妈妈织毛衣的线团当成了玩具，滚得满屋子都是，妈妈看了又好气又好笑。
晚上，咪咪会悄悄钻进我的被窝，发出呼噜呼噜的声音，陪我进入梦乡。我喜欢我家的小猫咪咪。`;

type Stats = {
  students: number; submitted: number; aiDone: number; approved: number; abnormal: number;
  averageAi: number | null; averageTeacher: number | null; averageWords: number | null;
  bands: { band: string; label: string; count: number }[];
  distribution: { from: number; to: number; count: number }[];
  dimensions: { id: string; name: string; average: number | null }[];
  commonProblems: { kind: string; label: string; essays: number; examples: string[] }[];
};
const ONE_DECIMAL = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10;

describe.each(databaseKinds())('writing statistics, classroom evaluation and export on %s', (kind) => {
  let t: TestApp;
  const ocr = new FakeOcr();
  const storage = new MemoryFileStorage();
  const tok: Record<string, string> = {};
  let fx: EssayFixture;
  let otherClassId: number;
  const roster: { id: number; name: string; studentNo: string }[] = [];
  const ids: Record<'normal' | 'typos' | 'punct' | 'long' | 'cat', number> = { normal: 0, typos: 0, punct: 0, long: 0, cat: 0 };
  const db = () => t.database.db;
  const now = () => new Date(Date.now() + t.clock.offsetMs);
  const get = (url: string, who = 'teacher01', lang?: 'zh' | 'en') => t.call('GET', `${MGMT}/${url}`, { token: tok[who], lang });
  const statsOf = async (who = 'teacher01', lang?: 'zh' | 'en'): Promise<Stats> => {
    const res = await get(`writings/statistics?taskId=${fx.taskId}&classId=${fx.classId}`, who, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const aiPercent = async (essayId: number) => {
    const [c] = await db().select().from(corrections).where(eq(corrections.essayId, essayId));
    return (c!.result as { score: { percent: number; dimensions: { id: string; percent: number }[] } }).score;
  };

  /** Runs the AI correction of an essay now (the teacher's "correct" button), insisting for essays meant to be scored. */
  async function correct(essayId: number, insist: boolean) {
    await requestCorrection(db(), essayId, { reason: insist ? 'insist' : 'rerun', now: now() });
    await t.app.jobRunner!.runDue();
  }

  /** Approves through POST review/approve when the review API is there, else writes the approval as it does. */
  async function approve(essayId: number, score: string, dims: string[]) {
    const dimensionScores = ['theme', 'content', 'structure', 'language', 'mechanics'].map((id, i) => ({ id, label: dims[i]! }));
    if (t.app.hasRoute({ method: 'POST', url: `${MGMT}/review/approve` })) {
      const res = await t.call(reviewRoutes.reviewApprove, { body: { essayId, teacherComment: '条理清楚，细节真实。', teacherScore: score, dimensionScores } }, { token: tok.teacher01 });
      expect(res.status, res.raw.body).toBe(200);
      return;
    }
    const at = now();
    await db().update(essays).set({ status: 'approved', teacherScore: score, auditAt: at }).where(eq(essays.id, essayId));
    await db()
      .insert(essayReviews)
      .values({ essayId, teacherComment: '条理清楚，细节真实。', dimensionScores: dimensionScores.map((d) => ({ ...d, name: d.id })), approvedAt: at })
      .onConflictDoUpdate({ target: essayReviews.essayId, set: { dimensionScores: dimensionScores.map((d) => ({ ...d, name: d.id })), approvedAt: at } });
  }

  /** A revised draft of a student's essay on the same page image (intake is tested elsewhere). */
  async function revisedDraft(of: number, draft: number): Promise<number> {
    const [e] = await db().select().from(essays).where(eq(essays.id, of));
    const [page] = await db().select().from(essayPages).where(eq(essayPages.essayId, of));
    const [row] = await db().insert(essays).values({ schoolId: e!.schoolId, taskId: e!.taskId, classId: e!.classId, studentId: e!.studentId, draft, source: 'single' }).returning();
    await db().insert(essayPages).values({ essayId: row!.id, fileId: page!.fileId, pageNo: 1 });
    return row!.id;
  }

  const exportOf = (query: string, who = 'teacher01', lang?: 'zh' | 'en') => get(`export/writing?${query}`, who, lang);
  async function sheetOf(body: Buffer) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows: (string | number | null)[][] = [];
    ws.eachRow((row) => rows.push((row.values as (string | number | null)[]).slice(1)));
    const summary = wb.worksheets[1] ? (wb.worksheets[1].getRow(1).values as (string | null)[]).slice(1) : null;
    return { name: ws.name, header: rows[0]!, rows: rows.slice(1), summary };
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { ocr, storage }, jobs: { poll: false } });
    for (const u of ['teacher01', 'teacherB01', 'classrole01', 'headmaster01']) tok[u] = await t.login(u);
    const colleague = await registerTeacher(t, 'stat');
    tok.colleague = await t.login(colleague.username, colleague.password);
    fx = await taskFixture(db(), { username: 'teacher01', className: '七年级2班', title: NORMAL_TITLE, grade: 7 });
    const [other] = await db().select().from(classes).where(and(eq(classes.schoolId, fx.schoolId), eq(classes.name, '七年级1班')));
    otherClassId = other!.id;
    roster.push(...(await db().select().from(students).where(eq(students.classId, fx.classId)).orderBy(students.studentNo)));
    const texts = { normal: NORMAL_ESSAY, typos: TYPOS, punct: PUNCT, long: LONG, cat: CAT };
    for (const [i, key] of (['normal', 'typos', 'punct', 'long', 'cat'] as const).entries()) {
      const page = (await renderEssayPage(texts[key], { seed: i + 1 })).image;
      ocr.register(page, texts[key]);
      ids[key] = await insertEssay(db(), storage, fx, [page], { studentId: roster[i]!.id });
      await correct(ids[key], key !== 'cat');
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the essays are AI-corrected as intended (four scored, the off-topic one abnormal)', async () => {
    const rows = await db().select().from(essays).where(eq(essays.taskId, fx.taskId));
    const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect([ids.normal, ids.typos, ids.punct, ids.long].map((id) => status[id])).toEqual(['ai_done', 'ai_done', 'ai_done', 'ai_done']);
    expect(status[ids.cat]).toBe('abnormal');
  });

  it('statistics before any approval: counts, AI averages, bands, distribution, dimensions, common problems', async () => {
    const st = await statsOf();
    expect(roster.length).toBe(8);
    expect(st).toMatchObject({ students: 8, submitted: 5, aiDone: 4, approved: 0, abnormal: 1, averageTeacher: null });
    const ai = await Promise.all([ids.normal, ids.typos, ids.punct, ids.long].map(aiPercent));
    expect(st.averageAi).toBe(ONE_DECIMAL(ai.map((s) => s.percent)));
    expect(st.averageWords).toBeGreaterThan(300);
    // A letter-grade task's bands are its letters, counted as shown (a B is a B, never re-cut into 中等)
    const labels = (await Promise.all([ids.normal, ids.typos, ids.punct, ids.long].map(aiPercent))).map((sc) => (sc as unknown as { label: string }).label);
    expect(st.bands.map((b) => b.label)).toEqual(['A', 'B', 'C']);
    expect(st.bands.map((b) => b.count)).toEqual(['A', 'B', 'C'].map((l) => labels.filter((x) => x === l).length));
    expect((st as unknown as { aiSummary: { kind: string; median: string; levels: { label: string; count: number }[] } }).aiSummary).toMatchObject({ kind: 'levels', levels: st.bands.map((b) => ({ label: b.label, count: b.count })) });
    expect(st.distribution).toHaveLength(10);
    expect(st.distribution[0]).toEqual({ from: 0, to: 10, count: 0 });
    expect(st.distribution.reduce((a, b) => a + b.count, 0)).toBe(4);
    for (const s of ai) expect(st.distribution[Math.min(9, Math.floor(s.percent / 10))]!.count).toBeGreaterThan(0);
    expect(st.dimensions.map((d) => d.id)).toEqual(['theme', 'content', 'structure', 'language', 'mechanics']);
    expect(st.dimensions[0]).toEqual({ id: 'theme', name: '立意切题', average: ONE_DECIMAL(ai.map((s) => s.dimensions.find((d) => d.id === 'theme')!.percent)) });

    const problem = (k: string) => st.commonProblems.find((p) => p.kind === k);
    expect(problem('wrongChar')).toEqual({ kind: 'wrongChar', label: '错别字', essays: 1, examples: expect.arrayContaining(['“渡”应为“度”', '“官”应为“关”']) });
    expect(problem('punctuation')).toMatchObject({ label: '标点使用不规范', essays: expect.any(Number) });
    expect(problem('punctuation')!.examples).toContain('中文里应使用全角标点');
    expect(problem('longSentence')).toMatchObject({ label: '句子冗长', essays: 1 });
    expect(problem('longSentence')!.examples[0]).toMatch(/^“跑到第二圈的时候.*…”$/);
    expect(problem('offTopic')).toEqual({ kind: 'offTopic', label: '疑似偏题', essays: 1, examples: [roster[4]!.name] });
    expect(st.commonProblems.map((p) => p.essays)).toEqual([...st.commonProblems.map((p) => p.essays)].sort((a, b) => b - a));

    const en = await statsOf('teacher01', 'en');
    expect(en.bands.map((b) => b.label)).toEqual(['A', 'B', 'C']);
    expect(en.dimensions[0]!.name).toBe('Theme and relevance');
    expect(en.commonProblems.find((p) => p.kind === 'wrongChar')!.label).toBe('Wrong characters');
  });

  it('nothing approved yet: the export refuses with a clear message in the caller’s language', async () => {
    const zh = await exportOf(`taskId=${fx.taskId}`);
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ error: 'NOTHING_APPROVED', message: '还没有老师审核通过的作文，无法导出', showMsg: '还没有老师审核通过的作文，无法导出' });
    const en = await exportOf(`taskId=${fx.taskId}&classId=${fx.classId}`, 'teacher01', 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('No essay has been approved by a teacher yet, so there is nothing to export');
  });

  it('approved teacher scores count on the percent scale (A = 92.5, B = 77.5) and replace the AI’s in bands and dimensions', async () => {
    await approve(ids.normal, 'A', ['A', 'A', 'B', 'A', 'A']);
    await approve(ids.typos, 'B', ['B', 'B', 'B', 'C', 'C']);
    const st = await statsOf();
    expect(st).toMatchObject({ approved: 2, aiDone: 4, averageTeacher: 85 });
    expect(st.bands.find((b) => b.band === 'excellent')!.count).toBeGreaterThanOrEqual(1);
    const ai = await Promise.all([ids.punct, ids.long].map(aiPercent));
    // structure: teacher B (77.5) twice, the AI's for the two essays not approved
    const structure = ONE_DECIMAL([77.5, 77.5, ...ai.map((s) => s.dimensions.find((d) => d.id === 'structure')!.percent)]);
    expect(st.dimensions.find((d) => d.id === 'structure')!.average).toBe(structure);
  });

  it('classroom evaluation follows from the class’s essays, in the caller’s language', async () => {
    const res = await get(`writings/classroomEvaluation?taskId=${fx.taskId}&classId=${fx.classId}`);
    expect(res.statusCode, res.body).toBe(200);
    const ev = res.json().data;
    expect(ev).toMatchObject({ taskTitle: NORMAL_TITLE, className: '七年级2班' });
    expect(ev.summary).toContain('七年级2班共8人，已提交5篇，AI已批改4篇，老师已审核2篇');
    expect(ev.summary).toContain('还有3位同学未提交');
    // the class summed up in letters, as the report shows it, never a percent average
    expect(ev.summary).toMatch(/全班评定：A \d+篇，B \d+篇，C \d+篇（中间水平 [ABC]）。/);
    expect(ev.summary).not.toMatch(/平均|百分制/);
    expect(ev.statistics.approved).toBe(2);
    // the best essays: approved first, with the teacher's score and the opening of the body (title line skipped)
    expect(ev.topEssays.slice(0, 2).map((e: { essayId: number; score: string }) => [e.essayId, e.score])).toEqual([[ids.normal, 'A'], [ids.typos, 'B']]);
    expect(ev.topEssays[0].excerpt).toMatch(/^秋天到了，学校举行了一年一度的运动会。.*…$/);
    expect(ev.topEssays[0].studentName).toBe(roster[0]!.name);
    // good sentences with the student's name and why
    expect(ev.goodSentences.length).toBeGreaterThanOrEqual(4);
    expect(ev.goodSentences[0].studentName).toBe(roster[0]!.name);
    expect(new Set(ev.goodSentences.map((g: { text: string }) => g.text)).size).toBe(ev.goodSentences.length);
    for (const g of ev.goodSentences) {
      expect(NORMAL_ESSAY + LONG + PUNCT + TYPOS).toContain(g.text);
      expect([...g.text].length).toBeLessThanOrEqual(80);
      expect(g.why).toMatch(/运用了|词语|描写/);
    }
    expect(ev.wrongCharacters).toEqual(expect.arrayContaining([{ wrong: '渡', fix: '度', count: 1 }, { wrong: '官', fix: '关', count: 1 }]));
    expect(ev.strengths.join()).toMatch(/是全班的强项/);
    expect(ev.problems.join()).toContain('错别字：1篇作文出现，如“渡”应为“度”');

    const en = (await get(`writings/classroomEvaluation?taskId=${fx.taskId}&classId=${fx.classId}`, 'teacher01', 'en')).json().data;
    expect(en.summary).toContain('七年级2班: students 8; handed in 5; corrected by the AI 4; approved by the teacher 2. Not handed in yet: 3.');
    expect(en.problems.join(' ')).toContain('Wrong characters (essays: 1), e.g. “渡” for “度”');
    for (const g of en.goodSentences) expect(g.why).toMatch(/^(Uses|Precise|Vivid|uses)/);
  });

  it('exports only approved essays, one row per student (latest approved draft), with dimensions, bands and CST times', async () => {
    // a revised draft not yet approved does not hide the approved first draft
    await approve(ids.punct, 'C', ['C', 'B', 'C', 'C', 'C']);
    const revised = await revisedDraft(ids.punct, 1);
    await correct(revised, true);

    const res = await exportOf(`taskId=${fx.taskId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const cd = String(res.headers['content-disposition']);
    expect(cd).toMatch(/^attachment; filename="essay-scores-\d+\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(cd.split("UTF-8''")[1]!)).toBe(`作文成绩-${NORMAL_TITLE}.xlsx`);
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.name).toBe('作文成绩');
    // A letter task shows its letters only: no 优秀/中等 band re-cut from the percents behind them; the
    // class is summed up in letters on a second sheet.
    expect(sheet.header).toEqual(['班级', '学号', '姓名', '稿次', '教师评分', '立意切题', '内容充实', '结构条理', '语言表达', '书写规范', '字数', '提交时间', '审核时间', '教师评语']);
    expect(sheet.rows.map((r) => r.slice(0, 10))).toEqual([
      ['七年级2班', roster[0]!.studentNo, roster[0]!.name, '初稿', 'A', 'A', 'A', 'B', 'A', 'A'],
      ['七年级2班', roster[1]!.studentNo, roster[1]!.name, '初稿', 'B', 'B', 'B', 'B', 'C', 'C'],
      ['七年级2班', roster[2]!.studentNo, roster[2]!.name, '初稿', 'C', 'C', 'B', 'C', 'C', 'C'],
    ]);
    expect(sheet.summary?.[0]).toBe('得分汇总');
    expect(String(sheet.summary?.[1])).toMatch(/A\s*1篇.*B\s*1篇.*C\s*1篇/);
    const [normal] = await db().select().from(essays).where(eq(essays.id, ids.normal));
    const cst = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(sheet.rows[0]!.slice(10)).toEqual([normal!.wordCount, cst(normal!.submittedAt), cst(normal!.auditAt!), '条理清楚，细节真实。']);
    for (const r of sheet.rows) expect(String(r[12])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // once the revised draft is approved it replaces the first draft in the export
    await approve(revised, 'B', ['B', 'B', 'B', 'B', 'B']);
    const after = await sheetOf((await exportOf(`taskId=${fx.taskId}&classId=${fx.classId}`)).rawPayload);
    expect(after.rows.map((r) => [r[2], r[3], r[4]])).toEqual([
      [roster[0]!.name, '初稿', 'A'],
      [roster[1]!.name, '初稿', 'B'],
      [roster[2]!.name, '修改稿1', 'B'],
    ]);
    // statistics follow the latest draft of each student
    expect((await statsOf()).approved).toBe(3);

    const en = await exportOf(`taskId=${fx.taskId}&classId=${fx.classId}`, 'teacher01', 'en');
    expect(decodeURIComponent(String(en.headers['content-disposition']).split("UTF-8''")[1]!)).toBe(`Essay scores-${NORMAL_TITLE}-七年级2班.xlsx`);
    const enSheet = await sheetOf(en.rawPayload);
    expect(enSheet.header.slice(0, 6)).toEqual(['Class', 'Student no.', 'Name', 'Draft', 'Teacher score', 'Theme and relevance']);
    expect(enSheet.header).toHaveLength(14);
    expect(enSheet.summary?.[0]).toBe('Scores in all');
  });

  it('is scoped like the writing list: another school’s or an unbound teacher gets 404, a headmaster without task rights 403', async () => {
    const q = `taskId=${fx.taskId}&classId=${fx.classId}`;
    for (const who of ['teacherB01', 'colleague']) {
      expect((await get(`writings/statistics?${q}`, who)).statusCode).toBe(404);
      expect((await get(`writings/classroomEvaluation?${q}`, who)).statusCode).toBe(404);
      expect((await exportOf(q, who)).statusCode).toBe(404);
      expect((await exportOf(`taskId=${fx.taskId}`, who)).statusCode).toBe(404);
    }
    for (const url of [`writings/statistics?${q}`, `writings/classroomEvaluation?${q}`, `export/writing?${q}`]) expect((await get(url, 'headmaster01')).statusCode).toBe(403);
    // class staff see the whole school
    expect((await statsOf('classrole01')).approved).toBe(3);
    expect((await exportOf(q, 'classrole01')).statusCode).toBe(200);
    // a class the task does not reach
    const wrong = await exportOf(`taskId=${fx.taskId}&classId=${otherClassId}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('CLASS_NOT_IN_TASK');
    expect((await get(`writings/statistics?taskId=${fx.taskId}&classId=${otherClassId}`)).statusCode).toBe(400);
    expect((await t.call('GET', `${MGMT}/export/writing?${q}`)).statusCode).toBe(401);
  });
  it('one truth for counts: the writing list, the task board, statistics and the classroom evaluation agree, and a rewrite waits in its own tile (product-rules.md#teacher-journey)', async () => {
    const asked = await t.call(revisionRoutes.revisionRequest, { body: { essayIds: [ids.long], mode: 'keep', message: '请把第二圈写得更简洁' } }, { token: tok.teacher01 });
    expect(asked.status, asked.raw.body).toBe(200);
    const list = (await get(`writings/list?taskId=${fx.taskId}&classId=${fx.classId}`)).json().data;
    const board = (await get(`tasks/statistics?id=${fx.taskId}`)).json().data.classes.find((c: { classId: number }) => c.classId === fx.classId);
    const st = await statsOf();
    const ev = (await get(`writings/classroomEvaluation?taskId=${fx.taskId}&classId=${fx.classId}`)).json().data;
    const c = list.counts;
    // every handed-in essay sits in exactly one tile, the rewrite included
    expect(c.abnormal + c.awaitingAi + c.aiDone + c.approved + c.revisionRequested).toBe(c.submitted);
    expect(c.revisionRequested).toBe(1);
    expect(c.aiCorrected).toBe(c.aiDone + c.approved + c.revisionRequested);
    for (const k of ['students', 'submitted', 'aiCorrected', 'approved', 'abnormal', 'revisionRequested', 'notSubmitted']) expect(board[k], k).toBe(c[k]);
    expect([st.students, st.submitted, st.aiDone, st.approved, st.abnormal]).toEqual([c.students, c.submitted, c.aiCorrected, c.approved, c.abnormal]);
    expect(ev.statistics.aiDone).toBe(c.aiCorrected);
    // the student asked for a rewrite is labelled as waiting for it, not as having handed in a revised draft
    const row = list.students.find((s: { essays: { id: number }[] }) => s.essays.some((e) => e.id === ids.long));
    expect(row.label).toBe('awaitingRevision');
  });
});

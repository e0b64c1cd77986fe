import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corrections, essayReviews, essays, scoringStandards, students, tasks } from '../../src/server/db/schema';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { insertEssay, taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT, registerTeacher } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { classReport as classReportRoutes } from '../../src/core/api/routes/class-report';

// A class of 8 on a task scored out of 100 (score type 3), figures worked out by hand below.
// Current task: s0 90, s1 80, s2 55, s3 70 approved; s4 corrected by the AI but not approved (its
// wrong characters and score must not count); s5–s7 hand in nothing. Previous task: s0 80, s1 70, s3 85.
//   average (90+80+55+70)/4 = 73.75 → 73.8; highest 90; lowest 55
//   bands: excellent 1 (90), good 1 (80), medium 1 (70), qualified 0, needs improvement 1 (55)
//   theme dimension (value = total − 0 for s0..s3: 90, 80, 50, 70) → 72.5
//   previous average (80+70+85)/3 = 78.33 → 78.3; delta 73.8 − 78.3 = −4.5
//   attention: s2 low (55 < 60), s3 dropped (85 → 70), s4 pending, s5 s6 s7 missing
//   wrong characters: 2 (s0, s1: 一渡→一度 each), punctuation 1 (s1)
const DIMS = ['theme', 'content', 'structure', 'language', 'mechanics'];
const note = (kind: string, excerpt: string, fix?: string) => ({ kind, start: 0, end: excerpt.length, excerpt, message: kind === 'goodSentence' ? '比喻生动' : '注意', ...(fix ? { fix } : {}) });

describe.each(databaseKinds())('class report on %s', (kind) => {
  let t: TestApp;
  const storage = new MemoryFileStorage();
  const tok: Record<string, string> = {};
  let fx: EssayFixture;
  let prevTaskId = 0;
  let roster: { id: number; name: string }[] = [];
  let bestEssayId = 0;
  const db = () => t.database.db;
  const post = (url: string, body: unknown, who = 'teacher01', lang?: 'zh' | 'en') => t.call('POST', `${MGMT}/${url}`, { token: tok[who], body, lang });
  const report = async (body: Record<string, unknown> = {}, who = 'teacher01', lang?: 'zh' | 'en') => {
    const res = await post('tasks/getReportData', { taskId: fx.taskId, classId: fx.classId, ...body }, who, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  async function essay(taskId: number, i: number, o: { status: string; score?: number; notes?: unknown[]; comment?: string }) {
    const png = await sharp({ create: { width: 60, height: 80, channels: 3, background: { r: 250, g: 250, b: 240 + i } } }).png().toBuffer();
    const id = await insertEssay(db(), storage, { ...fx, taskId }, [png], { studentId: roster[i]!.id });
    await db().update(essays).set({ status: o.status, wordCount: 400 + i * 10, ...(o.status === 'approved' ? { teacherScore: String(o.score), auditAt: new Date() } : {}) }).where(eq(essays.id, id));
    await db().insert(corrections).values({ essayId: id, status: 'done', transcript: `我的老师\n第${i}位同学的作文正文。`, result: { notes: o.notes ?? [], comments: { overall: 'AI 总评' }, score: { percent: 99 } } });
    if (o.status === 'approved') {
      const dimensionScores = DIMS.map((d, k) => ({ id: d, value: k === 0 ? (o.score === 55 ? 50 : o.score!) : o.score! }));
      await db().insert(essayReviews).values({ essayId: id, teacherComment: o.comment ?? '条理清楚。', dimensionScores, approvedAt: new Date() });
    }
    return id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { storage }, jobs: { poll: false } });
    for (const u of ['teacher01', 'teacherB01', 'headmaster01']) tok[u] = await t.login(u);
    const colleague = await registerTeacher(t, 'rep');
    tok.colleague = await t.login(colleague.username, colleague.password);
    const prev = await taskFixture(db(), { username: 'teacher01', className: '七年级2班', title: '上一次作文', grade: 7 });
    fx = await taskFixture(db(), { username: 'teacher01', className: '七年级2班', title: '我的老师', grade: 7 });
    const [std] = await db().insert(scoringStandards).values({ name: '百分制', levelType: 3, levelDim: '立意,内容,结构,语言,书写', difficulty: 0 }).returning();
    await db().update(tasks).set({ scoringStandardId: std!.id }).where(eq(tasks.id, fx.taskId));
    await db().update(tasks).set({ scoringStandardId: std!.id, releaseAt: new Date(Date.now() - 7 * 86400_000) }).where(eq(tasks.id, prev.taskId));
    prevTaskId = prev.taskId;
    roster = await db().select({ id: students.id, name: students.name }).from(students).where(eq(students.classId, fx.classId)).orderBy(students.studentNo);
    bestEssayId = await essay(fx.taskId, 0, { status: 'approved', score: 90, notes: [note('wrongChar', '一渡', '一度'), note('goodSentence', '秋风吹过，树叶像蝴蝶一样飞舞。')] });
    await essay(fx.taskId, 1, { status: 'approved', score: 80, notes: [note('wrongChar', '一渡', '一度'), note('punctuation', '秋天到了,', '秋天到了，')] });
    await essay(fx.taskId, 2, { status: 'approved', score: 55 });
    await essay(fx.taskId, 3, { status: 'approved', score: 70 });
    await essay(fx.taskId, 4, { status: 'ai_done', notes: [note('wrongChar', '坚持不谢', '坚持不懈'), note('wrongChar', '牙官', '牙关'), note('punctuation', '了,', '了，')] });
    await essay(prevTaskId, 0, { status: 'approved', score: 80 });
    await essay(prevTaskId, 1, { status: 'approved', score: 70 });
    await essay(prevTaskId, 3, { status: 'approved', score: 85 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the class has 8 students (the figures below assume it)', () => {
    expect(roster).toHaveLength(8);
  });

  it('overview, bands and distribution on the task scale count approved essays only', async () => {
    const r = await report({ mode: 'simple' });
    expect(r.sections).toEqual(['overview', 'dimensions', 'commonProblems']);
    expect(r.students).toBeUndefined();
    expect(r.overview).toMatchObject({ students: 8, submitted: 5, approved: 4, average: 73.8, highest: 90, lowest: 55, averageScore: '73.8', scoreType: 3, fullMark: 100, averageWords: 415 });
    // a points task is summed up in points (one summary for every screen: core/scoring/score-summary.ts)
    expect(r.overview.summary).toEqual({ kind: 'points', count: 4, levels: [], median: null, average: 73.8, highest: 90, lowest: 55, fullMark: 100 });
    expect(r.overview.bands.map((b: { count: number }) => b.count)).toEqual([1, 1, 1, 0, 1]);
    expect(r.overview.scale.map((b: { count: number }) => b.count)).toEqual([0, 0, 0, 0, 0, 1, 0, 1, 1, 1]);
    expect(r.overview.scale[9].label).toBe('90–100');
    const theme = r.dimensions.find((d: { id: string }) => d.id === 'theme');
    expect(theme).toMatchObject({ average: 72.5, min: 50, max: 90, name: '立意切题' });
    // stddev of 90, 80, 50, 70 around 72.5 = √218.75 ≈ 14.8
    expect(theme.spread).toBe(14.8);
  });

  it('common problems: the unapproved essay’s wrong characters and punctuation are not counted', async () => {
    const r = await report({ mode: 'simple' });
    expect(r.commonProblems).toEqual([
      { kind: 'wrongChar', label: '错别字', count: 2, essays: 2, examples: [{ text: '“一渡”应为“一度”', count: 2 }] },
      { kind: 'punctuation', label: '标点', count: 1, essays: 1, examples: [{ text: '“秋天到了,”应为“秋天到了，”', count: 1 }] },
    ].map((p) => ({ ...p, label: expect.any(String) })));
  });

  it('full report: comparison, attention, excellent, good sentences, students and their pages', async () => {
    const r = await report({ mode: 'full' });
    expect(r.mode).toBe('full');
    expect(r.comparison).toMatchObject({ previous: { taskId: prevTaskId, title: '上一次作文', average: 78.3, approved: 3 }, current: 73.8, delta: -4.5 });
    expect(r.comparison.trend.map((x: { average: number }) => x.average)).toEqual([78.3, 73.8]);
    const att = Object.fromEntries(r.attention.map((a: { studentId: number; reason: string }) => [a.studentId, a.reason]));
    expect(att).toEqual({ [roster[2]!.id]: 'low', [roster[3]!.id]: 'dropped', [roster[4]!.id]: 'pending', [roster[5]!.id]: 'missing', [roster[6]!.id]: 'missing', [roster[7]!.id]: 'missing' });
    expect(r.excellent.map((e: { studentId: number }) => e.studentId)).toEqual([roster[0]!.id]);
    expect(r.goodSentences).toEqual([{ studentId: roster[0]!.id, studentName: roster[0]!.name, text: '秋风吹过，树叶像蝴蝶一样飞舞。', reasons: ['比喻生动'] }]);
    expect(r.students).toHaveLength(8);
    const s4 = r.students.find((s: { studentId: number }) => s.studentId === roster[4]!.id);
    expect(s4).toMatchObject({ status: 'pending', percent: null, score: null, wrongChars: 0 });
    const s3 = r.students.find((s: { studentId: number }) => s.studentId === roster[3]!.id);
    expect(s3).toMatchObject({ status: 'approved', percent: 70, score: '70', previous: 85, band: 'medium' });
    expect(r.studentPages.map((p: { studentId: number }) => p.studentId)).toEqual([0, 1, 3, 2].map((i) => roster[i]!.id));
    expect(r.studentPages[0].pages).toHaveLength(1);
    expect(r.studentPages[0]).toMatchObject({ teacherComment: '条理清楚。', aiComment: 'AI 总评', score: '90' });
    const img = await t.call('GET', r.studentPages[0].pages[0].url);
    expect(img.statusCode).toBe(200);
  });

  it('the excellent section lists the task’s sample essays of the class (product-rules.md#sample-essays), none before one is proposed', async () => {
    expect((await report({ mode: 'full' })).samples).toEqual([]);
    const proposed = await post('samples/propose', { essayId: bestEssayId, reason: '描写细腻' });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const r = await report({ mode: 'full' });
    expect(r.samples).toEqual([{ sampleId: proposed.json().data.id, essayId: bestEssayId, studentId: roster[0]!.id, studentName: roster[0]!.name, title: expect.any(String), status: 'to_release', likeCount: 0, publishedAt: null }]);
    expect((await report({ mode: 'simple' })).samples).toBeUndefined();
  });

  it('getPartReportData returns one section; the teacher’s setting is stored and used', async () => {
    const part = await post('tasks/getPartReportData', { taskId: fx.taskId, classId: fx.classId, partType: 'attention' });
    expect(part.statusCode, part.body).toBe(200);
    expect(Object.keys(part.json().data).filter((k) => !['task', 'class', 'mode', 'sections'].includes(k))).toEqual(['attention']);
    const cfg0 = await post('tasks/getTeacherReportConfig', {});
    expect(cfg0.json().data.mode).toBe('simple');
    const saved = await post('tasks/getTeacherReportConfig', { mode: 'full', sections: ['overview', 'students'] });
    expect(saved.json().data).toEqual({ mode: 'full', sections: ['overview', 'students'] });
    const r = await report();
    expect(r.mode).toBe('full');
    expect(r.sections).toEqual(['overview', 'students']);
    expect(r.comparison).toBeUndefined();
    const bad = await post('tasks/getTeacherReportConfig', { mode: 'everything' });
    expect(bad.statusCode).toBe(400);
  });

  it('the full report as PDF: Chinese text embedded, a page per approved student; another school refused', async () => {
    const res = await t.call(classReportRoutes.reportPdf, { query: { taskId: fx.taskId, classId: fx.classId, mode: 'full' } }, { token: tok.teacher01 });
    expect(res.status, res.raw.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const mupdf = await import('mupdf');
    const doc = mupdf.Document.openDocument(res.raw.rawPayload, 'application/pdf');
    expect(doc.countPages()).toBeGreaterThanOrEqual(1 + 4);
    const first = doc.loadPage(0).toStructuredText('preserve-whitespace').asText();
    expect(first).toContain('班级作文报告');
    expect(first).toContain('我的老师');
    const last = doc.loadPage(doc.countPages() - 1).toStructuredText('preserve-whitespace').asText();
    expect(last).toContain(roster[2]!.name);
    const simple = await t.call(classReportRoutes.reportPdf, { query: { taskId: fx.taskId, classId: fx.classId, mode: 'simple' } }, { token: tok.teacher01 });
    expect(mupdf.Document.openDocument(simple.raw.rawPayload, 'application/pdf').countPages()).toBe(1);
    expect((await t.call(classReportRoutes.reportPdf, { query: { taskId: fx.taskId, classId: fx.classId } }, { token: tok.teacherB01 })).status).toBe(404);
  }, 60_000);

  it('English labels', async () => {
    const r = await report({ mode: 'simple' }, 'teacher01', 'en');
    expect(r.overview.bands[0].label).toBe('Excellent');
    expect(r.dimensions[0].name).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('another school’s teacher and an unbound colleague are refused; the headmaster reads it', async () => {
    const other = await post('tasks/getReportData', { taskId: fx.taskId, classId: fx.classId }, 'teacherB01');
    expect(other.statusCode).toBe(404);
    const colleague = await post('tasks/getReportData', { taskId: fx.taskId, classId: fx.classId }, 'colleague');
    expect([403, 404]).toContain(colleague.statusCode);
    const anon = await t.call(classReportRoutes.tasksGetReportData, { body: { taskId: fx.taskId, classId: fx.classId } });
    expect(anon.status).toBe(401);
    const head = await post('tasks/getReportData', { taskId: fx.taskId, classId: fx.classId, mode: 'simple' }, 'headmaster01');
    expect(head.statusCode, head.body).toBe(200);
    expect(head.json().data.overview.approved).toBe(4);
    const pending = await db().select({ id: essays.id }).from(essays).where(and(eq(essays.taskId, fx.taskId), eq(essays.status, 'ai_done')));
    expect(pending).toHaveLength(1);
  });
});

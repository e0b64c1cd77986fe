import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { MGMT } from '../helpers/flows';
import { seedLeadersSchool } from '../helpers/leaders-school';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { lcw as lcwRoutes } from '../../src/core/api/routes/lcw';

interface Listed { id: number; name: string; h5Code: string }

async function xlsx(rows: (string | number)[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('题库');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

describe.each(databaseKinds())('etiquette test (礼仪测试) on %s', (kind) => {
  let t: TestApp;
  let teacher: string;
  let classId: number;
  let classCode: string;
  let students: Listed[] = [];
  let otherSchoolTeacher: string;
  let otherClassId: number;
  const as = (token: string) => ({
    get: (url: string, lang?: 'en') => t.call('GET', `${MGMT}/${url}`, { token, lang }),
    post: (url: string, body: unknown, lang?: 'en') => t.call('POST', `${MGMT}/${url}`, { token, body, lang }),
    del: (url: string) => t.call('DELETE', `${MGMT}/${url}`, { token }),
  });
  const h5 = (url: string, body: unknown, ip = '10.60.0.1') => t.call('POST', `${MGMT}/h5/lcw/${url}`, { body, ip });
  let q: { single: number; multiple: number; judge: number; short: number };

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    teacher = await t.login('teacher01');
    const classes = (await as(teacher).get('lcw/classes')).json().data as { id: number; name: string }[];
    const c1 = classes.find((c) => c.name === '七年级1班')!;
    classId = c1.id;
    const full = (await as(teacher).get('mclass/list?pageSize=100')).json().data.list as { id: number; classCode: string }[];
    classCode = full.find((c) => c.id === classId)!.classCode;
    students = (await as(teacher).get(`mStudent/list?classId=${classId}&pageSize=100`)).json().data.list;
    const other = await seedLeadersSchool(t.database.db, 'lcwx');
    otherSchoolTeacher = await t.login('lcwxt1');
    otherClassId = ((await as(otherSchoolTeacher).get('lcw/classes')).json().data as { id: number }[])[0]!.id;
    expect(other.schoolId).toBeGreaterThan(0);
    const add = async (body: unknown) => {
      const res = await as(teacher).post('lcw/questions', body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    q = {
      single: await add({ kind: 'single', stem: '长辈递东西给你时，应该', options: ['单手接', '双手接', '不接'], answer: [1], points: 4 }),
      multiple: await add({ kind: 'multiple', stem: '礼貌用语有', options: ['请', '谢谢', '快点'], answer: [0, 1], points: 4 }),
      judge: await add({ kind: 'judge', stem: '图书馆里可以大声说话', answer: [0], points: 2 }),
      short: await add({ kind: 'short', stem: '早上遇到老师怎样问好？', explanation: '停下、微笑、问好', points: 10 }),
    };
  }, 120_000);
  afterAll(async () => t?.close());

  const newTest = (extra: Record<string, unknown> = {}) =>
    as(teacher).post('lcw/tests', {
      title: '校园礼仪小测',
      classIds: [classId],
      deadline: new Date(Date.now() + 86_400_000).toISOString(),
      questions: [{ questionId: q.single }, { questionId: q.multiple }, { questionId: q.judge }, { questionId: q.short }],
      publish: true,
      ...extra,
    });

  it('refuses bad questions with clear messages in zh and en', async () => {
    const zh = await as(teacher).post('lcw/questions', { kind: 'single', stem: '题', options: ['甲', '乙'], answer: [0, 1] });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('单选题只能有一个正确答案');
    const en = await as(teacher).post('lcw/questions', { kind: 'multiple', stem: 'Q', options: ['a'], answer: [0] }, 'en');
    expect(en.json().message).toBe('A choice question needs at least 2 options');
    const blank = await as(teacher).post('lcw/questions', { kind: 'judge', stem: '  ', answer: [1] });
    expect(blank.json().message).toBe('请填写题目');
  });

  it('a student takes the test on the phone once; the server scores it; the teacher marks the short answer', async () => {
    const created = await newTest();
    expect(created.statusCode, created.body).toBe(200);
    const testId = created.json().data.id as number;
    const detail = (await as(teacher).get(`lcw/tests/${testId}`)).json().data;
    const [qs, qm, qj, qsh] = detail.questions as { id: number }[];

    const info = await h5('class', { classCode });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data.tests.map((x: { id: number }) => x.id)).toContain(testId);
    const me = students[0]!;
    const who = { classCode, studentId: me.id, studentCode: me.h5Code };
    const paper = (await h5('test', { ...who, testId })).json().data;
    expect(JSON.stringify(paper)).not.toContain('"answer"');
    expect(paper.submission).toBeNull();

    // A classmate cannot answer for them.
    const forged = await h5('submit', { ...who, studentCode: students[1]!.h5Code, testId, answers: [] });
    expect(forged.statusCode).toBe(403);

    const answers = [
      { testQuestionId: qs!.id, choice: [1] },
      { testQuestionId: qm!.id, choice: [0] },
      { testQuestionId: qj!.id, choice: [0] },
      { testQuestionId: qsh!.id, text: '停下来，微笑着说老师好' },
    ];
    const sent = await h5('submit', { ...who, testId, answers });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ score: 6, pending: 1, totalPoints: 20 });
    const again = await h5('submit', { ...who, testId, answers: answers.map((a) => ({ ...a, choice: [0, 1] })) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('你已经提交过这次测试，答案不能修改');
    // Before the deadline the student sees their score, not the right answers.
    const mine = (await h5('test', { ...who, testId })).json().data.submission;
    expect(mine.score).toBe(6);
    expect(mine.answers.every((a: { rightAnswer: unknown }) => a.rightAnswer === null)).toBe(true);

    const marking = (await as(teacher).get(`lcw/marking?testId=${testId}`)).json().data;
    expect(marking).toHaveLength(1);
    const tooHigh = await as(teacher).post('lcw/marking', { answerId: marking[0].answerId, score: 11 });
    expect(tooHigh.json().message).toBe('得分不能超过本题分值 10 分');
    const choiceMark = await as(teacher).post('lcw/marking', { answerId: marking[0].answerId - 1, score: 1 });
    expect(choiceMark.statusCode).toBe(400);
    const marked = await as(teacher).post('lcw/marking', { answerId: marking[0].answerId, score: 8, comment: '很有礼貌' });
    expect(marked.json().data).toMatchObject({ score: 14, pending: 0 });

    const results = (await as(teacher).get(`lcw/tests/${testId}/results`)).json().data;
    expect(results.test).toMatchObject({ submittedCount: 1, averageScore: 14, pendingMarking: 0 });
    const byPos = results.questions as { difficulty: string; scoreRate: number; optionCounts: number[] }[];
    expect(byPos.map((x) => x.difficulty)).toEqual(['easy', 'hard', 'easy', 'easy']);
    expect(byPos[1]!.optionCounts).toEqual([1, 0, 0]);
    const row = results.students.find((s: { studentId: number }) => s.studentId === me.id);
    expect(row).toMatchObject({ score: 14, pending: 0 });
    expect(results.students.filter((s: { submissionId: number | null }) => s.submissionId === null)).toHaveLength(students.length - 1);
    const sheet = (await as(teacher).get(`lcw/submissions/${row.submissionId}`)).json().data;
    expect(sheet.answers[3]).toMatchObject({ text: '停下来，微笑着说老师好', score: 8, teacherComment: '很有礼貌' });
    // Published: fixed.
    expect((await as(teacher).post(`lcw/tests/${testId}`, { title: '改', classIds: [classId], deadline: new Date(Date.now() + 86_400_000).toISOString(), questions: [{ questionId: q.single }] })).statusCode).toBe(409);
  });

  it('enforces the deadline on the server and shows right answers after it', async () => {
    const testId = (await newTest({ title: '截止测试' })).json().data.id as number;
    const a = students[2]!;
    const b = students[3]!;
    const whoA = { classCode, studentId: a.id, studentCode: a.h5Code };
    expect((await h5('submit', { ...whoA, testId, answers: [] })).statusCode).toBe(200);
    t.clock.offsetMs += 2 * 86_400_000;
    try {
      const late = await h5('submit', { classCode, studentId: b.id, studentCode: b.h5Code, testId, answers: [] });
      expect(late.statusCode).toBe(403);
      expect(late.json()).toMatchObject({ error: 'LCW_DEADLINE_PASSED', message: '测试已截止，不能再提交' });
      const after = (await h5('test', { ...whoA, testId })).json().data;
      expect(after.closed).toBe(true);
      expect(after.submission.answers[0].rightAnswer).toEqual([1]);
      // Publishing with a past deadline is refused too.
      const past = await newTest({ deadline: new Date(Date.now()).toISOString() });
      expect(past.json().message).toBe('截止时间已过，请选择以后的时间再发布');
    } finally {
      t.clock.offsetMs -= 2 * 86_400_000;
    }
  });

  it('a draft or a test for another class is not on the phone', async () => {
    const draft = (await newTest({ title: '草稿', publish: false })).json().data.id as number;
    const me = students[4]!;
    const res = await h5('test', { classCode, studentId: me.id, studentCode: me.h5Code, testId: draft });
    expect(res.statusCode).toBe(404);
    expect((await h5('class', { classCode: 'NOPE2345' })).statusCode).toBe(403);
  });

  it('refuses callers without the lcw permission and another school', async () => {
    // Role 3 holds lcw; a role without it: the SSO-free way is an identity of role 7 for reads only.
    const principal = await t.login('principal01');
    expect((await as(principal).get('lcw/tests')).statusCode).toBe(200);
    const write = await as(principal).post('lcw/questions', { kind: 'judge', stem: '题', answer: [1] });
    expect(write.statusCode).toBe(403);
    expect((await t.call(lcwRoutes.lcwTests, { query: {} })).status).toBe(401);

    const mineId = (await newTest({ title: '本校测试' })).json().data.id as number;
    const other = as(otherSchoolTeacher);
    expect((await other.get(`lcw/tests/${mineId}`)).statusCode).toBe(404);
    expect((await other.get(`lcw/tests/${mineId}/results`)).statusCode).toBe(404);
    expect((await other.get('lcw/tests')).json().data.list).toEqual([]);
    expect((await other.get('lcw/questions')).json().data.total).toBe(0);
    // Another school's class or question cannot go into a test.
    const foreignClass = await as(teacher).post('lcw/tests', { title: 'x', classIds: [otherClassId], deadline: new Date(Date.now() + 86_400_000).toISOString(), questions: [{ questionId: q.single }] });
    expect(foreignClass.statusCode).toBe(403);
    const foreignQuestion = await other.post('lcw/tests', { title: 'x', classIds: [otherClassId], deadline: new Date(Date.now() + 86_400_000).toISOString(), questions: [{ questionId: q.single }] });
    expect(foreignQuestion.json().error).toBe('LCW_QUESTION_MISSING');
    const marking = (await as(teacher).get(`lcw/marking?testId=${mineId}&onlyPending=0`)).json().data;
    expect(marking).toEqual([]);
    expect((await other.post('lcw/marking', { answerId: 1, score: 1 })).statusCode).toBe(404);
  });

  it('a test given to two teachers’ classes: each teacher reads and marks only their own class; the headmaster both', async () => {
    const head = await t.login('lcwxhead');
    const t1 = await t.login('lcwxt1');
    const classes = (await as(head).get('mclass/list?pageSize=100')).json().data.list as { id: number; name: string; classCode: string; studentCount: number }[];
    const mine = classes.find((c) => c.name === '七年级1班')!; // 刘老师's (lcwxt1)
    const theirs = classes.find((c) => c.name === '七年级2班')!; // 孙老师's (lcwxt2)
    const short = (await as(head).post('lcw/questions', { kind: 'short', stem: '怎样向客人问好？', points: 10 })).json().data.id as number;
    const created = await as(head).post('lcw/tests', { title: '两班礼仪', classIds: [mine.id, theirs.id], deadline: new Date(Date.now() + 86_400_000).toISOString(), questions: [{ questionId: short }], publish: true });
    expect(created.statusCode, created.body).toBe(200);
    const testId = created.json().data.id as number;
    const [qid] = ((await as(head).get(`lcw/tests/${testId}`)).json().data.questions as { id: number }[]).map((x) => x.id);
    for (const c of [mine, theirs]) {
      const [pupil] = (await as(head).get(`mStudent/list?classId=${c.id}&pageSize=100`)).json().data.list as Listed[];
      const sent = await h5('submit', { classCode: c.classCode, studentId: pupil!.id, studentCode: pupil!.h5Code, testId, answers: [{ testQuestionId: qid, text: `${c.name}的回答` }] }, '10.61.0.1');
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const headResults = (await as(head).get(`lcw/tests/${testId}/results`)).json().data;
    const theirRow = (headResults.students as { className: string; submissionId: number | null }[]).find((r) => r.className === theirs.name && r.submissionId)!;
    expect(new Set((headResults.students as { className: string }[]).map((r) => r.className))).toEqual(new Set([mine.name, theirs.name]));
    expect(await as(head).get(`lcw/marking?testId=${testId}`).then((r) => r.json().data.length)).toBe(2);

    const own = (await as(t1).get(`lcw/tests/${testId}/results`)).json().data;
    expect(new Set((own.students as { className: string }[]).map((r) => r.className))).toEqual(new Set([mine.name]));
    expect(JSON.stringify(own)).not.toContain(theirs.name + '学生');
    expect(own.questions[0].answered).toBe(1);
    // The test's figures count the teacher's own class only (the colleague's average and count stay theirs).
    expect(headResults.test).toMatchObject({ submittedCount: 2, studentCount: mine.studentCount + theirs.studentCount });
    expect(own.test).toMatchObject({ submittedCount: 1, studentCount: mine.studentCount });
    const listed = ((await as(t1).get('lcw/tests?pageSize=50')).json().data.list as { id: number; submittedCount: number; studentCount: number }[]).find((x) => x.id === testId)!;
    expect(listed).toMatchObject({ submittedCount: 1, studentCount: mine.studentCount });
    expect((await as(t1).get(`lcw/tests/${testId}`)).json().data).toMatchObject({ submittedCount: 1 });
    expect((await as(t1).get(`lcw/submissions/${theirRow.submissionId}`)).statusCode).toBe(404);
    const marking = (await as(t1).get(`lcw/marking?testId=${testId}`)).json().data as { answerId: number; className: string; text: string }[];
    expect(marking.map((m) => m.className)).toEqual([mine.name]);
    const theirAnswer = ((await as(head).get(`lcw/marking?testId=${testId}`)).json().data as { answerId: number; className: string }[]).find((m) => m.className === theirs.name)!;
    expect((await as(t1).post('lcw/marking', { answerId: theirAnswer.answerId, score: 1, comment: '改分' })).statusCode).toBe(404);
    expect((await as(t1).post('lcw/marking', { answerId: marking[0]!.answerId, score: 9, comment: '很好' })).statusCode).toBe(200);
  });

  it('imports questions from xlsx line by line, and refuses an xlsx declaring a cell at XFD1048576 at once', async () => {
    const content = await xlsx([
      ['题型', '题目', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '答案', '分值', '解析'],
      ['单选', '进门前应该', '敲门', '直接推门', '', '', '', '', 'A', 3, ''],
      ['判断', '排队时可以插队', '', '', '', '', '', '', '错', 2, ''],
      ['多选', '只有一个选项', '甲', '', '', '', '', '', 'A', 2, ''],
      ['问答', '题型不对', '', '', '', '', '', '', '', 2, ''],
      ['简答', '怎样做客？', '', '', '', '', '', '', '', '', '先敲门'],
    ]);
    const res = await as(teacher).post('lcw/questions/import', { fileName: '题库.xlsx', contentBase64: content });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.imported).toBe(3);
    expect(res.json().data.errors).toEqual([
      { line: 4, message: '选择题至少需要 2 个选项' },
      { line: 5, message: '题型须为 单选、多选、判断 或 简答' },
    ]);

    // A hostile file: one cell at the sheet's last address. ExcelJS alone would walk a million rows.
    const zip = await JSZip.loadAsync(Buffer.from(await xlsx([['单选', '题', 'a', 'b', '', '', '', '', 'A', 1, '']]), 'base64'));
    const sheetName = Object.keys(zip.files).find((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))!;
    const xml = (await zip.file(sheetName)!.async('string')).replace('</sheetData>', '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData>');
    zip.file(sheetName, xml);
    const hostile = (await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })).toString('base64');
    const started = Date.now();
    const refused = await as(teacher).post('lcw/questions/import', { fileName: 'evil.xlsx', contentBase64: hostile });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('LCW_IMPORT_REFUSED');
    expect(refused.json().message).toContain('超出模板范围');
    expect(Date.now() - started).toBeLessThan(30_000);

    const garbage = await as(teacher).post('lcw/questions/import', { fileName: 'a.xlsx', contentBase64: Buffer.from('not a zip').toString('base64') }, 'en');
    expect(garbage.json().message).toBe('The file cannot be read; please save the template as xlsx');
    const principal = await t.login('principal01');
    expect((await as(principal).post('lcw/questions/import', { fileName: 'a.xlsx', contentBase64: content })).statusCode).toBe(403);
    const tooBig = await as(teacher).post('lcw/questions/import', { fileName: 'a.xlsx', contentBase64: 'A'.repeat(2_000_000) });
    expect(tooBig.statusCode).toBe(413);
  });
});

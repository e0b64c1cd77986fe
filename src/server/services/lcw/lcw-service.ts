// The staff side of the etiquette test (/lcwAts): question bank, building and publishing tests for
// classes, results per question and per student, marking short answers. Every call checks the `lcw`
// permission action first, then the school; a teacher (role 2) reaches only tests of their classes
// (or their own), class staff and headmasters the whole school's.
import type { ImportResult, MarkingItem, QuestionBody, SubmissionDetail, TestBody, TestDetail, TestListItem, TestResults } from '../../../core/api/contracts/lcw';
import type { Lang } from '../../../core/i18n';
import { AppError, badRequest, forbidden, notFound } from '../../errors';
import { classesRepo } from '../../repositories/classes';
import { lcwRepo, type LcwQuestionRow } from '../../repositories/lcw';
import { requireAny } from '../access';
import type { AuthContext } from '../auth-context';
import { visibleClasses } from '../class-service';
import type { ServiceDeps } from '../deps';
import { isScopedTeacher } from '../access';
import { IMPORT_LIMITS, IMPORT_REFUSAL_KEYS, importLine, importTemplate, isHeaderLine, LCW_IMPORT_MAX_ROWS } from './question-import';
import { readXlsxRows, XlsxRefused } from './safe-xlsx';
import { difficultyOf } from './score-answer';

const need = (auth: AuthContext, action: string) => requireAny(auth, ['lcw', action]);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const scope = (auth: AuthContext) => ({ schoolId: auth.school.id, ...(isScopedTeacher(auth) ? { teacherIdentityId: auth.identity.id } : {}) });

type TestRow = NonNullable<Awaited<ReturnType<typeof lcwRepo.test>>>;

function listItem(r: TestRow, classes: { id: number; name: string }[], now: Date): TestListItem {
  const t = r.t;
  return {
    id: t.id,
    title: t.title,
    status: t.status,
    startsAt: iso(t.startsAt),
    deadline: t.deadline.toISOString(),
    open: t.status === 'published' && (!t.startsAt || t.startsAt <= now) && t.deadline > now,
    classes,
    questionCount: r.questionCount,
    totalPoints: r.totalPoints,
    studentCount: r.studentCount,
    submittedCount: r.submittedCount,
    pendingMarking: r.pendingMarking,
    averageScore: r.averageScore === null ? null : Number(r.averageScore),
    createdByName: r.createdByName,
    createdAt: t.createdAt.toISOString(),
  };
}

export function lcwService(deps: ServiceDeps) {
  const db = deps.db;

  async function visibleTest(auth: AuthContext, id: number) {
    const row = await lcwRepo.test(db, scope(auth), id);
    if (!row) throw notFound();
    return row;
  }
  /**
   * The test's classes the caller may see (a test given to several classes is read class by class:
   * a teacher sees their own classes' students, answers and marks, not a colleague's).
   */
  async function reachableClasses(auth: AuthContext, testId: number): Promise<Set<number>> {
    const all = (await lcwRepo.testClasses(db, [testId])).map((c) => c.id);
    return new Set(await classesRepo.allowedIds(db, visibleClasses(auth), all));
  }
  async function ownQuestion(auth: AuthContext, id: number): Promise<LcwQuestionRow> {
    const q = await lcwRepo.question(db, auth.school.id, id);
    if (!q) throw notFound();
    // The bank is the school's; a teacher changes only the questions they wrote.
    if (isScopedTeacher(auth) && q.createdBy !== auth.identity.id) throw forbidden('LCW_NOT_YOUR_QUESTION');
    return q;
  }
  /** Checks the body's classes and questions against the caller's school and classes, and copies the questions. */
  async function testContent(auth: AuthContext, body: TestBody) {
    const classIds = [...new Set(body.classIds)];
    const allowed = await classesRepo.allowedIds(db, visibleClasses(auth), classIds);
    if (allowed.length !== classIds.length) throw forbidden('LCW_CLASS_NOT_YOURS');
    const ids = body.questions.map((q) => q.questionId);
    if (new Set(ids).size !== ids.length) throw badRequest('LCW_QUESTION_TWICE', 'lcw.questionTwice');
    const bank = new Map((await lcwRepo.questionsByIds(db, auth.school.id, ids)).map((q) => [q.id, q]));
    const questions = body.questions.map((pick, i) => {
      const q = bank.get(pick.questionId);
      if (!q) throw badRequest('LCW_QUESTION_MISSING', 'lcw.questionMissing');
      return { questionId: q.id, position: i + 1, kind: q.kind, stem: q.stem, options: q.options, answer: q.answer, explanation: q.explanation, points: pick.points ?? q.points };
    });
    const deadline = new Date(body.deadline);
    if (body.publish && deadline <= deps.now()) throw badRequest('LCW_DEADLINE_PAST', 'lcw.deadlinePast');
    return { classIds, questions, deadline, startsAt: body.startsAt ? new Date(body.startsAt) : null };
  }
  async function withClasses(rows: TestRow[], now: Date) {
    const classes = await lcwRepo.testClasses(db, rows.map((r) => r.t.id));
    return rows.map((r) => listItem(r, classes.filter((c) => c.testId === r.t.id).map(({ id, name }) => ({ id, name })), now));
  }

  return {
    /** Classes the caller may give a test to. */
    async classes(auth: AuthContext) {
      need(auth, 'query');
      return (await classesRepo.brief(db, visibleClasses(auth))).map((c) => ({ id: c.id, name: c.name, grade: c.grade, studentCount: c.studentCount }));
    },

    // ---- question bank ----
    async questionPage(auth: AuthContext, q: { kind?: QuestionBody['kind']; keyword?: string; pageNum: number; pageSize: number }) {
      need(auth, 'query');
      const { rows, total } = await lcwRepo.questionPage(db, auth.school.id, q, q.pageNum, q.pageSize);
      return { list: rows.map((r) => ({ id: r.q.id, kind: r.q.kind, stem: r.q.stem, options: r.q.options, answer: r.q.answer, explanation: r.q.explanation, points: r.q.points, createdByName: r.createdByName, updatedAt: r.q.updatedAt.toISOString() })), total, pageNum: q.pageNum, pageSize: q.pageSize };
    },
    async createQuestion(auth: AuthContext, body: QuestionBody) {
      need(auth, 'add');
      const [row] = await lcwRepo.insertQuestions(db, [{ ...body, schoolId: auth.school.id, createdBy: auth.identity.id }]);
      return { id: row!.id };
    },
    async updateQuestion(auth: AuthContext, id: number, body: QuestionBody) {
      need(auth, 'edit');
      await ownQuestion(auth, id);
      await lcwRepo.updateQuestion(db, id, { ...body, updatedAt: deps.now() });
      return { id };
    },
    async deleteQuestion(auth: AuthContext, id: number) {
      need(auth, 'delete');
      await ownQuestion(auth, id);
      // Tests keep their own copies, so a deleted bank question leaves them whole.
      await lcwRepo.updateQuestion(db, id, { deletedAt: deps.now() });
      return { id };
    },
    async importQuestions(auth: AuthContext, bytes: Buffer, lang: Lang): Promise<ImportResult> {
      need(auth, 'import');
      let rows;
      try {
        rows = await readXlsxRows(bytes, IMPORT_LIMITS);
      } catch (e) {
        if (e instanceof XlsxRefused) throw badRequest('LCW_IMPORT_REFUSED', IMPORT_REFUSAL_KEYS[e.reason]!, { max: LCW_IMPORT_MAX_ROWS, kb: IMPORT_LIMITS.maxBytes / 1024 });
        throw e;
      }
      const lines = rows.filter((r, i) => !(i === 0 && isHeaderLine(r.cells)));
      if (!lines.length) throw badRequest('LCW_IMPORT_EMPTY', 'lcw.import.empty');
      const results = lines.map((r) => importLine(r.line, r.cells, lang));
      const good = results.flatMap((r) => (r.ok ? [r.question] : []));
      // All or nothing would make one typo cost the whole file: the good lines go in, the others are listed.
      await lcwRepo.insertQuestions(db, good.map((q) => ({ ...q, schoolId: auth.school.id, createdBy: auth.identity.id })));
      return { imported: good.length, errors: results.flatMap((r) => (r.ok ? [] : [{ line: r.line, message: r.message }])) };
    },
    async template(auth: AuthContext, lang: Lang) {
      need(auth, 'query');
      return importTemplate(lang);
    },

    // ---- tests ----
    async testPage(auth: AuthContext, q: { keyword?: string; classId?: number; pageNum: number; pageSize: number }) {
      need(auth, 'query');
      const { rows, total } = await lcwRepo.testPage(db, { ...scope(auth), keyword: q.keyword, classId: q.classId }, q.pageNum, q.pageSize);
      return { list: await withClasses(rows, deps.now()), total, pageNum: q.pageNum, pageSize: q.pageSize };
    },
    async testDetail(auth: AuthContext, id: number): Promise<TestDetail> {
      need(auth, 'get');
      const row = await visibleTest(auth, id);
      const [item] = await withClasses([row], deps.now());
      const questions = await lcwRepo.testQuestions(db, id);
      return { ...item!, description: row.t.description, questions: questions.map((q) => ({ id: q.id, position: q.position, kind: q.kind, stem: q.stem, options: q.options, answer: q.answer, explanation: q.explanation, points: q.points })) };
    },
    async createTest(auth: AuthContext, body: TestBody) {
      need(auth, 'add');
      const c = await testContent(auth, body);
      const now = deps.now();
      const row = await db.transaction((tx) =>
        lcwRepo.insertTest(tx, { schoolId: auth.school.id, createdBy: auth.identity.id, title: body.title, description: body.description, startsAt: c.startsAt, deadline: c.deadline, status: body.publish ? 'published' : 'draft', createdAt: now, updatedAt: now }, c.questions, c.classIds),
      );
      return { id: row.id };
    },
    /** Changes a draft; a published test is fixed (students may already have answered it). */
    async updateTest(auth: AuthContext, id: number, body: TestBody) {
      need(auth, 'edit');
      const row = await visibleTest(auth, id);
      if (row.t.status !== 'draft') throw new AppError(409, 'LCW_PUBLISHED', 'lcw.publishedFixed', undefined, { show: true });
      const c = await testContent(auth, body);
      await db.transaction((tx) =>
        lcwRepo.replaceTestContent(tx, id, { title: body.title, description: body.description, startsAt: c.startsAt, deadline: c.deadline, status: body.publish ? 'published' : 'draft', updatedAt: deps.now() }, c.questions, c.classIds),
      );
      return { id };
    },
    async publishTest(auth: AuthContext, id: number) {
      need(auth, 'edit');
      const row = await visibleTest(auth, id);
      if (row.t.status === 'published') return { id };
      if (row.t.deadline <= deps.now()) throw badRequest('LCW_DEADLINE_PAST', 'lcw.deadlinePast');
      await lcwRepo.publish(db, id, deps.now());
      return { id };
    },
    async deleteTest(auth: AuthContext, id: number) {
      need(auth, 'delete');
      const row = await visibleTest(auth, id);
      if (row.submittedCount > 0) throw new AppError(409, 'LCW_HAS_SUBMISSIONS', 'lcw.hasSubmissions', { count: row.submittedCount }, { show: true });
      await lcwRepo.softDeleteTest(db, id, deps.now());
      return { id };
    },

    /** particularsLcw: per question (score rate → difficulty, option picks) and per student (score or not submitted). */
    async results(auth: AuthContext, id: number): Promise<TestResults> {
      need(auth, 'get');
      const row = await visibleTest(auth, id);
      const [test] = await withClasses([row], deps.now());
      const reach = await reachableClasses(auth, id);
      const [questions, allStudents, allSubmissions, allAnswers] = await Promise.all([lcwRepo.testQuestions(db, id), lcwRepo.studentsOfTest(db, id), lcwRepo.submissionsOfTest(db, id), lcwRepo.answersOfTest(db, id)]);
      const roster = allStudents.filter((s) => reach.has(s.classId));
      const submissions = allSubmissions.filter((s) => reach.has(s.classId));
      const answers = allAnswers.filter((a) => reach.has(a.classId));
      const byStudent = new Map(submissions.map((s) => [s.studentId, s]));
      return {
        test: test!,
        questions: questions.map((q) => {
          const mine = answers.filter((a) => a.a.testQuestionId === q.id).map((a) => a.a);
          const scored = mine.filter((a) => a.score !== null);
          const rate = scored.length ? scored.reduce((s, a) => s + (a.score ?? 0), 0) / (scored.length * q.points) : null;
          const optionCounts = q.kind === 'judge' ? [0, 1].map((v) => mine.filter((a) => a.choice.includes(v)).length) : q.options.map((_, i) => mine.filter((a) => a.choice.includes(i)).length);
          return { id: q.id, position: q.position, kind: q.kind, stem: q.stem, options: q.options, answer: q.answer, explanation: q.explanation, points: q.points, answered: mine.length, scoreRate: rate === null ? null : Math.round(rate * 1000) / 1000, difficulty: difficultyOf(rate), optionCounts, pending: mine.length - scored.length };
        }),
        students: roster.map((s) => {
          const sub = byStudent.get(s.id);
          return { studentId: s.id, name: s.name, studentNo: s.studentNo, className: s.className, submissionId: sub?.id ?? null, submittedAt: iso(sub?.submittedAt ?? null), score: sub ? sub.score : null, pending: sub?.pendingCount ?? 0 };
        }),
      };
    },
    async submission(auth: AuthContext, submissionId: number): Promise<SubmissionDetail> {
      need(auth, 'get');
      const sub = await lcwRepo.submission(db, auth.school.id, submissionId);
      if (!sub) throw notFound();
      const row = await visibleTest(auth, sub.s.testId);
      if (!(await reachableClasses(auth, sub.s.testId)).has(sub.s.classId)) throw notFound();
      const [questions, answers] = await Promise.all([lcwRepo.testQuestions(db, sub.s.testId), lcwRepo.answersOf(db, submissionId)]);
      const byQuestion = new Map(answers.map((a) => [a.testQuestionId, a]));
      return {
        id: sub.s.id,
        testId: sub.s.testId,
        studentName: sub.studentName,
        className: sub.className,
        submittedAt: sub.s.submittedAt.toISOString(),
        score: sub.s.score,
        totalPoints: row.totalPoints,
        pending: sub.s.pendingCount,
        answers: questions.flatMap((q) => {
          const a = byQuestion.get(q.id);
          return a ? [{ id: a.id, testQuestionId: q.id, position: q.position, kind: q.kind, stem: q.stem, options: q.options, rightAnswer: q.answer, explanation: q.explanation, points: q.points, choice: a.choice, text: a.text, correct: a.correct, score: a.score, teacherComment: a.teacherComment }] : [];
        }),
      };
    },
    /** examineLcw: the short answers of a test (by default those still unmarked). */
    async marking(auth: AuthContext, testId: number, onlyPending: boolean): Promise<MarkingItem[]> {
      need(auth, 'get');
      await visibleTest(auth, testId);
      const reach = await reachableClasses(auth, testId);
      const rows = (await lcwRepo.markingList(db, testId, onlyPending)).filter((r) => reach.has(r.classId));
      return rows.map((r) => ({ answerId: r.a.id, testQuestionId: r.q.id, position: r.q.position, stem: r.q.stem, explanation: r.q.explanation, points: r.q.points, studentName: r.studentName, className: r.className, text: r.a.text, score: r.a.score, teacherComment: r.a.teacherComment }));
    },
    /** Marks (or re-marks) a short answer; the student's words never change, only the teacher's score and comment. */
    async mark(auth: AuthContext, body: { answerId: number; score: number; comment: string }) {
      need(auth, 'edit');
      return db.transaction(async (tx) => {
        const row = await lcwRepo.answerForMarking(tx, auth.school.id, body.answerId);
        if (!row) throw notFound();
        if (!(await lcwRepo.test(tx, scope(auth), row.s.testId))) throw notFound();
        if (!(await classesRepo.allowedIds(tx, visibleClasses(auth), [row.s.classId])).length) throw notFound();
        if (row.q.kind !== 'short') throw badRequest('LCW_NOT_SHORT', 'lcw.onlyShortMarked');
        if (body.score > row.q.points) throw badRequest('LCW_SCORE_TOO_HIGH', 'lcw.markTooHigh', { max: row.q.points });
        await lcwRepo.markAnswer(tx, body.answerId, { score: body.score, teacherComment: body.comment, markedBy: auth.identity.id, markedAt: deps.now() });
        await lcwRepo.refreshSubmission(tx, row.s.id);
        const sub = await lcwRepo.submissionOf(tx, row.s.testId, row.s.studentId);
        return { submissionId: row.s.id, score: sub!.score, pending: sub!.pendingCount };
      });
    },
  };
}

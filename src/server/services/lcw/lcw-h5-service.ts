// The students' side of the etiquette test: the class login QR with lcwProgram=1 opens the H5 page,
// the student picks their name and proves it with their own code (学生码), answers once before the
// deadline, and reads the score computed here. Right answers are shown only after the deadline, so
// an early finisher cannot pass them round the class.
import type { H5LcwTest } from '../../../core/api/contracts/lcw';
import { AppError, badRequest, notFound } from '../../errors';
import { classesRepo } from '../../repositories/classes';
import { lcwRepo } from '../../repositories/lcw';
import { schoolsRepo } from '../../repositories/schools';
import { studentsRepo } from '../../repositories/students';
import type { ServiceDeps } from '../deps';
import { assertSchoolActive } from '../school-expiry';
import { sharedRateLimit } from '../security/shared-rate-limit';
import { verifyStudentCode } from '../security/student-code';
import { scoreAnswer } from './score-answer';
import { byStudentNo } from '../../../core/domain/student-order';

/** Requests of one address to the students' test pages, counted in the database (every process). */
export const LCW_H5_PER_IP = { max: 120, windowMs: 60_000 };

export interface LcwStudentWho {
  classCode: string;
  studentId: number;
  studentCode: string;
}

const classCodeWrong = () => new AppError(403, 'CLASS_CODE_WRONG', 'essay.classCodeWrong', undefined, { show: true });

export function lcwH5Service(deps: ServiceDeps) {
  const db = deps.db;

  async function classOf(classCode: string, ip: string) {
    await sharedRateLimit.hit(db, `h5lcw:ip:${ip}`, LCW_H5_PER_IP, deps.now());
    const cls = await classesRepo.findByCode(db, classCode.trim().toUpperCase());
    if (!cls) throw classCodeWrong();
    await assertSchoolActive(db, cls.schoolId);
    return cls;
  }
  async function studentOf(who: LcwStudentWho, ip: string) {
    const cls = await classOf(who.classCode, ip);
    const student = await studentsRepo.find(db, cls.schoolId, who.studentId);
    if (!student || student.s.classId !== cls.id) throw badRequest('STUDENT_NOT_IN_CLASS', 'essay.studentNotInClass');
    await verifyStudentCode(db, deps.signer, student.s, who.studentCode, ip, deps.now());
    return { cls, student: student.s };
  }

  return {
    /** The class's started tests and its students' names (to pick one's own). */
    async classInfo(classCode: string, ip: string) {
      const cls = await classOf(classCode, ip);
      const now = deps.now();
      const [school, tests, roster] = await Promise.all([schoolsRepo.findById(db, cls.schoolId), lcwRepo.testsForClass(db, cls.id, now), studentsRepo.inClass(db, cls.id)]);
      return {
        className: cls.name,
        schoolName: school?.name ?? '',
        tests: tests.map((r) => ({ id: r.t.id, title: r.t.title, deadline: r.t.deadline.toISOString(), questionCount: r.questionCount, totalPoints: r.totalPoints, closed: r.t.deadline <= now })),
        students: roster.sort(byStudentNo).map((s) => ({ id: s.id, name: s.name })),
      };
    },

    async test(who: LcwStudentWho, testId: number, ip: string): Promise<H5LcwTest> {
      const { cls, student } = await studentOf(who, ip);
      const test = await lcwRepo.testForClass(db, cls.id, testId);
      const now = deps.now();
      if (!test || (test.startsAt && test.startsAt > now)) throw notFound();
      const questions = await lcwRepo.testQuestions(db, test.id);
      const sub = await lcwRepo.submissionOf(db, test.id, student.id);
      const closed = test.deadline <= now;
      const answers = sub ? await lcwRepo.answersOf(db, sub.id) : [];
      return {
        id: test.id,
        title: test.title,
        description: test.description,
        deadline: test.deadline.toISOString(),
        closed,
        totalPoints: questions.reduce((s, q) => s + q.points, 0),
        questions: questions.map((q) => ({ id: q.id, position: q.position, kind: q.kind, stem: q.stem, options: q.options, points: q.points })),
        submission: sub
          ? {
              submittedAt: sub.submittedAt.toISOString(),
              score: sub.score,
              pending: sub.pendingCount,
              answers: answers.map((a) => {
                const q = questions.find((x) => x.id === a.testQuestionId)!;
                return { testQuestionId: a.testQuestionId, choice: a.choice, text: a.text, correct: a.correct, score: a.score, rightAnswer: closed ? q.answer : null, explanation: closed ? q.explanation : null, teacherComment: a.teacherComment };
              }),
            }
          : null,
      };
    },

    /** Scores and stores the answers once; before the start, after the deadline or a second time it refuses. */
    async submit(who: LcwStudentWho, testId: number, given: { testQuestionId: number; choice: number[]; text: string }[], ip: string) {
      const { cls, student } = await studentOf(who, ip);
      const test = await lcwRepo.testForClass(db, cls.id, testId);
      const now = deps.now();
      if (!test || (test.startsAt && test.startsAt > now)) throw notFound();
      if (test.deadline <= now) throw new AppError(403, 'LCW_DEADLINE_PASSED', 'lcw.deadlinePassed', undefined, { show: true });
      if (await lcwRepo.submissionOf(db, test.id, student.id)) throw new AppError(409, 'LCW_ALREADY_SUBMITTED', 'lcw.alreadySubmitted', undefined, { show: true });
      const questions = await lcwRepo.testQuestions(db, test.id);
      const byId = new Map(given.map((a) => [a.testQuestionId, a]));
      if (byId.size !== given.length || given.some((a) => !questions.some((q) => q.id === a.testQuestionId))) throw badRequest('LCW_ANSWER_FOREIGN', 'lcw.answerForeign');
      const rows = questions.map((q) => {
        const a = byId.get(q.id);
        const choice = q.kind === 'short' ? [] : [...new Set(a?.choice ?? [])];
        const limit = q.kind === 'judge' ? 2 : q.options.length;
        if (choice.some((c) => c >= limit) || ((q.kind === 'single' || q.kind === 'judge') && choice.length > 1)) throw badRequest('LCW_ANSWER_INVALID', 'lcw.answerInvalidChoice', { no: q.position });
        const text = q.kind === 'short' ? (a?.text ?? '').trim() : '';
        // A blank short answer has nothing to mark: it scores 0 at once.
        const scored = q.kind === 'short' && !text ? { correct: null, score: 0 } : scoreAnswer(q, choice);
        return { testQuestionId: q.id, choice, text, correct: scored.correct, score: scored.score };
      });
      const score = rows.reduce((s, r) => s + (r.score ?? 0), 0);
      const pendingCount = rows.filter((r) => r.score === null).length;
      const saved = await db.transaction((tx) => lcwRepo.insertSubmission(tx, { schoolId: cls.schoolId, testId: test.id, studentId: student.id, classId: cls.id, submittedAt: now, score, pendingCount }, rows));
      if (!saved) throw new AppError(409, 'LCW_ALREADY_SUBMITTED', 'lcw.alreadySubmitted', undefined, { show: true });
      return { score, pending: pendingCount, totalPoints: questions.reduce((s, q) => s + q.points, 0) };
    },
  };
}

// Practice on the students' phones (public, like the phone upload): the class code says which class,
// the student's own code (学生码) says which student. A submission is checked — class, student, code,
// practice open, attempts left — before any photo is read, and queued for the AI's feedback at once.
import { PRACTICE_MAX_ATTEMPTS, type H5PracticeClass, type H5PracticeMine, type PracticeKind } from '../../core/api/contracts/practice';
import type { Lang } from '../../core/i18n';
import { AppError, badRequest } from '../errors';
import { classesRepo } from '../repositories/classes';
import { practiceRepo, type PracticeRow } from '../repositories/practice';
import { studentsRepo } from '../repositories/students';
import type { ServiceDeps } from './deps';
import { storeInspected, type InspectedFileLike } from './file-service';
import { maxBytesOf } from './file-sniff';
import { maskNo } from './h5-upload-service';
import { enqueuePracticeFeedback } from './practice-feedback-job';
import { attemptView, remainingOf, stateOf } from './practice-service';
import { assertSchoolActive } from './school-expiry';
import { sharedRateLimit } from './security/shared-rate-limit';
import { verifyStudentCode } from './security/student-code';

export const PRACTICE_H5_LIMITS = {
  perIp: { max: 120, windowMs: 60_000 },
  submitPerIp: { max: 30, windowMs: 600_000 },
};

export interface PracticeWho {
  classCode: string;
  studentId: number;
  studentCode: string;
  practiceId: number;
}
export interface PreparedPracticeAttempt {
  schoolId: number;
  classId: number;
  studentId: number;
  practiceId: number;
  kind: PracticeKind;
  attemptNo: number;
}

const maxAttemptsOf = (p: PracticeRow) => (p.kind === 'classroom' ? 1 : PRACTICE_MAX_ATTEMPTS);

export function practiceH5Service(deps: ServiceDeps) {
  const db = deps.db;
  const maxBytes = maxBytesOf(deps.uploadMaxBytes);

  async function classOf(code: string, ip: string) {
    await sharedRateLimit.hit(db, `h5practice:ip:${ip}`, PRACTICE_H5_LIMITS.perIp, deps.now());
    const cls = await classesRepo.findByCode(db, code);
    if (!cls) throw new AppError(403, 'CLASS_CODE_WRONG', 'essay.classCodeWrong', undefined, { show: true });
    await assertSchoolActive(db, cls.schoolId);
    return cls;
  }

  /** The class, the student (who must be in it and give their own code) and the class's practice. */
  async function resolve(who: PracticeWho, ip: string) {
    const cls = await classOf(who.classCode, ip);
    const student = await studentsRepo.find(db, cls.schoolId, who.studentId);
    if (!student || student.s.classId !== cls.id) throw badRequest('STUDENT_NOT_IN_CLASS', 'essay.studentNotInClass');
    await verifyStudentCode(db, deps.signer, student.s, who.studentCode, ip, deps.now());
    const found = await practiceRepo.find(db, cls.schoolId, who.practiceId);
    if (!found || found.p.classId !== cls.id || !found.p.startedAt) throw new AppError(404, 'PRACTICE_NOT_FOUND', 'practice.notFound', undefined, { show: true });
    return { cls, student: student.s, practice: found.p };
  }

  return {
    maxBytes,
    limitSubmit(ip: string) {
      return sharedRateLimit.hit(db, `h5practice:submit:${ip}`, PRACTICE_H5_LIMITS.submitPerIp, deps.now());
    },
    /** The class's practices the students see (started ones, newest first) and its roster (names, masked ids). */
    async classView(code: string, ip: string): Promise<H5PracticeClass> {
      const cls = await classOf(code, ip);
      const now = deps.now();
      const [list, roster] = await Promise.all([practiceRepo.visibleToClass(db, cls.id), practiceRepo.roster(db, cls.id)]);
      return {
        classId: cls.id,
        className: cls.name,
        practices: list.map((p) => ({ id: p.id, kind: p.kind as PracticeKind, title: p.title, prompt: p.prompt, minWords: p.minWords, focus: p.focus, state: stateOf(p, now), endsAt: p.endsAt?.toISOString() ?? null, remainingSeconds: remainingOf(p, now) })),
        students: roster.map((s) => ({ id: s.id, name: s.name, maskedNo: maskNo(s.studentNo) })),
      };
    },
    /** The student's own attempts of a practice with the AI's feedback and the teacher's comments. */
    async mine(who: PracticeWho, ip: string, lang: Lang): Promise<H5PracticeMine> {
      const { student, practice } = await resolve(who, ip);
      const attempts = await practiceRepo.attemptsOfStudent(db, practice.id, student.id);
      const state = stateOf(practice, deps.now());
      const left = Math.max(0, maxAttemptsOf(practice) - attempts.length);
      return { practiceId: practice.id, state, canSubmit: state === 'open' && left > 0, attemptsLeft: left, attempts: attempts.map((a) => attemptView(deps, a, lang, { studentId: student.id })) };
    },
    /** Everything but the photos: class, student, code, the practice still open, an attempt left. */
    async prepare(who: PracticeWho, ip: string): Promise<PreparedPracticeAttempt> {
      const { cls, student, practice } = await resolve(who, ip);
      const state = stateOf(practice, deps.now());
      if (state !== 'open') {
        const key = practice.kind === 'classroom' ? 'practice.classroomEnded' : 'practice.closed';
        throw new AppError(403, state === 'notStarted' ? 'PRACTICE_NOT_STARTED' : 'PRACTICE_CLOSED', state === 'notStarted' ? 'practice.notStarted' : key, undefined, { show: true });
      }
      const done = await practiceRepo.attemptsOfStudent(db, practice.id, student.id);
      if (done.length >= maxAttemptsOf(practice)) throw new AppError(409, 'NO_ATTEMPTS_LEFT', practice.kind === 'classroom' ? 'practice.classroomOnce' : 'practice.noAttemptsLeft', { max: PRACTICE_MAX_ATTEMPTS }, { show: true });
      return { schoolId: cls.schoolId, classId: cls.id, studentId: student.id, practiceId: practice.id, kind: practice.kind as PracticeKind, attemptNo: done.length + 1 };
    },
    /** Stores the attempt (typed text, or the checked photos) and queues the AI's feedback. */
    async submit(prepared: PreparedPracticeAttempt, answer: { text: string } | { photos: { checked: InspectedFileLike; fileName: string }[] }) {
      const now = deps.now();
      const fileIds: string[] = [];
      if ('photos' in answer) for (const p of answer.photos) fileIds.push((await storeInspected(deps, { schoolId: prepared.schoolId }, p.checked, { originalName: p.fileName || null })).id);
      return db.transaction(async (tx) => {
        // The practice row locked: the deadline and the attempt count are checked again against a teacher ending it meanwhile.
        const found = await practiceRepo.find(tx, prepared.schoolId, prepared.practiceId, true);
        if (!found || stateOf(found.p, now) !== 'open') throw new AppError(403, 'PRACTICE_CLOSED', found?.p.kind === 'classroom' ? 'practice.classroomEnded' : 'practice.closed', undefined, { show: true });
        const done = await practiceRepo.attemptsOfStudent(tx, prepared.practiceId, prepared.studentId);
        if (done.length >= maxAttemptsOf(found.p)) throw new AppError(409, 'NO_ATTEMPTS_LEFT', found.p.kind === 'classroom' ? 'practice.classroomOnce' : 'practice.noAttemptsLeft', { max: PRACTICE_MAX_ATTEMPTS }, { show: true });
        const a = await practiceRepo.insertAttempt(tx, {
          practiceId: prepared.practiceId,
          schoolId: prepared.schoolId,
          classId: prepared.classId,
          studentId: prepared.studentId,
          attemptNo: done.length + 1,
          source: 'photos' in answer ? 'photo' : 'typed',
          text: 'text' in answer ? answer.text : '',
          fileIds,
          status: 'queued',
          submittedAt: now,
          updatedAt: now,
        });
        await enqueuePracticeFeedback(tx, a.id, now);
        return { attemptId: a.id, attemptNo: a.attemptNo, status: a.status };
      });
    },
  };
}
export type PracticeH5Service = ReturnType<typeof practiceH5Service>;

/** A typed answer must have some Chinese text. */
export function checkTypedAnswer(text: string | undefined): string {
  const t = (text ?? '').trim();
  if (!t) throw badRequest('ANSWER_EMPTY', 'practice.answerEmpty');
  if (!/\p{Script=Han}/u.test(t)) throw badRequest('ANSWER_NOT_CHINESE', 'practice.answerNotChinese');
  return t;
}

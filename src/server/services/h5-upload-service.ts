import { MAX_PHONE_PAGES, type H5UploadContext } from '../../core/api/contracts/essays';
import { AppError, badRequest } from '../errors';
import { classesRepo } from '../repositories/classes';
import { essaysRepo } from '../repositories/essays';
import { revisionsRepo } from '../repositories/revisions';
import { studentsRepo } from '../repositories/students';
import { tasksRepo } from '../repositories/tasks';
import { assertSchoolActive } from './school-expiry';
import type { ServiceDeps } from './deps';
import { labelOf, submitEssay } from './essay-service';
import { storeInspected, type InspectedFileLike } from './file-service';
import { maxBytesOf } from './file-sniff';
import { sharedRateLimit } from './security/shared-rate-limit';
import { verifyStudentCode } from './security/student-code';
import { byStudentNo } from '../../core/domain/student-order';

/** Student id with all but its last digit hidden (namesakes stay distinguishable, ids do not leak). */
export const maskNo = (no: string) => (no.length <= 1 ? '*' : '*'.repeat(no.length - 1) + no.slice(-1));
const iso = (d: Date) => d.toISOString();

export interface PreparedSubmission {
  schoolId: number;
  classId: number;
  taskId: number;
  studentId: number;
  draft: number;
  replaces: boolean;
}

/** Limits of the public phone upload, counted in the database (shared by every server process). */
export const H5_LIMITS = {
  contextPerIp: { max: 60, windowMs: 60_000 },
  submitPerIp: { max: 20, windowMs: 600_000 },
  submitPerClass: { max: 300, windowMs: 600_000 },
};

/**
 * The students' phone upload (public; the task's upload QR carries taskId and the class code). The
 * class code only says which class; a submission also needs the student's own code (学生码, shown to
 * the teacher on the class page): see docs/decisions.md, "Students' identity on the H5 pages".
 */
export function h5UploadService(deps: ServiceDeps) {
  const db = deps.db;
  const maxBytes = maxBytesOf(deps.uploadMaxBytes);

  /** The released task and the class behind the code; the code must name one of the task's classes. */
  async function resolve(taskId: number, classCode: string) {
    const now = deps.now();
    const cls = await classesRepo.findByCode(db, classCode);
    const [task] = cls ? (await tasksRepo.releasedForClass(db, cls.id, now)).filter((t) => t.id === taskId) : [];
    if (!cls || !task) {
      // Tell a wrong code from a missing task only when the task exists: the QR was scanned in the wrong class.
      throw new AppError(403, 'CLASS_CODE_WRONG', 'essay.classCodeWrong', undefined, { show: true });
    }
    await assertSchoolActive(db, cls.schoolId);
    return { cls, task, now };
  }
  const closed = (deadline: Date, now: Date) => deadline.getTime() < now.getTime();

  return {
    maxBytes,
    /** Counts a submission attempt of an IP (every attempt, before the body is read). */
    limitIp(ip: string) {
      return sharedRateLimit.hit(db, `h5submit:ip:${ip}`, H5_LIMITS.submitPerIp, deps.now());
    },
    /** Counts a submission to a class code. */
    limitClass(classCode: string) {
      return sharedRateLimit.hit(db, `h5submit:class:${classCode.toUpperCase()}`, H5_LIMITS.submitPerClass, deps.now());
    },
    async context(taskId: number, classCode: string, ip: string): Promise<H5UploadContext> {
      await sharedRateLimit.hit(db, `h5context:ip:${ip}`, H5_LIMITS.contextPerIp, deps.now());
      const { cls, task, now } = await resolve(taskId, classCode);
      const [roster, essays] = await Promise.all([studentsRepo.inClass(db, cls.id), essaysRepo.ofTaskClass(db, task.id, cls.id)]);
      // A pending revised-draft request always lets the student submit (a discarded essay leaves no row).
      const requested = new Set((await revisionsRepo.pendingOf(db, task.id, roster.map((s) => s.id))).map((r) => r.studentId));
      const latest = new Map<number, (typeof essays)[number]>();
      for (const r of essays) if (!latest.has(r.e.studentId)) latest.set(r.e.studentId, r);
      const isClosed = closed(task.deadline, now);
      return {
        taskId: task.id,
        title: task.title,
        genre: task.genre,
        requirements: task.requirements,
        guidance: task.guidance,
        deadline: iso(task.deadline),
        closed: isClosed,
        classId: cls.id,
        className: cls.name,
        maxPages: MAX_PHONE_PAGES,
        maxMb: Math.round(maxBytes / 1024 / 1024),
        students: roster
          .sort(byStudentNo)
          .map((s) => {
            const r = latest.get(s.id);
            const canSubmit = !isClosed && (requested.has(s.id) || ((!r || r.e.status !== 'approved') && !(r?.e.status === 'revision_requested' && r.e.draft >= 2)));
            return { id: s.id, name: s.name, maskedNo: maskNo(s.studentNo), label: r ? labelOf(r.e.status, r.e.draft) : requested.has(s.id) ? 'revisedDraft' : 'notSubmitted', draft: r?.e.draft ?? null, pageCount: r?.pageCount ?? 0, submittedTime: r ? iso(r.e.submittedAt) : null, canSubmit };
          }),
      };
    },
    /**
     * Checks everything that does not need the images (task released, deadline, class code, the
     * student's own code, which draft) — run before any page is read, so a refused submission stores nothing.
     */
    async prepare(fields: { taskId: number; classCode: string; studentId: number; studentCode: string }, ip: string): Promise<PreparedSubmission> {
      const { cls, task, now } = await resolve(fields.taskId, fields.classCode);
      if (closed(task.deadline, now)) throw new AppError(403, 'DEADLINE_PASSED', 'essay.deadlinePassed', { deadline: iso(task.deadline).slice(0, 16).replace('T', ' ') }, { show: true });
      const student = await studentsRepo.find(db, cls.schoolId, fields.studentId);
      if (!student || student.s.classId !== cls.id) throw badRequest('STUDENT_NOT_IN_CLASS', 'essay.studentNotInClass');
      await verifyStudentCode(db, deps.signer, student.s, fields.studentCode, ip, now);
      const [latest] = await essaysRepo.ofStudent(db, task.id, student.s.id);
      const request = await revisionsRepo.pending(db, task.id, student.s.id);
      let draft = 0;
      // The teacher's pending request names the draft (submitEssay checks it again in its transaction).
      if (request) draft = request.nextDraft;
      else if (latest) {
        if (latest.status === 'approved') throw new AppError(409, 'ESSAY_APPROVED', 'essay.reviewedNoResubmit', undefined, { show: true });
        if (latest.status === 'revision_requested') {
          if (latest.draft >= 2) throw new AppError(409, 'LAST_DRAFT', 'essay.lastDraftReached', undefined, { show: true });
          draft = latest.draft + 1;
        } else draft = latest.draft;
      }
      return { schoolId: cls.schoolId, classId: cls.id, taskId: task.id, studentId: student.s.id, draft, replaces: Boolean(latest && latest.draft === draft) };
    },
    /** Stores the checked pages and submits (creates or replaces) the student's draft. */
    async submit(prepared: PreparedSubmission, pages: { checked: InspectedFileLike; fileName: string }[]) {
      const rows = [];
      for (const p of pages) rows.push(await storeInspected(deps, { schoolId: prepared.schoolId }, p.checked, { originalName: p.fileName || null }));
      // keepPrevious: a re-submission keeps the replaced pages as a previous version and tells the teacher.
      const { essay, replaced } = await submitEssay(deps, { schoolId: prepared.schoolId, taskId: prepared.taskId, classId: prepared.classId, studentId: prepared.studentId, draft: prepared.draft, source: 'phone', fileIds: rows.map((r) => r.id), keepPrevious: true });
      return { essayId: essay.id, draft: essay.draft, pageCount: rows.length, replaced, label: labelOf('submitted', essay.draft), submittedTime: iso(essay.submittedAt) };
    },
  };
}
export type H5UploadService = ReturnType<typeof h5UploadService>;

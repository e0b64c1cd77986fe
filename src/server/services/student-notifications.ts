// Students' notifications on the H5 class pages: written when a teacher asks for a revised draft,
// cancels that request, approves an essay or reminds students who have not submitted; read on the
// phone with the class code, the student chosen from the class list and that student's own code.
import type { StudentMessage } from '../../core/api/contracts/student-messages';
import { translate, type Lang, type MessageKey } from '../../core/i18n';
import type { Executor } from '../db/database';
import { AppError, badRequest } from '../errors';
import { classesRepo } from '../repositories/classes';
import { studentNotificationsRepo } from '../repositories/student-notifications';
import { studentsRepo } from '../repositories/students';
import type { ServiceDeps } from './deps';
import { sharedRateLimit } from './security/shared-rate-limit';
import { verifyStudentCode } from './security/student-code';
import { formatCst } from './cst-time';
import { assertSchoolActive } from './school-expiry';
import { h5UploadPath } from '../../core/domain/h5-links';

export type StudentMessageKind = StudentMessage['kind'];

export interface StudentNotice {
  schoolId: number;
  studentId: number;
  kind: StudentMessageKind;
  taskId: number;
  essayId?: number | null;
  key: MessageKey;
  params: Record<string, string | number>;
}

/** Writes notifications (inside the caller's transaction), the text in the teacher's language. */
export async function notifyStudents(db: Executor, notices: StudentNotice[], lang: Lang, now: Date): Promise<void> {
  await studentNotificationsRepo.insertMany(
    db,
    notices.map((n) => ({ schoolId: n.schoolId, studentId: n.studentId, kind: n.kind, taskId: n.taskId, essayId: n.essayId ?? null, message: translate(lang, n.key, n.params).trim(), createdAt: now, updatedAt: now })),
  );
}

/** Where a notification leads on the phone: the task's upload page for a request or a reminder. */
/** The task's phone upload page; with `studentId` it opens on that student (their own code is still asked). */
export const h5UploadLink = (taskId: number, classCode: string, studentId?: number) => h5UploadPath({ taskId, classCode, studentId });

/** Requests of an address to the students' notifications, counted in the database (every process). */
export const MESSAGES_PER_IP = { max: 120, windowMs: 60_000 };

export interface StudentWho {
  classCode: string;
  studentId: number;
  studentCode: string;
}

export function studentMessagesService(deps: ServiceDeps) {
  const db = deps.db;

  /** The class of the code (school active) and the student, who must be in it and give their own code. */
  async function resolve(who: StudentWho, ip: string) {
    const { classCode, studentId } = who;
    await sharedRateLimit.hit(db, `h5messages:ip:${ip}`, MESSAGES_PER_IP, deps.now());
    const cls = await classesRepo.findByCode(db, classCode);
    if (!cls) throw new AppError(403, 'CLASS_CODE_WRONG', 'essay.classCodeWrong', undefined, { show: true });
    await assertSchoolActive(db, cls.schoolId);
    const student = await studentsRepo.find(db, cls.schoolId, studentId);
    if (!student || student.s.classId !== cls.id) throw badRequest('STUDENT_NOT_IN_CLASS', 'essay.studentNotInClass');
    await verifyStudentCode(db, deps.signer, student.s, who.studentCode, ip, deps.now());
    return { cls, student: student.s };
  }

  return {
    /** Checks a student's code (the H5 pages ask it once and remember it on the phone). */
    async verify(who: StudentWho, ip: string) {
      const { student } = await resolve(who, ip);
      return { studentId: student.id, name: student.name };
    },
    async list(who: StudentWho, ip: string): Promise<StudentMessage[]> {
      const { cls, student } = await resolve(who, ip);
      const rows = await studentNotificationsRepo.list(db, student.id);
      return rows.map(({ n, taskTitle }) => ({
        id: n.id,
        kind: n.kind as StudentMessageKind,
        taskId: n.taskId,
        taskTitle,
        message: n.message,
        isRead: n.isRead,
        time: formatCst(n.createdAt),
        link: n.taskId && (n.kind === 'revision' || n.kind === 'reminder') ? h5UploadLink(n.taskId, cls.classCode, student.id) : null,
      }));
    },
    async markRead(who: StudentWho, ids: number[], ip: string) {
      const { student } = await resolve(who, ip);
      return { updated: await studentNotificationsRepo.markRead(db, student.id, ids, deps.now()) };
    },
  };
}
export type StudentMessagesService = ReturnType<typeof studentMessagesService>;

// One-click reminder (writing list): every student of the class who has not handed in the task gets
// an H5 notification. Not twice within 10 minutes for the same task and class, so a double click or
// an impatient teacher does not flood the students.
import type { Lang } from '../../core/i18n';
import { AppError, badRequest, notFound } from '../errors';
import { essaysRepo } from '../repositories/essays';
import { studentNotificationsRepo } from '../repositories/student-notifications';
import { studentsRepo } from '../repositories/students';
import { tasksRepo } from '../repositories/tasks';
import { isScopedTeacher } from './access';
import type { AuthContext } from './auth-context';
import type { ServiceDeps } from './deps';
import { requireClassInScope, requireReview } from './review-access';
import { formatCst } from './cst-time';
import { notifyStudents } from './student-notifications';
import { byStudentNo } from '../../core/domain/student-order';

export const REMIND_INTERVAL_MS = 10 * 60_000;

export function reminderService(deps: ServiceDeps) {
  const db = deps.db;
  return {
    async remind(auth: AuthContext, taskId: number, classId: number, lang: Lang) {
      requireReview(auth, 'write');
      await requireClassInScope(db, auth, classId);
      const task = await tasksRepo.find(db, { schoolId: auth.school.id, ...(isScopedTeacher(auth) ? { teacherIdentityId: auth.identity.id } : {}) }, taskId);
      if (!task) throw notFound();
      const scope = (await tasksRepo.classesOf(db, [taskId])).get(taskId) ?? [];
      if (!scope.some((c) => c.id === classId)) throw badRequest('CLASS_NOT_IN_TASK', 'essay.classNotInTask');
      return db.transaction(async (tx) => {
        // Serialises two reminders of the task, so the 10-minute rule holds under a double click.
        await studentNotificationsRepo.lockTask(tx, taskId);
        const now = deps.now();
        const last = await studentNotificationsRepo.lastReminder(tx, taskId, classId, new Date(now.getTime() - REMIND_INTERVAL_MS));
        if (last) {
          const minutes = Math.max(1, Math.ceil((last.getTime() + REMIND_INTERVAL_MS - now.getTime()) / 60_000));
          throw new AppError(400, 'REMIND_TOO_SOON', 'remind.tooSoon', { minutes }, { show: true });
        }
        const [roster, handedIn] = await Promise.all([studentsRepo.inClass(tx, classId), essaysRepo.ofTaskClass(tx, taskId, classId)]);
        const submitted = new Set(handedIn.map((r) => r.e.studentId));
        const missing = roster.filter((s) => !submitted.has(s.id)).sort(byStudentNo);
        const deadline = formatCst(task.t.deadline).slice(0, 16);
        await notifyStudents(tx, missing.map((s) => ({ schoolId: s.schoolId, studentId: s.id, kind: 'reminder' as const, taskId, key: 'studentMsg.reminder' as const, params: { title: task.t.title, deadline } })), lang, now);
        return { reminded: missing.length, students: missing.map((s) => s.name) };
      });
    },
  };
}
export type ReminderService = ReturnType<typeof reminderService>;

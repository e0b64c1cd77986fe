import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { classes, essays, identities, taskClasses, tasks, users } from '../db/schema';
import { studentsRepo } from '../repositories/students';
import { requestCorrection } from '../services/correction-service';
import type { ServiceDeps } from '../services/deps';
import { checkTarget, submitEssay } from '../services/essay-service';
import { saveFile } from '../services/file-service';
import { DEMO_ESSAYS, demoEssayPageFile, demoEssayPages } from './demo-essays-data';
import { DEMO_CLASS_NAME, DEMO_TASK_TITLE } from './demo-tasks';
import { byStudentNo } from '../../core/domain/student-order';

/** The committed page images (rendered by scripts/render-demo-essays.ts). */
export const DEMO_ESSAYS_DIR = path.join(import.meta.dirname, 'demo-essays');

export interface DemoEssaysState {
  taskId: number;
  classId: number;
  taskTitle: string;
  className: string;
  /** essays this call created (0 when the demo essays were seeded before) */
  created: number;
  /** the students with a demo essay, in roster order */
  students: string[];
  /** of their live essays, how many still wait for or are in the AI correction */
  pending: number;
}

type SeedDeps = Pick<ServiceDeps, 'db' | 'storage' | 'now' | 'uploadMaxBytes'>;

/** The released demo task of teacher01 on 七年级1班 (demo-tasks.ts), or undefined when it is not there. */
async function demoTask(db: SeedDeps['db']) {
  const [row] = await db
    .select({ taskId: tasks.id, schoolId: tasks.schoolId, classId: classes.id, identityId: identities.id })
    .from(tasks)
    .innerJoin(identities, eq(identities.id, tasks.creatorIdentityId))
    .innerJoin(users, eq(users.id, identities.userId))
    .innerJoin(taskClasses, eq(taskClasses.taskId, tasks.id))
    .innerJoin(classes, eq(classes.id, taskClasses.classId))
    .where(and(eq(users.username, 'teacher01'), eq(tasks.title, DEMO_TASK_TITLE), eq(tasks.status, 'released'), isNull(tasks.deletedAt), eq(classes.name, DEMO_CLASS_NAME), isNull(classes.deletedAt)))
    .orderBy(tasks.id)
    .limit(1);
  return row;
}

/**
 * Hands in the demo essays (demo-essays-data.ts) on the released demo task, one per student for the
 * first students of 七年级1班 in roster order, as the teacher's single upload would: the page images
 * go through the file service into the configured storage, `submitEssay` creates the essay (source
 * `single`), and the AI correction is queued to start at once (reason `seed`), so the in-process job
 * runner corrects them within a minute of the first start. The other students stay unsubmitted.
 *
 * Idempotent and never in the teacher's way: a student who has any essay row on the task — seeded
 * before, uploaded by the teacher, even deleted by the teacher (soft delete keeps the row) — is
 * skipped, so a restart adds nothing and an interrupted first start is completed. Nothing happens
 * when the demo task is not there (SEED_DEMO=false, or an older data folder with another title).
 */
export async function seedDemoEssays(deps: SeedDeps): Promise<DemoEssaysState | undefined> {
  const { db } = deps;
  const task = await demoTask(db);
  if (!task) return undefined;
  const roster = (await studentsRepo.inClass(db, task.classId)).sort(byStudentNo);
  const targets = roster.slice(0, DEMO_ESSAYS.length);
  const handedIn = new Set(
    (await db.select({ studentId: essays.studentId }).from(essays).where(and(eq(essays.taskId, task.taskId), inArray(essays.studentId, targets.map((s) => s.id).concat(-1))))).map((r) => r.studentId),
  );

  let created = 0;
  for (const [i, student] of targets.entries()) {
    if (handedIn.has(student.id)) continue;
    const essay = DEMO_ESSAYS[i]!;
    await checkTarget(db, task.schoolId, task.taskId, task.classId, student.id);
    const fileIds: string[] = [];
    for (let p = 0; p < demoEssayPages(essay).length; p++) {
      const name = demoEssayPageFile(essay, p);
      const bytes = await readFile(path.join(DEMO_ESSAYS_DIR, name));
      fileIds.push((await saveFile(deps, { schoolId: task.schoolId, identityId: task.identityId }, bytes, { originalName: name })).id);
    }
    const { essay: row } = await submitEssay(deps, { schoolId: task.schoolId, taskId: task.taskId, classId: task.classId, studentId: student.id, draft: 0, source: 'single', fileIds, identityId: task.identityId });
    // submitEssay queued it after the teacher's AI delay; the demo should not wait for it.
    await requestCorrection(db, row.id, { reason: 'seed', now: deps.now() });
    created++;
  }

  const live = await db
    .select({ studentId: essays.studentId, status: essays.status })
    .from(essays)
    .where(and(eq(essays.taskId, task.taskId), inArray(essays.studentId, targets.map((s) => s.id).concat(-1)), isNull(essays.deletedAt)));
  const withEssay = new Set(live.map((e) => e.studentId));
  return {
    taskId: task.taskId,
    classId: task.classId,
    taskTitle: DEMO_TASK_TITLE,
    className: DEMO_CLASS_NAME,
    created,
    students: targets.filter((s) => withEssay.has(s.id)).map((s) => s.name),
    pending: live.filter((e) => ['submitted', 'awaiting_ai', 'ai_running'].includes(e.status)).length,
  };
}

// A spec's OWN class, students, task and AI-corrected essays, made through the API as a teacher would:
// specs that approve, cancel or send back essays never share them, so each spec's counts hold whatever
// ran before it (the seeded demo task 我的老师 of 七年级1班 is shared by every spec; see demo-essays.ts).
// The essays are the committed demo page images (src/server/seed/demo-essays/), uploaded like the
// teacher's single upload and corrected by the server's real AI job (local OCR and analysis).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_ESSAY_TITLE, DEMO_ESSAYS, demoEssayPageFile, demoEssayPages } from '../../src/server/seed/demo-essays-data';
import { routeCall } from './api';
import { classes } from '../../src/core/api/routes/classes';
import { correction } from '../../src/core/api/routes/correction';
import { files } from '../../src/core/api/routes/files';
import { students as studentRoutes } from '../../src/core/api/routes/students';
import { tasks } from '../../src/core/api/routes/tasks';
import { writings } from '../../src/core/api/routes/writings';

const PAGES_DIR = path.resolve(import.meta.dirname, '../../src/server/seed/demo-essays');

/**
 * The hook timeout of a spec whose `beforeAll` waits for its own essays. The seeded demo essays are
 * corrected before the first spec (global-setup.ts) and a teacher's correction is claimed before
 * background work anyway, so a spec waits only for its own: 28 s for two essays, 41 s for four (at
 * load 8–10 on the 2-core machine; 76 s for two when they queued behind the seed). ≥ 5× that; the AI
 * wait ends 30 s before it with a message saying how far it got.
 */
export const OWN_TASK_HOOK_MS = 300_000;
/** Statuses before the AI has finished. */
const BEFORE_AI = ['submitted', 'awaiting_ai', 'ai_running'];

export interface OwnStudent {
  id: number;
  name: string;
  studentNo: string;
}

export interface OwnClass {
  id: number;
  name: string;
  classCode: string;
  /** in roster order (student number) */
  students: OwnStudent[];
}

export interface OwnEssay {
  id: number;
  studentId: number;
  studentName: string;
  /** the demo essay handed in (demo-essays-data.ts) */
  key: string;
  /** ai_done, or abnormal (an essay the AI flags, e.g. one that stops mid-sentence) */
  status: string;
}

export interface OwnTask {
  taskId: number;
  classId: number;
  essays: OwnEssay[];
  /** the writing list page of the task and class (append to `${baseUrl}/teaching`) */
  writingListPath: string;
}


/** A short random tag so names stay unique when a spec runs twice against one server. */
export const uniqueTag = () => Math.random().toString(36).slice(2, 6).toUpperCase();

/**
 * Creates a class of `teacher` (teacher01 unless told) on the campus and semester of one of their
 * classes, with the given students numbered 1, 2, 3… in order. `grade` 7 unless told: leaders.spec.ts
 * keeps grade 9 to itself (its filter counts the classes of that grade).
 */
export async function createOwnClass(token: string, opts: { name: string; students: string[]; grade?: number }): Promise<OwnClass> {
  const like = (await routeCall(token, classes.mclassList, { query: { pageSize: 50 } })).list.find((c) => c.mainTeacherId);
  if (!like) throw new Error('the teacher has no class to copy campus, semester and main teacher from');
  const klass = await routeCall(token, classes.mclassAdd, { body: { name: opts.name, grade: opts.grade ?? 7, campusId: like.campusId, semesterId: like.semesterId, mainTeacherId: like.mainTeacherId! } });
  const students: OwnStudent[] = [];
  for (const [i, name] of opts.students.entries()) {
    const s = await routeCall(token, studentRoutes.mStudentAdd, { body: { classId: klass.id, name, studentNo: String(i + 1) } });
    students.push({ id: s.id, name, studentNo: String(i + 1) });
  }
  return { id: klass.id, name: klass.name, classCode: klass.classCode, students };
}

/** Uploads the demo essay's committed page images and hands them in for the student (the teacher's single upload); starts the AI at once. */
export async function handInDemoEssay(token: string, target: { taskId: number; classId: number; studentId: number }, key: string): Promise<number> {
  const essay = DEMO_ESSAYS.find((e) => e.key === key);
  if (!essay) throw new Error(`no demo essay ${key}`);
  const fileIds: string[] = [];
  for (let p = 0; p < demoEssayPages(essay).length; p++) {
    const name = demoEssayPageFile(essay, p);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await readFile(path.join(PAGES_DIR, name)))], { type: 'image/jpeg' }), name);
    fileIds.push((await routeCall(token, files.upload, { body: form })).id);
  }
  const { id } = await routeCall(token, writings.saveSingle, { body: { ...target, fileIds } });
  // start the AI now instead of after the teacher's review delay
  await routeCall(token, correction.correctionRerun, { params: { id }, body: { confirmOverwrite: false } });
  return id;
}


/** Polls the writing list until none of the given essays is still waiting for or in the AI; returns their statuses. */
export async function waitForAi(token: string, taskId: number, classId: number, essayIds: number[], timeoutMs = OWN_TASK_HOOK_MS - 30_000): Promise<Map<number, string>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await routeCall(token, writings.list, { query: { taskId, classId } });
    const status = new Map(list.students.flatMap((s) => s.essays).map((e) => [e.id, e.status]));
    const pending = essayIds.filter((id) => !status.has(id) || BEFORE_AI.includes(status.get(id)!));
    if (!pending.length) return status;
    if (Date.now() > deadline) throw new Error(`AI correction not finished in ${timeoutMs / 1000} s: ${essayIds.map((id) => status.get(id)).join(', ')}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/**
 * A released task (title 我的老师 unless told, so the AI does not flag the demo essays off-topic) on
 * the class, with the demo essays `keys` handed in by the class's first students in roster order, and
 * waits until the AI has corrected all of them. The AI shares a busy machine with the browser: call it
 * in `beforeAll` with OWN_TASK_HOOK_MS as its timeout.
 */
export async function createTaskWithEssays(
  token: string,
  klass: OwnClass,
  keys: string[],
  opts: { title?: string; timeoutMs?: number } = {},
): Promise<OwnTask> {
  if (keys.length > klass.students.length) throw new Error(`${keys.length} essays for ${klass.students.length} students`);
  const { id: taskId } = await routeCall(token, tasks.tasksAdd, {
    body: {
      title: opts.title ?? DEMO_ESSAY_TITLE,
      genre: 'narrative',
      grade: 7,
      requirements: ['选择身边熟悉的人', '用细节描写表现人物'],
      deadline: new Date(Date.now() + 7 * 86400_000).toISOString(),
      classIds: [klass.id],
    },
  });
  const handedIn: Omit<OwnEssay, 'status'>[] = [];
  for (const [i, key] of keys.entries()) {
    const student = klass.students[i]!;
    handedIn.push({ id: await handInDemoEssay(token, { taskId, classId: klass.id, studentId: student.id }, key), studentId: student.id, studentName: student.name, key });
  }
  const status = await waitForAi(token, taskId, klass.id, handedIn.map((e) => e.id), opts.timeoutMs);
  return {
    taskId,
    classId: klass.id,
    essays: handedIn.map((e) => ({ ...e, status: status.get(e.id)! })),
    writingListPath: `/homework/situation/writinglist?taskId=${taskId}&classId=${klass.id}`,
  };
}

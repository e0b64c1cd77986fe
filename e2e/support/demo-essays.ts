// The demo essays the e2e server seeds on its first start (src/server/seed/demo-essays.ts): ten essays
// on the released task 我的老师 of 七年级1班, AI-corrected by the server's own job runner with the real
// local OCR. Specs that start "from the seeded demo task" wait here until the AI is done with them.
import { DEMO_ESSAYS } from '../../src/server/seed/demo-essays-data';
import { DEMO_CLASS_NAME, DEMO_TASK_TITLE } from '../../src/server/seed/demo-tasks';

export interface DemoEssay {
  id: number;
  studentId: number;
  studentName: string;
  studentNo: string;
  /** ai_done, or abnormal (the essay that stops mid-sentence is flagged INCOMPLETE_ESSAY); later the teacher's statuses */
  status: string;
  aiScore: string | null;
  wordCount: number | null;
  pageCount: number;
}

export interface DemoTask {
  taskId: number;
  classId: number;
  /** the demo essays in roster order (those another spec deleted are missing), all past the AI */
  essays: DemoEssay[];
  /** the writing list page of the task and class (append to `${baseUrl}/teaching`) */
  writingListPath: string;
}

/** Statuses before the AI has finished (a re-upload or a page edit by another spec goes back here too). */
const BEFORE_AI = ['submitted', 'awaiting_ai', 'ai_running'];

async function data<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}/correction-api/platform-management${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { code: number; data: T; message?: string };
  if (!res.ok || body.code !== 200) throw new Error(`${path}: ${res.status} ${body.message ?? ''}`);
  return body.data;
}

/**
 * Waits until every demo essay of the demo task is AI-corrected (polls writings/list every 2 s) and
 * returns the task, class and essays. `token`: teacher01's (or anyone who sees 七年级1班). The
 * global setup waits here before the first spec, so a spec finds them done (unless it sent one back
 * to the AI itself); the default wait ends before the 300 s hook timeout with how far the AI got.
 */
export async function waitForDemoEssays(baseUrl: string, token: string, opts: { timeoutMs?: number } = {}): Promise<DemoTask> {
  const classes = await data<{ list: { id: number; name: string }[] }>(baseUrl, token, '/mclass/list?pageSize=50');
  const klass = classes.list.find((c) => c.name === DEMO_CLASS_NAME);
  if (!klass) throw new Error(`demo class ${DEMO_CLASS_NAME} not found: is the server seeding the demo (SEED_DEMO)?`);
  const tasks = await data<{ list: { id: number; title: string; status: string }[] }>(baseUrl, token, `/tasks/list?classId=${klass.id}&pageSize=50`);
  // Specs may add tasks of the same title; the seeded one was created first, at server start.
  const [task] = tasks.list.filter((t) => t.title === DEMO_TASK_TITLE && t.status === 'released').sort((a, b) => a.id - b.id);
  if (!task) throw new Error(`demo task 「${DEMO_TASK_TITLE}」 not found on ${DEMO_CLASS_NAME}`);

  const deadline = Date.now() + (opts.timeoutMs ?? 280_000);
  let last = '';
  for (;;) {
    const list = await data<{ students: { studentId: number; name: string; studentNo: string; essays: (Omit<DemoEssay, 'studentName' | 'studentNo'> & { draft: number })[] }[] }>(
      baseUrl,
      token,
      `/writings/list?taskId=${task.id}&classId=${klass.id}`,
    );
    const essays = list.students
      .slice(0, DEMO_ESSAYS.length)
      .flatMap((s) => s.essays.filter((e) => e.draft === 0).map((e) => ({ id: e.id, studentId: s.studentId, studentName: s.name, studentNo: s.studentNo, status: e.status, aiScore: e.aiScore, wordCount: e.wordCount, pageCount: e.pageCount })));
    const done = essays.filter((e) => !BEFORE_AI.includes(e.status)).length;
    if (essays.length && done === essays.length) {
      return { taskId: task.id, classId: klass.id, essays, writingListPath: `/homework/situation/writinglist?taskId=${task.id}&classId=${klass.id}` };
    }
    last = `${essays.length} demo essays, ${done} AI-corrected`;
    if (Date.now() > deadline) throw new Error(`demo essays not AI-corrected in time: ${last}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

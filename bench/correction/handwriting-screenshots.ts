// Screenshots of the correction panel with the OCR's doubtful characters marked (product-rules.md#ocr): a handwriting
// page (default: a photo-like grid page of the development set, handwriting-set.ts) is handed in on a task
// of its own, corrected by the server's real AI job (local OCR), and opened as a teacher would, zh and en,
// desktop; the first doubtful character is hovered so its other readings show. Then the keyboard fixing:
// the stepper field focused, Tab, Tab and Shift+Tab (the second doubt in reading order looked at), Enter takes its alternative, and the
// panel is shot with the next doubt looked at and the fix pending.
//   npx vite build && node --import tsx bench/correction/handwriting-screenshots.ts [IMAGE]
// Starts the server (src/server/server.ts) on a free port with a fresh PGlite folder, as the e2e setup does.
// Writes correction-panel-doubt-{zh,en}-desktop.png and correction-panel-doubt-step-{zh,en}-desktop.png to
// SHOTS_OUT (default /tmp/zhipi-shots): look at them, then copy the ones the docs need to docs/screenshots.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encryptPassword } from '../../src/core/security/encrypt-password';
import { launchBrowser, newPage } from '../../e2e/support/browser';

const root = path.resolve(import.meta.dirname, '../..');
const image = process.argv[2] ?? '/tmp/zhipi-handwriting-set/long-cang-grid-photo-0.jpg';
const out = process.env.SHOTS_OUT ?? '/tmp/zhipi-shots';
mkdirSync(out, { recursive: true });
if (!existsSync(path.join(root, 'dist/index.html'))) throw new Error('Build the app first: npx vite build');

// SHOTS_DATA_DIR keeps the data folder (the demo essays' AI corrections, done once) for another run
const keep = process.env.SHOTS_DATA_DIR;
const dataDir = keep ?? mkdtempSync(path.join(tmpdir(), 'zhipi-shots-'));
const port = 20000 + Math.floor(Math.random() * 20000);
const base = `http://localhost:${port}`;
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: '', SEED_DEMO: 'true' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function api<T>(token: string, p: string, body?: unknown, form?: FormData): Promise<T> {
  const res = await fetch(`${base}/correction-api${p}`, {
    method: body || form ? 'POST' : 'GET',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const json = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`${p}: ${res.status} ${json.message}`);
  return json.data;
}

try {
  for (const deadline = Date.now() + 900_000; ; ) {
    if (child.exitCode !== null) throw new Error('server exited early');
    if (await fetch(`${base}/correction-api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('server did not start in 900 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  const key = (await api<{ publicKey: string }>('', '/platform-system/auth/publicKey')).publicKey;
  const token = (await api<{ token: string }>('', '/platform-system/auth/loginTeacher', { username: 'teacher01', password: await encryptPassword('Zhipi@2026', key) })).token;
  const classId = (await api<{ list: { id: number; name: string }[] }>(token, '/platform-management/mclass/list?pageSize=20')).list.find((c) => c.name === '七年级2班')!.id;
  const task = await api<{ id: number }>(token, '/platform-management/tasks/add', {
    title: '我的老师',
    genre: 'narrative',
    grade: 7,
    requirements: ['选择身边熟悉的人', '抓住人物特点'],
    deadline: new Date(Date.now() + 7 * 86400_000).toISOString(),
    classIds: [classId],
  });
  type ListRow = { studentId: number; essays: { id: number; status: string }[] };
  const list = () => api<{ students: ListRow[] }>(token, `/platform-management/writings/list?taskId=${task.id}&classId=${classId}`);
  const student = (await list()).students[0]!;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(readFileSync(image))], { type: 'image/jpeg' }), path.basename(image));
  const fileId = (await api<{ id: string }>(token, '/file-service/files', undefined, form)).id;
  const essay = await api<{ id: number }>(token, '/platform-management/writings/saveSingle', { taskId: task.id, classId, studentId: student.studentId, fileIds: [fileId] });
  await api(token, `/platform-management/workManager/correction/${essay.id}/rerun`, { confirmOverwrite: false });
  for (const deadline = Date.now() + 1_800_000; ; ) {
    const status = (await list()).students.flatMap((s) => s.essays).find((e) => e.id === essay.id)?.status;
    if (status === 'ai_done' || status === 'abnormal') break;
    if (Date.now() > deadline) throw new Error(`AI correction did not finish: ${status}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
  const browser = await launchBrowser();
  try {
    // SHOTS_LANGS=en takes one language only (a busy machine loses the second to a timeout)
    const langs = (process.env.SHOTS_LANGS ?? 'zh,en').split(',');
    for (const [lang, origin] of (
      [
        ['zh', base],
        ['en', `http://en.localhost:${port}`],
      ] as const
    ).filter(([l]) => langs.includes(l))) {
      const { context, page } = await newPage(browser, { width: 1440, height: 900 });
      page.setDefaultTimeout(180_000);
      await page.goto(`${origin}/teaching/user/login`);
      await page.getByPlaceholder(/^(用户名|Username)$/).fill('teacher01');
      await page.getByPlaceholder(/^(密码|Password)$/).fill('Zhipi@2026');
      await page.locator('[data-testid=login-page] button[type=submit]').first().click();
      await page.waitForURL((u) => !u.pathname.endsWith('/user/login'));
      await page.goto(`${origin}/teaching/homework/correctComment?essayId=${essay.id}`);
      await page.waitForLoadState('networkidle');
      const doubts = page.locator('.zp-cp-text .zp-doubt');
      await doubts.first().waitFor({ timeout: 180_000 });
      console.log(`${lang}: ${await doubts.count()} doubtful characters marked`);
      await doubts.first().scrollIntoViewIfNeeded();
      await doubts.first().hover();
      await page.getByTestId('cp-doubt-readings').or(page.locator('.ant-popover')).first().waitFor({ timeout: 10_000 });
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(out, `correction-panel-doubt-${lang}-desktop.png`) });
      await page.mouse.move(5, 5);
      const field = page.getByTestId('cp-doubt-input');
      await field.scrollIntoViewIfNeeded();
      await field.focus();
      // Tab, Tab, Shift+Tab: through the doubts in reading order and back, to the second one
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      const pending = page.getByTestId('cp-fixes-pending');
      // (a doubt with no alternative takes no Enter: the character is typed as read instead)
      if (!(await pending.waitFor({ timeout: 3_000 }).then(() => true, () => false))) await page.keyboard.type((await field.getAttribute('placeholder')) ?? '的');
      await pending.waitFor({ timeout: 10_000 });
      await page.waitForTimeout(200);
      await page.screenshot({ path: path.join(out, `correction-panel-doubt-step-${lang}-desktop.png`) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Screenshots of scoring (product-rules.md#scoring): the correction panel on the demo class's strongest and weakest essay by the AI's
 * total, zh and en, desktop 1440 × 2400 px (the panel scrolls inside the window, so a tall window shows it whole), from a running server with the demo school (npm start):
 *   node --import tsx scripts/screenshots-judgement.ts [baseUrl] [--out dir] [--approve]
 * Waits until the seeded demo essays are AI-corrected, then picks the highest and the lowest percent.
 * With --approve it then approves every demo essay as the AI scored and commented it (a teacher who
 * agrees) and shoots the class report and the classroom evaluation (zh and en, desktop) and one
 * parent's page (zh and en, 375 px). Writes to --out (default docs/screenshots); look at them before
 * copying a temporary folder's files into docs/screenshots.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { encryptPassword } from '../src/core/security/encrypt-password';
import { DEMO_PASSWORD } from '../src/server/seed/demo-school';
import { DEMO_CLASS_NAME, DEMO_TASK_TITLE } from '../src/server/seed/demo-tasks';
import { launchBrowser, newPage } from '../e2e/support/browser';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const base = args.find((a, i) => !a.startsWith('--') && i !== outAt + 1) ?? 'http://localhost:8080';
const port = new URL(base).port || '80';
const out = path.resolve(outAt >= 0 ? args[outAt + 1]! : 'docs/screenshots');
mkdirSync(out, { recursive: true });

async function api<T>(token: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/correction-api${p}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`${p}: ${res.status} ${json.message}`);
  return json.data;
}

const key = (await api<{ publicKey: string }>('', '/platform-system/auth/publicKey')).publicKey;
const { token } = await api<{ token: string }>('', '/platform-system/auth/loginTeacher', { username: 'teacher01', password: await encryptPassword(DEMO_PASSWORD, key) });
const tasks = await api<{ list: { id: number; title: string }[] }>(token, `/platform-management/tasks/list?title=${encodeURIComponent(DEMO_TASK_TITLE)}&pageSize=50`);
const classes = await api<{ list: { id: number; name: string }[] }>(token, '/platform-management/mclass/list?pageSize=100');
const taskId = tasks.list.find((t) => t.title === DEMO_TASK_TITLE)?.id;
const classId = classes.list.find((c) => c.name === DEMO_CLASS_NAME)?.id;
if (!taskId || !classId) throw new Error('demo task or class not found: start the server with the demo school');

type Row = { name: string; essays: { id: number; status: string }[] };
let essays: { id: number; name: string }[] = [];
for (const deadline = Date.now() + 1_800_000; ; ) {
  const list = await api<{ students: Row[] }>(token, `/platform-management/writings/list?taskId=${taskId}&classId=${classId}`);
  const all = list.students.flatMap((s) => s.essays.map((e) => ({ ...e, name: s.name })));
  if (all.length && all.every((e) => !['submitted', 'awaiting_ai', 'ai_running'].includes(e.status))) {
    essays = all;
    break;
  }
  if (Date.now() > deadline) throw new Error(`demo essays not corrected yet: ${all.map((e) => e.status).join(', ')}`);
  await new Promise((r) => setTimeout(r, 3000));
}
const scored = await Promise.all(
  essays.map(async (e) => ({ ...e, percent: (await api<{ correction: { result: { score: { percent: number } | null } | null } }>(token, `/platform-management/review/workspace?essayId=${e.id}`)).correction.result?.score?.percent ?? -1 })),
);
const ranked = scored.filter((e) => e.percent >= 0).sort((a, b) => b.percent - a.percent);
const picks = { strongest: ranked[0]!, weakest: ranked.at(-1)! };
console.log(ranked.map((e) => `${e.name} ${e.percent.toFixed(1)}`).join('\n'));

const browser = await launchBrowser();
try {
  for (const [lang, origin] of [
    ['zh', base],
    ['en', `http://en.localhost:${port}`],
  ] as const) {
    const { context, page } = await newPage(browser, { width: 1440, height: 2400 });
    await page.goto(`${origin}/teaching/user/login`);
    await page.getByPlaceholder(/用户名|Username/).fill('teacher01');
    await page.getByPlaceholder(/密码|Password/).fill(DEMO_PASSWORD);
    await page.locator('button[type=submit]').first().click();
    await page.waitForURL((u) => !u.pathname.includes('/user/login'));
    for (const [which, essay] of Object.entries(picks)) {
      await page.goto(`${origin}/teaching/homework/correctComment?essayId=${essay.id}&taskId=${taskId}&classId=${classId}`);
      await page.getByTestId('cp-student').waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(800);
      await page.screenshot({ path: path.join(out, `correction-panel-${which}-${lang}-desktop.png`), fullPage: true });
      console.log(`correction-panel-${which}-${lang}-desktop.png: ${essay.name} ${essay.percent.toFixed(1)}`);
    }
    await context.close();
  }
  if (args.includes('--approve')) await approvedScreens();
} finally {
  await browser.close();
}

type Workspace = { correction: { result: { score: { label: string; dimensions: { id: string; label: string }[] } | null; comments: { overall: string } } | null } };

/** Approves every demo essay as the AI scored it, then the class report, the classroom evaluation and a parent's page. */
async function approvedScreens() {
  for (const e of essays) {
    const w = await api<Workspace>(token, `/platform-management/review/workspace?essayId=${e.id}`);
    const r = w.correction.result;
    if (!r?.score) continue;
    await api(token, '/platform-management/review/approve', {
      essayId: e.id,
      teacherComment: r.comments.overall,
      teacherScore: r.score.label,
      dimensionScores: r.score.dimensions.map((d) => ({ id: d.id, label: d.label })),
    }).catch((err: Error) => console.log(`approve ${e.name}: ${err.message}`));
  }
  const links = await api<{ studentName: string; path: string | null }[]>(token, '/platform-management/report/parentLinks', { classId });
  const parent = links.find((l) => l.studentName === picks.strongest.name && l.path) ?? links.find((l) => l.path)!;
  for (const [lang, origin] of [
    ['zh', base],
    ['en', `http://en.localhost:${port}`],
  ] as const) {
    const { context, page } = await newPage(browser, { width: 1440, height: 1600 });
    await page.goto(`${origin}/teaching/user/login`);
    await page.getByPlaceholder(/用户名|Username/).fill('teacher01');
    await page.getByPlaceholder(/密码|Password/).fill(DEMO_PASSWORD);
    await page.locator('button[type=submit]').first().click();
    await page.waitForURL((u) => !u.pathname.includes('/user/login'));
    await page.goto(`${origin}/teaching/report?taskId=${taskId}&classId=${classId}&mode=full`);
    await page.getByTestId('report-overview').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `judgement-class-report-${lang}-desktop.png`), fullPage: true });
    await page.goto(`${origin}/teaching/homework/situation/writinglist?taskId=${taskId}&classId=${classId}`);
    await page.getByTestId('open-evaluation').click();
    await page.getByTestId('classroom-evaluation').waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(out, `judgement-classroom-evaluation-${lang}-desktop.png`), fullPage: true });
    await context.close();
    const phone = await newPage(browser, { width: 375, height: 760, mobile: true });
    await phone.page.goto(origin + parent.path);
    await phone.page.getByTestId('parent-report').waitFor();
    await phone.page.waitForLoadState('networkidle');
    await phone.page.screenshot({ path: path.join(out, `judgement-parent-report-${lang}-375.png`), fullPage: true });
    console.log(`judgement screens ${lang}: class report, classroom evaluation, parent of ${parent.studentName}`);
    await phone.context.close();
  }
}

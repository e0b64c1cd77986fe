/**
 * Takes the README and docs screenshots from a running server (npm start), desktop and 375 px phone:
 *   node --import tsx scripts/screenshots.ts [baseUrl]
 * Refreshes the screenshots the browser tests take (they write to a temporary folder otherwise):
 *   npx vite build --logLevel warn && node --import tsx scripts/screenshots.ts --e2e
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, newPage } from '../e2e/support/browser';

/** The browser specs whose screenshots the docs show. */
const SPECS_WITH_DOC_SCREENSHOTS = ['class-report', 'correction-panel', 'lcw-enrollment', 'leaders', 'practice', 'review-demo-flow', 'samples', 'widgets-hosts', 'writing-list'];

if (process.argv.includes('--e2e')) {
  const specs = SPECS_WITH_DOC_SCREENSHOTS.map((name) => `e2e/${name}.spec.ts`);
  const env = { ...process.env, ZHIPI_SCREENSHOTS_DIR: path.resolve('docs/screenshots') };
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...specs], { stdio: 'inherit', env });
  process.exit(run.status ?? 1);
}

const base = process.argv[2] ?? 'http://localhost:8080';
const out = path.resolve('docs/screenshots');
mkdirSync(out, { recursive: true });
const port = new URL(base).port || '80';

async function login(page: Page, origin: string, username: string) {
  await page.goto(`${origin}/teaching/user/login`);
  await page.getByPlaceholder(/用户名|Username/).fill(username);
  await page.getByPlaceholder(/密码|Password/).fill('Zhipi@2026');
  await page.locator('button[type=submit]').first().click();
  await page.waitForURL((u) => !u.pathname.includes('/user/login'));
  await page.waitForLoadState('networkidle');
}

const browser = await launchBrowser();
try {
  for (const [lang, origin] of [
    ['zh', base],
    ['en', `http://en.localhost:${port}`],
  ] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      const { context, page } = await newPage(browser, device === 'phone' ? { width: 375, height: 760, mobile: true } : {});
      await page.goto(`${origin}/teaching/user/login`);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(out, `login-${lang}-${device}.png`) });
      await login(page, origin, 'teacher01');
      await page.screenshot({ path: path.join(out, `main-layout-${lang}-${device}.png`) });
      await context.close();
    }
  }
  // teaching pages (product-rules.md#classes-and-tasks): task board with its upload QR code, assign form, classes; zh and en
  for (const [lang, origin] of [
    ['zh', base],
    ['en', `http://en.localhost:${port}`],
  ] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      const { context, page } = await newPage(browser, device === 'phone' ? { width: 375, height: 760, mobile: true } : {});
      await login(page, origin, 'teacher01');
      await page.getByTestId('task-card').first().waitFor();
      if (device === 'desktop') await page.getByTestId('task-qr').last().click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(out, `task-board-${lang}-${device}.png`) });
      if (device === 'desktop') {
        await page.goto(`${origin}/teaching/teacherIndex/assignTask`);
        await page.getByTestId('assign-form').waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: path.join(out, `assign-form-${lang}-desktop.png`), fullPage: true });
        await page.goto(`${origin}/teaching/class/index`);
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: path.join(out, `class-page-${lang}-desktop.png`) });
      }
      await context.close();
    }
  }

  // upload screen (product-rules.md#essay-intake), desktop zh/en, and the widget preview
  for (const [lang, origin] of [
    ['zh', base],
    ['en', `http://en.localhost:${port}`],
  ] as const) {
    const { context, page } = await newPage(browser);
    await login(page, origin, 'teacher01');
    await page.goto(`${origin}/teaching/homework/writingUploadIndex`);
    await page.getByTestId('upload-workspace').waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(out, `upload-${lang}-desktop.png`) });
    await page.getByRole('tab', { name: /批量上传|Batch/ }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `upload-batch-${lang}-desktop.png`) });
    if (lang === 'zh') {
      await page.goto(`${origin}/teaching/widgets/`);
      await page.getByTestId('task-board').waitFor();
      await page.screenshot({ path: path.join(out, 'widget-task-board.png') });
    }
    await context.close();
  }

  // the students' phone upload page (H5), 375 px, zh and en
  for (const [lang, origin] of [
    ['zh', base],
    ['en', `http://en.localhost:${port}`],
  ] as const) {
    const { context, page } = await newPage(browser);
    await login(page, origin, 'teacher01');
    const token = await page.evaluate(() => (JSON.parse(window.localStorage.getItem('pro__Access-Token') ?? '{}') as { value: string }).value);
    const get = async (p: string) => ((await (await fetch(`${base}/correction-api${p}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: any }).data; // eslint-disable-line @typescript-eslint/no-explicit-any
    const klass = (await get('/platform-management/mclass/list?pageSize=10')).list[0];
    const task = (await get(`/platform-management/tasks/list?classId=${klass.id}`)).list.find((x: { status: string }) => x.status === 'released');
    await context.close();
    if (!task) continue;
    const phone = await newPage(browser, { width: 375, height: 760, mobile: true });
    await phone.page.goto(`${origin}/teaching/h5/upload?taskId=${task.id}&classCode=${klass.classCode}`);
    await phone.page.getByTestId('h5-student').first().waitFor();
    await phone.page.screenshot({ path: path.join(out, `h5-upload-${lang}-phone.png`) });
    await phone.context.close();
  }

  const { context, page } = await newPage(browser);
  await login(page, base, 'expired01');
  await page.screenshot({ path: path.join(out, 'expired-zh-desktop.png') });
  await context.close();
  console.log(`screenshots written to ${out}`);
} finally {
  await browser.close();
}

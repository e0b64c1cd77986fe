/**
 * Screenshots of the teacher's week on the demo school (docs/screenshots/week-*.png), zh and en, 1440 px
 * and, where a teacher or parent uses it on a phone, 375 px, from a running server with the demo seed:
 *   node --import tsx scripts/screenshots-week.ts [baseUrl]
 * The upload screen opened from a student's row, batch review, the headmaster's home, the growth
 * profile of a pupil who handed in, the practice entry's QR code and the classroom essay dialog.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from '../e2e/support/browser';
import { encryptPassword } from '../src/core/security/encrypt-password';

const base = process.argv[2] ?? 'http://localhost:8080';
const port = new URL(base).port || '80';
const out = path.resolve('docs/screenshots');
mkdirSync(out, { recursive: true });
const ORIGINS = { zh: base, en: `http://en.localhost:${port}` } as const;
type Lang = keyof typeof ORIGINS;

async function api<T>(p: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/correction-api${p}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`${p}: ${res.status} ${json.message}`);
  return json.data;
}

async function tokenOf(username: string): Promise<string> {
  const { publicKey } = await api<{ publicKey: string }>('/platform-system/auth/publicKey');
  return (await api<{ token: string }>('/platform-system/auth/loginTeacher', undefined, { username, password: await encryptPassword('Zhipi@2026', publicKey) })).token;
}

/** Opens `route` signed in with `token` (set before the app starts, so no login screen). */
async function open(browser: Browser, lang: Lang, token: string, route: string, phone = false) {
  const { context, page } = await newPage(browser, phone ? { width: 375, height: 760, mobile: true } : { width: 1440, height: 900 });
  await context.addInitScript((t) => localStorage.setItem('pro__Access-Token', JSON.stringify({ value: t, expire: Date.now() + 86400_000 })), token);
  await page.goto(`${ORIGINS[lang]}/teaching${route}`);
  return { context, page };
}

/** Waits until the element stops moving (a drawer or modal sliding in). */
async function settled(page: Page, selector: string) {
  const box = () => page.locator(selector).first().boundingBox();
  for (let last = await box(), i = 0; i < 40; i++) {
    await page.waitForTimeout(250);
    const now = await box();
    if (now && last && now.x === last.x && now.y === last.y && now.width === last.width) return;
    last = now;
  }
}

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, `week-${name}.png`), fullPage });
}

const teacher = await tokenOf('teacher01');
const headmaster = await tokenOf('headmaster01');
const klass = (await api<{ list: { id: number; name: string }[] }>('/platform-management/mclass/list?pageSize=50', teacher)).list.find((c) => c.name === '七年级1班')!;
const task = (await api<{ list: { id: number; title: string }[] }>(`/platform-management/tasks/list?classId=${klass.id}&pageSize=50`, teacher)).list
  .filter((t) => t.title === '我的老师')
  .sort((a, b) => a.id - b.id)[0]!;
const q = `taskId=${task.id}&classId=${klass.id}`;
const rows = (await api<{ students: { studentId: number; name: string; essays: unknown[] }[] }>(`/platform-management/writings/list?${q}`, teacher)).students;
const xu = rows.find((r) => r.name === '徐子墨') ?? rows.find((r) => r.essays.length === 0) ?? rows[0]!;
const handedIn = rows.find((r) => r.essays.length > 0)!;

const browser = await launchBrowser();
try {
  for (const lang of ['zh', 'en'] as const) {
    for (const phone of [false, true]) {
      const size = phone ? '375' : '1440';
      // item 1: the upload screen on the chosen student
      let { context, page } = await open(browser, lang, teacher, `/homework/writingUploadIndex?${q}&studentId=${xu.studentId}`, phone);
      await page.getByTestId('upload-workspace').waitFor();
      await settled(page, '.ant-drawer-content-wrapper');
      await shot(page, `upload-student-${lang}-${size}`);
      await context.close();
      // item 2: batch review
      ({ context, page } = await open(browser, lang, teacher, `/homework/situation/Review?${q}`, phone));
      await page.locator('[data-testid=review-card], [data-testid=batch-review-page] .ant-empty').first().waitFor();
      await shot(page, `batch-review-${lang}-${size}`);
      await context.close();
    }
    // item 3: counts on the headmaster's home and the growth profile of a pupil who handed in
    let { context, page } = await open(browser, lang, headmaster, '/headmaster');
    await page.locator('.ant-card').first().waitFor();
    await shot(page, `headmaster-home-${lang}-1440`);
    await context.close();
    ({ context, page } = await open(browser, lang, teacher, `/growingUp/detailGrouing?studentId=${handedIn.studentId}&classId=${klass.id}`));
    await page.getByTestId('growth-profile').waitFor();
    await shot(page, `growth-profile-${lang}-1440`);
    await context.close();
    // item 5: the practice entry's QR code, the classroom essay dialog with its class chosen
    ({ context, page } = await open(browser, lang, teacher, '/practice/index'));
    await page.getByTestId('practice-student-qr').first().click();
    await settled(page, '.ant-popover, .ant-modal');
    await shot(page, `practice-qr-${lang}-1440`);
    await context.close();
    ({ context, page } = await open(browser, lang, teacher, '/homework/situation/index'));
    await page.getByTestId('classroom-new').click();
    await page.getByTestId('practice-set-ok').waitFor();
    await settled(page, '.ant-modal');
    await shot(page, `classroom-dialog-${lang}-1440`);
    await context.close();
  }
  console.log(`screenshots written to ${out}`);
} finally {
  await browser.close();
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { signInToken } from './support/api';
import { waitForDemoEssays } from './support/demo-essays';
import { baseUrl, enUrl, signIn } from './support/session';

/** The teacher's week on the demo school: stumbles met as a teacher meets them, each fixed. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Uncaught errors and unhandled promise rejections the page reports. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Uncaught|Unhandled/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

describe('teacher week', () => {
  it('上传 on a pupil’s row opens that pupil’s pages on their roster page, never “no task” while the tasks load', async () => {
    const demo = await waitForDemoEssays(baseUrl(), await signInToken('teacher01'));
    const { context, page } = await signIn(browser, 'teacher01');
    // A busy server: the class's tasks answer late, which is when the empty message used to show.
    await page.route('**/platform-management/tasks/list**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto(`${baseUrl()}/teaching${demo.writingListPath}`);
    const row = page.locator('tr', { hasText: '贾泽宇' });
    await row.getByRole('button', { name: '上传' }).click();
    const sawNoTask: boolean[] = [];
    const drawer = page.locator('.ant-drawer-title', { hasText: '贾泽宇' });
    for (let i = 0; i < 200 && !(await drawer.isVisible()); i++) {
      sawNoTask.push(await page.getByText('这个班级还没有作文任务').isVisible());
      await new Promise((r) => setTimeout(r, 100));
    }
    await drawer.waitFor();
    expect(sawNoTask.some(Boolean)).toBe(false);
    // Behind the drawer the roster is on the page that lists the pupil (45 pupils, 15 a page: page 3).
    expect(await page.locator('.ant-pagination-item-active').textContent()).toBe('3');
    await context.close();
  });

  it('at 375 px the pupil’s upload drawer lies inside the screen: the roster scrolls in its box instead of widening the page', async () => {
    const token = await signInToken('teacher01');
    const demo = await waitForDemoEssays(baseUrl(), token);
    const { context, page } = await newPage(browser, { width: 375, height: 760, mobile: true });
    await context.addInitScript((t) => localStorage.setItem('pro__Access-Token', JSON.stringify({ value: t, expire: Date.now() + 86400_000 })), token);
    await page.goto(`${baseUrl()}/teaching/homework/writingUploadIndex?taskId=${demo.taskId}&classId=${demo.classId}&studentId=${demo.essays[0]!.studentId}`);
    const drawer = page.locator('.ant-drawer-content-wrapper');
    await drawer.waitFor();
    // the drawer slides in: wait until it stops moving
    await expect.poll(async () => (await drawer.boundingBox())?.x, { timeout: 20_000 }).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = (await drawer.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await context.close();
  });

  it('the classroom composition dialog opens on the teacher’s first class and an incomplete form throws nothing', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    const errors = watchErrors(page);
    await page.goto(`${baseUrl()}/teaching/homework/situation/index`);
    await page.getByTestId('classroom-new').click();
    const classSelect = page.locator('.ant-modal [data-testid=practice-set-class]');
    await classSelect.waitFor();
    await expect.poll(() => classSelect.textContent(), { timeout: 30_000 }).toMatch(/班/);
    // no title yet: the form says so beside the field, and nothing is thrown
    await page.getByTestId('practice-set-ok').click();
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    await new Promise((r) => setTimeout(r, 500));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the pupils’ practice entry has a QR code that opens the class’s practice page', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    await page.goto(`${baseUrl()}/teaching/practice/index`);
    await page.getByTestId('practice-student-qr').click();
    const qr = page.locator('.ant-popover [data-testid=qr-card] svg[data-value]');
    await qr.waitFor();
    expect(await qr.getAttribute('data-value')).toMatch(/^http:\/\/localhost:\d+\/teaching\/h5\/practice\?code=\w+/);
    await context.close();
  });

  it('in English at 1440 px the class list shows the approval time whole, beside the fixed actions, named as the counter names it', async () => {
    const demo = await waitForDemoEssays(baseUrl(), await signInToken('teacher01'));
    const { context, page } = await signIn(browser, 'teacher01', { origin: enUrl() });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${enUrl()}/teaching${demo.writingListPath}`);
    const header = page.locator('.ant-table-thead th', { hasText: 'Approved at' });
    await header.waitFor();
    const actions = page.locator('.ant-table-thead th', { hasText: 'Actions' });
    const [h, a] = [await header.boundingBox(), await actions.boundingBox()];
    expect(h!.x + h!.width).toBeLessThanOrEqual(a!.x + 1);
    expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // the status tag and the counter say the same word
    expect(await page.getByText('Approved', { exact: true }).count()).toBeGreaterThan(0);
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signInToken } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { createOwnClass, createTaskWithEssays, OWN_TASK_HOOK_MS, uniqueTag, type OwnTask } from './support/own-task';
import { baseUrl, fillLogin, PASSWORD } from './support/session';

// Anchor essays in Chromium, on a class and task of its own: five demo essays corrected by the real AI;
// teacher01 opens 按您的评分校准 in the writing list, ticks three essays, gives her own levels, and sees
// every essay's AI score beside the one on her scale, the anchors keeping hers, and the levels before
// and after.
const STUDENTS = ['甲一', '乙二', '丙三', '丁四', '戊五'];
const ESSAYS = ['02-chalk', '05-class-teacher', '03-pe-teacher', '01-red-pen', '10-history-teacher'];
const MARKS: Record<string, string> = { 甲一: 'A', 乙二: 'B', 丙三: 'C' };

let browser: Browser;
let demo: OwnTask;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await signInToken();
  const klass = await createOwnClass(token, { name: `锚点校准${uniqueTag()}班`, students: STUDENTS, grade: 7 });
  demo = await createTaskWithEssays(token, klass, ESSAYS);
}, OWN_TASK_HOOK_MS);
afterAll(() => browser?.close());

const panel = (page: Page) => page.getByTestId('anchor-calibration');
const row = (page: Page, name: string) => panel(page).locator('.ant-table-row', { hasText: name });

describe('anchor essays (按您的评分校准)', () => {
  it('three anchors with the teacher’s levels put the rest of the class on her scale, before and after side by side', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await page.goto(`${baseUrl()}/teaching/user/login`);
    await fillLogin(page, 'teacher01', PASSWORD);
    await page.waitForURL((u) => !u.pathname.endsWith('/user/login'));
    await page.goto(`${baseUrl()}/teaching${demo.writingListPath}`);
    await page.getByRole('tab', { name: '按您的评分校准' }).click();
    await expect.poll(() => panel(page).locator('.ant-table-row').count(), { timeout: 15_000 }).toBe(STUDENTS.length);

    const run = page.getByTestId('anchor-run');
    expect(await run.isDisabled()).toBe(true);
    for (const [name, level] of Object.entries(MARKS)) {
      await row(page, name).getByTestId('anchor-pick').check();
      await row(page, name).getByTestId('anchor-score').fill(level);
    }
    expect(await run.isDisabled()).toBe(false);
    await run.click();

    await expect.poll(() => panel(page).getByTestId('anchor-calibrated').count(), { timeout: 15_000 }).toBe(STUDENTS.length);
    for (const [name, level] of Object.entries(MARKS)) {
      const text = await row(page, name).getByTestId('anchor-calibrated').textContent();
      expect(text).toContain(level);
      expect(text).toContain('锚点');
    }
    for (const name of STUDENTS.filter((n) => !MARKS[n])) expect(await row(page, name).getByTestId('anchor-calibrated').textContent()).toMatch(/^[ABC]$/);
    const bands = await page.getByTestId('anchor-bands').textContent();
    expect(bands).toContain('校准前 → 校准后');
    expect(bands).toMatch(/[ABC]：\d篇 → \d篇/);
    await page.screenshot({ path: '/tmp/anchor-calibration-zh.png' });
    await context.close();
  });
});

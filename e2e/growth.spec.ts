import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { routeCall, signInToken } from './support/api';
import { growth } from '../src/core/api/routes/growth';
import { review } from '../src/core/api/routes/review';
import { launchBrowser } from './support/browser';
import { createOwnClass, createTaskWithEssays, OWN_TASK_HOOK_MS, uniqueTag } from './support/own-task';
import { baseUrl, expectPath, signIn } from './support/session';
import { openDemoPortal, portalLog, waitForLogged } from './support/widgets';

// Growth profiles on a class and task of its own: three demo essays (one of them the essay with 错别字)
// handed in and corrected by the real AI, then approved by the teacher through the API. No other spec
// touches these students, so each has exactly the one approved essay the checks below count.

let browser: Browser;
let token = '';
const approved: number[] = [];
let typo: { studentId: number; name: string } = { studentId: 0, name: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  token = await signInToken('teacher01');
  const klass = await createOwnClass(token, { name: `成长档案${uniqueTag()}班`, students: ['顾清扬', '秦以宁', '邵子衿', '孟繁星', '姜暮雪'] });
  // 04-english-teacher is the essay with 错别字
  const task = await createTaskWithEssays(token, klass, ['01-red-pen', '04-english-teacher', '03-pe-teacher']);
  for (const e of task.essays.filter((x) => x.status === 'ai_done')) {
    await routeCall(token, review.reviewApprove, { body: { essayId: e.id, teacherComment: '内容真实，继续努力。', confirmPendingRevision: true } });
    approved.push(e.id);
    const profile = await routeCall(token, growth.studentGrowingSingle, { query: { studentId: e.studentId } });
    if (profile.wrongBook.length && !typo.studentId) typo = { studentId: e.studentId, name: e.studentName };
  }
  expect(approved.length).toBeGreaterThanOrEqual(2);
  expect(typo.studentId).toBeGreaterThan(0);
}, OWN_TASK_HOOK_MS);
afterAll(() => browser?.close());

const table = (page: Page) => page.getByTestId('growth-table');
const firstRowCells = (page: Page) => table(page).locator('tbody tr.ant-table-row').first().locator('td');

describe('growth profiles', () => {
  it('teacher opens 成长档案, sorts by total words, opens a student and sees the trend and the 错字本', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    await page.locator('.ant-menu').getByText('成长档案').click();
    await expectPath(page, '/growingUp/index');
    await table(page).locator('tbody tr.ant-table-row').first().waitFor();
    // total words, highest first (second click on the header)
    const header = table(page).locator('th', { hasText: '总字数' });
    await header.click();
    await header.click();
    // the column under the 总字数 header (found by its header, so a column added before it cannot shift the check)
    const headers = await table(page).locator('thead th').allInnerTexts();
    const col = headers.findIndex((h) => h.includes('总字数'));
    expect(col).toBeGreaterThan(0);
    await expect.poll(async () => Number(await firstRowCells(page).nth(col).innerText())).toBeGreaterThan(0);
    const words = await table(page).locator(`tbody tr.ant-table-row td:nth-child(${col + 1})`).allInnerTexts();
    expect(words.map(Number)).toEqual([...words.map(Number)].sort((a, b) => b - a));

    await table(page).getByTestId('growth-search').locator('input').fill(typo.name);
    await table(page).getByTestId('growth-search').locator('input').press('Enter');
    await table(page).getByTestId(`growth-open-${typo.studentId}`).click();
    await expectPath(page, '/growingUp/detailGrouing');
    const profile = page.getByTestId('growth-profile');
    await profile.getByTestId('growth-trend-chart').locator('svg').waitFor();
    expect(await profile.getByTestId('growth-figures').innerText()).toMatch(/提交作文数\s*1/);
    const book = profile.getByTestId('growth-wrong-book');
    await book.locator('tbody tr.ant-table-row').first().waitFor();
    expect(await book.innerText()).toContain('未改正');
    expect(await profile.getByTestId('growth-comments').innerText()).toContain('内容真实，继续努力。');
    await profile.getByTestId('growth-back').click();
    await expectPath(page, '/growingUp/index');
    await context.close();
  });

  it('headmaster sees the school view with campus, grade and class filters and opens a profile', async () => {
    const { context, page } = await signIn(browser, 'headmaster01');
    await page.goto(`${baseUrl()}/teaching/teachingAdmin/detailGrouing`);
    await table(page).locator('tbody tr.ant-table-row').first().waitFor();
    for (const id of ['growth-campus', 'growth-grade', 'growth-class']) expect(await table(page).getByTestId(id).isVisible()).toBe(true);
    await table(page).getByTestId('growth-search').locator('input').fill(typo.name);
    await table(page).getByTestId('growth-search').locator('input').press('Enter');
    await table(page).getByTestId(`growth-open-${typo.studentId}`).click();
    const profile = page.getByTestId('growth-profile');
    await profile.getByTestId('growth-wrong-book').locator('tbody tr.ant-table-row').first().waitFor();
    expect(new URL(page.url()).searchParams.get('studentId')).toBe(String(typo.studentId));
    await profile.getByTestId('growth-back').click();
    await table(page).waitFor();
    await context.close();
  });

  it('<zp-growth-profile> in the demo portal: intact under hostile CSS, opens a student inside the element', async () => {
    const { context, page, errors } = await openDemoPortal(browser);
    const growth = page.locator('#growth');
    await waitForLogged(page, 'zp-ready', 'growth');
    await growth.getByTestId('growth-table').locator('tbody tr.ant-table-row').first().waitFor();
    expect(await growth.getByTestId('growth-table').evaluate((n) => getComputedStyle(n).fontSize)).toBe('14px');
    expect(await page.locator('button.portal-decoy').isVisible()).toBe(false);
    await growth.getByTestId('growth-search').locator('input').fill(typo.name);
    await growth.getByTestId('growth-search').locator('input').press('Enter');
    await growth.getByTestId(`growth-open-${typo.studentId}`).click();
    await growth.getByTestId('growth-trend-chart').locator('svg').waitFor();
    expect(await growth.getByTestId('growth-wrong-book').innerText()).toContain('未改正');
    const nav = (await portalLog(page)).find((e) => e.event === 'zp-navigate' && e.source === 'growth');
    expect(nav?.detail).toMatchObject({ to: 'growthProfile', studentId: typo.studentId });
    // no style reached the document (only the portal's own stylesheet) and the chart stayed in the shadow root
    expect(await page.evaluate(() => [...document.querySelectorAll('style, link[rel=stylesheet]')].map((n) => n.getAttribute('href') ?? 'inline style'))).toEqual(['/teaching/widgets/demo/portal.css']);
    expect(await page.evaluate(() => document.querySelectorAll('svg').length)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

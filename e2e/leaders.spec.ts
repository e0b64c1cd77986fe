import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { findRoute } from '../src/core/routes/route-table';
import { routeCall, signInToken } from './support/api';
import { menus as menuRoutes } from '../src/core/api/routes/menus';
import { launchBrowser } from './support/browser';
import { SCREENSHOTS_DIR } from './support/screenshots';
import { createOwnClass, uniqueTag, type OwnClass } from './support/own-task';
import { appPath, enUrl, expectPath, signIn, storedToken } from './support/session';

let browser: Browser;
/** A grade-9 class of its own: the only class of 九年级 (other specs add grade 7 and 8 classes), so the grade filter's figures are this spec's. */
let ninth: OwnClass;
beforeAll(async () => {
  browser = await launchBrowser();
  ninth = await createOwnClass(await signInToken('teacher01'), { name: `九年级${uniqueTag()}班`, grade: 9, students: ['龚文远', '屈晴川', '聂予安'] });
});
afterAll(() => browser?.close());

// Pages other helpers build in parallel (samples #18, growth #17): while their route is still flagged
// `building` on this branch the walk notes them instead of failing; once built they are checked too.
const OTHER_AREAS = ['/excellentArticle', '/growingUp', '/teachingAdmin/detailGrouing'];
const pendingElsewhere = (p: string) => OTHER_AREAS.some((a) => p.startsWith(a)) && Boolean(findRoute(p)?.building ?? findRoute(findRoute(p)?.redirect ?? '')?.building);

/** Opens every entry of the signed-in user's side menu by clicking it; none may be a "being built" page. */
async function walkMenu(page: Page): Promise<string[]> {
  const menus = (await routeCall(await storedToken(page), menuRoutes.menusInfoMenu, {})).menus.filter((m) => !m.notShown);
  const parents = new Set(menus.map((m) => m.parentKey).filter(Boolean));
  const opened: string[] = [];
  for (const m of menus.filter((x) => !parents.has(x.key))) {
    const sider = page.locator('.zp-sider');
    const item = sider.getByText(m.titleZh, { exact: true });
    if (m.parentKey && !(await item.isVisible())) await sider.getByText(menus.find((p) => p.key === m.parentKey)!.titleZh, { exact: true }).click();
    await item.click();
    const target = findRoute(m.path)?.redirect ?? m.path;
    await expectPath(page, target);
    await page.waitForLoadState('networkidle');
    const building = await page.getByTestId('building-page').count();
    if (!pendingElsewhere(target)) expect(building, `${m.titleZh} ${target}`).toBe(0);
    opened.push(appPath(page));
  }
  return opened;
}

// Full-page pictures cost seconds each: taken only when scripts/screenshots.ts --e2e refreshes docs/.
const shots = process.env.ZHIPI_SCREENSHOTS_DIR ? SCREENSHOTS_DIR : null;
async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

describe('school leaders', () => {
  it('headmaster01 opens every menu entry (教学管理 sub-menu included), filters change figures, export downloads rows', async () => {
    const { context, page } = await signIn(browser, 'headmaster01');
    await expectPath(page, '/headmaster');
    await page.getByTestId('fig-submitted').waitFor();
    await shot(page, 'headmaster-home-zh-desktop');
    const opened = await walkMenu(page);
    expect(opened).toEqual(expect.arrayContaining(['/headmaster', '/teachingAdmin/studentNum', '/teachingAdmin/grade', '/teachingAdmin/teacherNum', '/teachingAdmin/foundation', '/class/index']));

    await page.goto(`${new URL(page.url()).origin}/teaching/teachingAdmin`);
    await expectPath(page, '/teachingAdmin/studentNum');
    const rows = page.getByTestId('leader-table').locator('tbody tr.ant-table-row');
    // every class of the school (the seeded three and those other specs added)
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await shot(page, 'teaching-admin-student-zh-desktop');
    await page.getByTestId('filter-grade').click();
    await page.locator('.ant-select-dropdown:visible').getByText('九年级', { exact: true }).click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => rows.first().innerText()).toContain(ninth.name);
    // columns: grade, class, campus, students, …
    expect(await rows.first().locator('td').nth(3).innerText()).toBe(String(ninth.students.length));

    const download = page.waitForEvent('download');
    await page.getByTestId('leader-export').click();
    const file = await (await download).path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(2).value).toBe('班级');
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(2).value).toBe(ninth.name);

    await page.goto(`${new URL(page.url()).origin}/teaching/teachingAdmin/grade`);
    await page.getByTestId('chart-grades').locator('svg').waitFor();
    await shot(page, 'teaching-admin-grade-zh-desktop');
    await page.goto(`${new URL(page.url()).origin}/teaching/teachingAdmin/teacherNum`);
    await page.getByTestId('leader-table').waitFor();
    await shot(page, 'teaching-admin-teacher-zh-desktop');
    await page.goto(`${new URL(page.url()).origin}/teaching/teachingAdmin/foundation`);
    await page.waitForLoadState('networkidle');
    await shot(page, 'teaching-admin-foundation-zh-desktop');
    await context.close();
  }, 180_000);

  it('principal01 opens every menu entry (the etiquette test and enrollment read-only) and has no basic-data maintenance', async () => {
    const { context, page } = await signIn(browser, 'principal01');
    await expectPath(page, '/headmaster');
    const opened = await walkMenu(page);
    expect(opened).toEqual(['/headmaster', '/lcwAts/index', '/enrollment/index', '/teachingAdmin/studentNum', '/teachingAdmin/grade', '/teachingAdmin/teacherNum', ...(opened.includes('/teachingAdmin/detailGrouing') ? ['/teachingAdmin/detailGrouing'] : [])]);
    await expect.poll(() => page.locator('.zp-sider').getByText('基础数据维护').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('shows the pages in English on the English host', async () => {
    const { context, page } = await signIn(browser, 'headmaster01', { origin: enUrl() });
    await expectPath(page, '/headmaster');
    await page.getByText('Essays submitted').waitFor();
    await shot(page, 'headmaster-home-en-desktop');
    await page.goto(`${enUrl()}/teaching/teachingAdmin/studentNum`);
    await page.getByText('Active writers').first().waitFor();
    await shot(page, 'teaching-admin-student-en-desktop');
    await page.goto(`${enUrl()}/teaching/teachingAdmin/grade`);
    await page.getByTestId('chart-grades').locator('svg').waitFor();
    await shot(page, 'teaching-admin-grade-en-desktop');
    await page.goto(`${enUrl()}/teaching/teachingAdmin/teacherNum`);
    await page.getByTestId('leader-table').waitFor();
    await shot(page, 'teaching-admin-teacher-en-desktop');
    await page.goto(`${enUrl()}/teaching/teachingAdmin/foundation`);
    await page.waitForLoadState('networkidle');
    await shot(page, 'teaching-admin-foundation-en-desktop');
    await context.close();
  }, 120_000);
});

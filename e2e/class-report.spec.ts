import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { routeCall, signInToken } from './support/api';
import { classReport } from '../src/core/api/routes/class-report';
import { review } from '../src/core/api/routes/review';
import { axeSerious } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { createOwnClass, createTaskWithEssays, OWN_TASK_HOOK_MS, uniqueTag, type OwnClass, type OwnTask } from './support/own-task';
import { baseUrl, enUrl, signIn } from './support/session';
import { openDemoPortal } from './support/widgets';
import { SCREENSHOTS_DIR } from './support/screenshots';

// The class report end to end on a class and task of its own (five students, four demo essays handed
// in and corrected by the real AI): the teacher approves three essays, opens the report from the
// writing list, switches simple/full and makes the parents' QR codes; a parent opens one at 375 px (zh
// and en), saves it as an image, and axe finds nothing serious; a revoked link shows a clear page;
// <zp-class-report> renders in the demo portal under its hostile CSS.

const SHOTS = SCREENSHOTS_DIR;
const STUDENTS = ['范思远', '钟一诺', '霍晓彤', '岑子墨', '邝雨菲'];

let browser: Browser;
let token = '';
let klass: OwnClass;
let demo: OwnTask;
let approved: string[] = [];
let parentPath = '';
let parentName = '';

beforeAll(async () => {
  browser = await launchBrowser();
  token = await signInToken('teacher01');
  klass = await createOwnClass(token, { name: `班级报告${uniqueTag()}班`, students: STUDENTS });
  demo = await createTaskWithEssays(token, klass, ['01-red-pen', '04-english-teacher', '02-chalk', '03-pe-teacher']);
  const scored = demo.essays.filter((e) => e.status === 'ai_done').slice(0, 3);
  expect(scored).toHaveLength(3);
  for (const [i, e] of scored.entries()) {
    const label = ['A', 'B', 'A'][i]!;
    await routeCall(token, review.reviewApprove, {
      body: {
        essayId: e.id,
        teacherComment: '内容具体，感情真挚，注意检查错别字。',
        teacherScore: label,
        dimensionScores: ['theme', 'content', 'structure', 'language', 'mechanics'].map((id, k) => ({ id, label: k === 4 ? 'B' : label })),
      },
    });
    approved.push(e.studentName);
  }
  approved = approved.slice();
}, OWN_TASK_HOOK_MS);
afterAll(() => browser?.close());

describe('class report', () => {
  it('opens from the writing list, counts approved essays only, switches simple and full, makes parents’ codes', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`${baseUrl()}/teaching${demo.writingListPath}`);
    await page.getByTestId('open-report').click();
    await page.getByTestId('class-report').waitFor();
    expect(new URL(page.url()).pathname).toBe('/teaching/report');
    const overview = page.getByTestId('report-overview');
    await overview.getByTestId('report-distribution').waitFor();
    expect(await overview.innerText()).toMatch(new RegExp(`已审核\\s*${approved.length}`));
    await page.getByTestId('report-mode').getByText('完整版').click();
    await page.locator('[data-testid=class-report][data-mode=full]').waitFor();
    await page.getByTestId('report-students').waitFor();
    expect(await page.getByTestId('report-student-page').count()).toBe(approved.length);
    await page.getByTestId('parent-links-create').click();
    await expect.poll(() => page.getByTestId('parent-link').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, 'class-report-zh-desktop.png'), fullPage: false });
    // the full report's PDF: downloaded, then its pages rendered with pdftoppm and kept for a look
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('report-pdf').click()]);
    const pdfPath = path.join(tmpdir(), `class-report-${Date.now()}.pdf`);
    await download.saveAs(pdfPath);
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    const info = execFileSync('pdfinfo', [pdfPath]).toString();
    expect(Number(/Pages:\s+(\d+)/.exec(info)![1])).toBeGreaterThanOrEqual(1 + approved.length);
    expect(execFileSync('pdffonts', [pdfPath]).toString()).toMatch(/NotoSansSC\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '2', pdfPath, path.join(SHOTS, 'class-report-pdf')]);
    await page.getByTestId('report-mode').getByText('简版').click();
    await page.locator('[data-testid=class-report][data-mode=simple]').waitFor();
    expect(await page.getByTestId('report-students').count()).toBe(0);
    await context.close();

    const links = await routeCall(token, classReport.reportParentLinks, { query: { classId: demo.classId } });
    const mine = links.find((l) => l.studentName === approved[0])!;
    parentPath = mine.path!;
    parentName = mine.studentName;
  }, 120_000);

  it('the teacher’s report at 375 px and in English', async () => {
    const { context, page } = await signIn(browser, 'teacher01', { origin: enUrl() });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${enUrl()}/teaching/reportStatistics?taskId=${demo.taskId}&classId=${demo.classId}`);
    await page.getByTestId('report-distribution').waitFor();
    expect(await page.getByTestId('report-overview').innerText()).toMatch(/Approved/);
    await page.screenshot({ path: path.join(SHOTS, 'class-report-en-375.png'), fullPage: false });
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`${enUrl()}/teaching/report?taskId=${demo.taskId}&classId=${demo.classId}&mode=full`);
    await page.getByTestId('report-students').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'class-report-en-desktop.png'), fullPage: false });
    await context.close();
    const zh = await signIn(browser, 'teacher01');
    await zh.page.setViewportSize({ width: 375, height: 800 });
    await zh.page.goto(`${baseUrl()}/teaching/report?taskId=${demo.taskId}&classId=${demo.classId}&mode=simple`);
    await zh.page.getByTestId('report-distribution').waitFor();
    expect(await zh.page.getByTestId('report-overview').innerText()).toMatch(/已审核/);
    // nothing wider than the phone
    expect(await zh.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(376);
    await zh.page.screenshot({ path: path.join(SHOTS, 'class-report-zh-375.png'), fullPage: false });
    await zh.context.close();
  }, 120_000);

  it('a parent opens the QR link at 375 px: one student only, saves an image; axe finds nothing serious', async () => {
    for (const [origin, lang] of [[baseUrl(), 'zh'], [enUrl(), 'en']] as const) {
      const { context, page } = await newPage(browser, { width: 375, height: 812, mobile: true });
      await page.goto(origin + parentPath);
      await page.getByTestId('parent-report').waitFor();
      const text = await page.innerText('body');
      expect(text).toContain(parentName);
      for (const other of STUDENTS.filter((n) => n !== parentName)) expect(text).not.toContain(other);
      await page.locator('.pr-essay img').first().evaluate((img: HTMLImageElement) => img.decode());
      expect(await axeSerious(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `parent-report-${lang}-375.png`), fullPage: true });
      await page.getByTestId('parent-save-image').click();
      await page.getByTestId('parent-shot').waitFor({ timeout: 30_000 });
      const size = await page.getByTestId('parent-shot').evaluate((img: HTMLImageElement) => img.decode().then(() => [img.naturalWidth, img.naturalHeight]));
      expect(size[0]).toBeGreaterThan(300);
      // the picture's popup stays inside the phone (its padding once pushed it 24 px past the right edge)
      await page.waitForTimeout(500);
      expect(await page.locator('.adm-popup-body').evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(375.5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(376);
      // the same page on a desktop browser: one centred column
      await page.setViewportSize({ width: 1440, height: 1000 });
      await page.keyboard.press('Escape');
      await page.goto(origin + parentPath);
      await page.getByTestId('parent-report').waitFor();
      await page.screenshot({ path: path.join(SHOTS, `parent-report-${lang}-desktop.png`), fullPage: false });
      await context.close();
    }
  }, 180_000);

  it('/h5Pdf gives the parent the report as a PDF drawn by the server: that student only, Chinese text embedded', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 812, mobile: true });
    const t = new URL(baseUrl() + parentPath).searchParams.get('t')!;
    // the parents' page links to it
    await page.goto(baseUrl() + parentPath);
    const href = await page.getByTestId('parent-save-pdf').getAttribute('href');
    expect(href).toContain('/h5/parentReport/pdf?t=');
    // the public /h5Pdf route checks the link, then the PDF downloads
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.goto(`${baseUrl()}/teaching/h5Pdf?t=${encodeURIComponent(t)}`)]);
    const file = path.join(tmpdir(), `parent-report-${Date.now()}.pdf`);
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString();
    expect(text).toContain(parentName);
    expect(text.replace(/\s+/g, '')).toContain('内容具体，感情真挚，注意检查错别字。');
    for (const other of STUDENTS.filter((n) => n !== parentName)) expect(text).not.toContain(other);
    execFileSync('pdftoppm', ['-r', '80', '-png', '-f', '1', '-l', '2', file, path.join(tmpdir(), 'parent-report-pdf')]);
    for (const n of [1, 2]) {
      const png = readFileSync(path.join(tmpdir(), `parent-report-pdf-${n}.png`));
      expect(png.length).toBeGreaterThan(10_000);
      execFileSync('cp', [path.join(tmpdir(), `parent-report-pdf-${n}.png`), path.join(SHOTS, `parent-report-pdf-${n}.png`)]);
    }
    // a wrong link through /h5Pdf: the same clear page as the report, no PDF
    await page.goto(`${baseUrl()}/teaching/h5Pdf?t=123.abc`);
    expect(await page.getByTestId('parent-report-error').innerText()).toContain('链接无效');
    await context.close();
  }, 120_000);

  it('a wrong or revoked link gets a clear page', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 812, mobile: true });
    await page.goto(`${baseUrl()}/teaching/h5/report?t=123.abc`);
    expect(await page.getByTestId('parent-report-error').innerText()).toContain('链接无效');
    const links = await routeCall(token, classReport.reportParentLinks, { query: { classId: demo.classId } });
    const victim = links.find((l) => l.path && l.path !== parentPath)!;
    await routeCall(token, classReport.reportParentLinksRevoke, { body: { linkId: victim.linkId! } });
    await page.goto(baseUrl() + victim.path);
    expect(await page.getByTestId('parent-report-error').innerText()).toContain('作废');
    expect(await axeSerious(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'parent-report-revoked-zh-375.png') });
    await context.close();
  }, 60_000);

  it('<zp-class-report> renders in the demo portal under hostile CSS', async () => {
    const { context, page, errors } = await openDemoPortal(browser);
    const report = page.locator('#report');
    // the host opens the report of a task (as the portal does for a task picked on its board)
    await report.evaluate((el, ids) => {
      el.setAttribute('class-id', String(ids.classId));
      el.setAttribute('task-id', String(ids.taskId));
    }, { classId: demo.classId, taskId: demo.taskId });
    await report.getByTestId('class-report').waitFor({ timeout: 30_000 });
    await report.getByTestId('report-distribution').waitFor();
    expect(await report.getByTestId('class-report').evaluate((n) => getComputedStyle(n).fontSize)).toBe('14px');
    expect(await report.getByTestId('class-report').getAttribute('data-mode')).toBe('simple');
    expect(await page.evaluate(() => document.querySelectorAll('[class^=ant-], [class*=" ant-"]').length)).toBe(0);
    await report.scrollIntoViewIfNeeded();
    await report.screenshot({ path: path.join(SHOTS, 'zp-class-report-demo.png') });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

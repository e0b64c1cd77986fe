import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { routeCall, signInToken, studentCodeOf } from './support/api';
import { classReport } from '../src/core/api/routes/class-report';
import { review } from '../src/core/api/routes/review';
import { axeSerious, type AxeFinding } from './support/axe';
import { launchBrowser, newPage } from './support/browser';
import { enterStudentCode } from './support/h5';
import { createOwnClass, createTaskWithEssays, OWN_TASK_HOOK_MS, uniqueTag, type OwnClass, type OwnTask } from './support/own-task';
import { baseUrl, signIn } from './support/session';

/**
 * axe-core on the teacher's pages and the H5 pages: no serious or critical violation (product-rules.md#teacher-journey). The
 * pages show a class and task of the spec's own (two demo essays corrected by the real AI), so what
 * they list does not depend on what other specs did to the seeded demo task.
 */
let browser: Browser;
let token = '';
let klass: OwnClass;
let demo: OwnTask;
beforeAll(async () => {
  browser = await launchBrowser();
  token = await signInToken('teacher01');
  klass = await createOwnClass(token, { name: `无障碍${uniqueTag()}班`, students: ['尹书瑶', '蓝知远', '解语晨'] });
  // 04 has 错别字 and punctuation notes (the panel's kind tags and filters); 02 is an excellent essay
  demo = await createTaskWithEssays(token, klass, ['04-english-teacher', '02-chalk']);
}, OWN_TASK_HOOK_MS);
afterAll(() => browser?.close());

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  it('the sign-in page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${baseUrl()}/teaching/user/login`);
    await page.getByTestId('login-page').waitFor();
    expect(await axeSerious(page)).toEqual([]);
    await context.close();
  });

  const teacherPages = () => [
    '/teacherIndex',
    '/class/index',
    `/homework/situation/writinglist?taskId=${demo.taskId}&classId=${demo.classId}`,
    `/homework/writingUploadIndex?taskId=${demo.taskId}&classId=${demo.classId}`,
    `/homework/correctComment?essayId=${demo.essays[0]!.id}`,
  ];
  for (const width of [1440, 375]) {
    it(`the teacher's pages at ${width} px`, async () => {
      const { context, page } = await signIn(browser, 'teacher01');
      await page.setViewportSize({ width, height: 900 });
      const found: Record<string, unknown> = {};
      for (const path of teacherPages()) {
        await page.goto(`${baseUrl()}/teaching${path}`);
        await page.waitForLoadState('networkidle');
        await new Promise((r) => setTimeout(r, 800));
        const v = await axeSerious(page);
        if (v.length) found[path] = v;
      }
      expect(found).toEqual({});
      await context.close();
    }, 400_000);
  }

  /** Each H5 page a student or parent opens on a phone, checked as it stands after each step. */
  it('the H5 pages at 375 px (join, upload, student code, messages, samples, an unknown path)', async () => {
    const found: Record<string, AxeFinding[]> = {};
    const student = klass.students[2]!;
    const code = await studentCodeOf(token, klass.id, student.name);
    // each visit on a phone of its own: a phone remembers the student once the code was entered
    const phone = async (p: string, steps: (page: Page, check: (label: string, ready: () => Promise<unknown>) => Promise<void>) => Promise<void>) => {
      const { context, page } = await newPage(browser, { width: 375, height: 760, mobile: true });
      await page.goto(`${baseUrl()}/teaching/h5${p}`);
      await steps(page, async (label, ready) => {
        await ready();
        await page.waitForLoadState('networkidle');
        await new Promise((r) => setTimeout(r, 500));
        const v = await axeSerious(page);
        if (v.length) found[label] = v;
        expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(375);
      });
      await context.close();
    };

    await phone(`/join?code=${klass.classCode}`, (page, check) => check('join', () => page.getByTestId('h5-join').getByText('我的老师').first().waitFor()));
    await phone(`/upload?taskId=${demo.taskId}&classCode=${klass.classCode}`, async (page, check) => {
      await check('upload: pick your name', () => page.getByTestId('h5-student').first().waitFor());
      await page.getByTestId('h5-student').filter({ hasText: student.name }).click();
      await check('upload: student code', () => page.getByTestId('h5-student-code').waitFor());
      await enterStudentCode(page, code);
      await check('upload: the form', () => page.locator('input[type=file]').first().waitFor({ state: 'attached' }));
    });
    await phone(`/messages?code=${klass.classCode}`, async (page, check) => {
      await check('messages: pick your name', () => page.getByTestId('h5-messages-student').first().waitFor());
      await page.getByTestId('h5-messages-student').filter({ hasText: student.name }).first().click();
      await enterStudentCode(page, code);
      await check('messages', () => page.getByTestId('h5-messages').locator('strong', { hasText: student.name }).waitFor());
    });
    await phone(`/samples?code=${klass.classCode}`, (page, check) => check('samples', () => page.getByTestId('h5-samples').waitFor()));
    await phone('/no-such-page', (page, check) => check('unknown path', () => page.locator('.adm-error-block').waitFor()));
    expect(found).toEqual({});
  }, 300_000);

  it('the parent report at 375 px (a link of a student with an approved essay)', async () => {
    const essay = demo.essays.find((e) => e.status === 'ai_done')!;
    await routeCall(token, review.reviewApprove, { body: { essayId: essay.id, teacherComment: '内容具体，注意检查错别字。' } });
    await routeCall(token, classReport.reportParentLinksPost, { body: { classId: klass.id } });
    const links = await routeCall(token, classReport.reportParentLinks, { query: { classId: klass.id } });
    const link = links.find((l) => l.studentName === essay.studentName && l.path)!;
    const { context, page } = await newPage(browser, { width: 375, height: 812, mobile: true });
    await page.goto(baseUrl() + link.path);
    await page.getByTestId('parent-report').waitFor();
    await page.locator('.pr-essay img').first().evaluate((img: HTMLImageElement) => img.decode());
    expect(await axeSerious(page)).toEqual([]);
    await context.close();
  }, 120_000);
});

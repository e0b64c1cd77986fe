import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { signInToken } from './support/api';
import { waitForDemoEssays } from './support/demo-essays';
import { appPath, baseUrl, enUrl, expectPath, signIn } from './support/session';

/** product-rules.md#teacher-journey: rough edges of the teacher's journey, each checked as a teacher meets it. */
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

describe('teacher journey', () => {
  it('the scoring-standard dialog opens the default standard with its five dimensions ticked', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    await expectPath(page, '/teacherIndex');
    await page.getByTestId('scoring-open').click();
    const form = page.getByTestId('scoring-form');
    await form.waitFor();
    await expect.poll(() => form.locator('.ant-checkbox-wrapper-checked').allTextContents()).toEqual(['立意切题', '内容充实', '结构条理', '语言表达', '书写规范']);
    await context.close();
  });

  it('an invalid add-student form shows its messages without an unhandled rejection', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    const errors = watchErrors(page);
    await page.goto(`${baseUrl()}/teaching/class/index`);
    await page.getByTestId('class-more').first().click();
    await page.locator('.ant-dropdown:visible').getByText('学生').click();
    await page.getByTestId('student-add').click();
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-form-item-explain-error').first().waitFor();
    await new Promise((r) => setTimeout(r, 500));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an expired school’s user is not offered the AI review setting', async () => {
    const { context, page } = await signIn(browser, 'expired01');
    await expectPath(page, '/expired');
    const menu = page.getByTestId('user-menu');
    if (await menu.count()) {
      await menu.click();
      await page.locator('.ant-dropdown:visible').waitFor();
      expect(await page.locator('.ant-dropdown:visible').textContent()).not.toContain('AI');
    }
    await context.close();
  });

  it('English shows the default standard and its dimensions in English, with ASCII colons on the board', async () => {
    const { context, page } = await signIn(browser, 'teacher01', { origin: enUrl() });
    await expectPath(page, '/teacherIndex');
    const card = page.getByTestId('task-card').first();
    await card.waitFor();
    expect(await card.textContent()).not.toContain('：');
    expect(await page.getByTestId('welcome').textContent()).not.toMatch(/intelligent grading/);
    await page.getByTestId('scoring-open').click();
    const form = page.getByTestId('scoring-form');
    await form.waitFor();
    await expect.poll(() => form.locator('.ant-checkbox-wrapper-checked').allTextContents()).toEqual(['Theme and relevance', 'Content', 'Structure', 'Language', 'Characters and punctuation']);
    await context.close();
  });
  it('at 375 px the first tab clears the menu button, the class list clips no column and semesters stay on one line (item 13)', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${baseUrl()}/teaching/class/index`);
    const trigger = page.locator('.ant-layout-sider-zero-width-trigger');
    await trigger.waitFor();
    const firstTab = page.getByTestId('multi-tab').locator('.ant-tabs-tab').first();
    await firstTab.waitFor();
    // the side menu collapses with an animation after the resize: compare once the button stands still
    const box = async () => JSON.stringify([await trigger.boundingBox(), await firstTab.boundingBox()]);
    let last = '';
    await expect.poll(async () => last === (last = await box()) || (await new Promise((r) => setTimeout(r, 300)), false)).toBe(true);
    const [t, tab] = JSON.parse(last) as { x: number; y: number; width: number; height: number }[];
    const overlaps = t!.x < tab!.x + tab!.width && tab!.x < t!.x + t!.width && t!.y < tab!.y + tab!.height && tab!.y < t!.y + t!.height;
    expect(overlaps, `menu button ${JSON.stringify(t)} over the first tab ${JSON.stringify(tab)}`).toBe(false);

    await page.locator('.ant-table-tbody .ant-table-row').first().waitFor();
    // no column fixed over the others on a phone (the fixed 操作 column covered 创建时间)
    expect(await page.locator('.ant-table-cell-fix-right, .ant-table-cell-fix-left').count()).toBe(0);
    // every semester cell on one line: a text that wraps has more than one line box
    const lines = await page.evaluate(() => {
      const heads = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent?.trim());
      const col = heads.indexOf('学期');
      return [...document.querySelectorAll('.ant-table-tbody .ant-table-row')].map((tr) => {
        const cell = tr.children[col]!;
        const range = document.createRange();
        range.selectNodeContents(cell);
        return { text: cell.textContent, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size };
      });
    });
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l, `semester ${l.text}`).toMatchObject({ lines: 1 });
    await context.close();
  });

  it('H5 in English at 375 px: a wrong class code says so once, and the toast wraps at words (item 14)', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 812, mobile: true });
    const errors = watchErrors(page);
    await page.goto(`${enUrl()}/teaching/h5/join?code=ZZZZZZ`);
    await page.locator('input').first().waitFor();
    // one message: the field's (shown from the same answer a toast would come from), no toast beside it
    await page.getByTestId('h5-join-error').getByText('Unknown class code, please check with your teacher').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.adm-toast-main').count()).toBe(0);
    // the upload page of a wrong class code: the server's English message as a toast
    await page.goto(`${enUrl()}/teaching/h5/upload?taskId=1&classCode=ZZZZZZ`);
    const toast = page.locator('.adm-toast-main');
    await toast.waitFor();
    await page.getByText('This essay task was not found').waitFor(); // the page's own not-found block (loaded on demand)
    const split = await toast.evaluate((el) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (const m of n.textContent!.matchAll(/[A-Za-z]{2,}/g)) {
          const range = document.createRange();
          range.setStart(n, m.index!);
          range.setEnd(n, m.index! + m[0].length);
          if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(m[0]);
        }
      }
      return { text: el.textContent, broken };
    });
    expect(split.text).toMatch(/[A-Za-z]{4,}/);
    expect(split.broken, split.text ?? '').toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on the task board, 详情 opens the class essay list and 批改 opens the first essay waiting for review', async () => {
    const demo = await waitForDemoEssays(baseUrl(), await signInToken('teacher01'));
    const { context, page } = await signIn(browser, 'teacher01', { path: `/teacherIndex?classId=${demo.classId}` });
    const card = page.locator(`[data-testid=task-card][data-task-id="${demo.taskId}"]`);
    await card.waitFor();
    await card.getByRole('button', { name: '详情' }).click();
    await expectPath(page, '/homework/situation/writinglist');
    expect(new URL(page.url()).searchParams.get('taskId')).toBe(String(demo.taskId));
    await page.goto(`${baseUrl()}/teaching/teacherIndex?classId=${demo.classId}`);
    const review = page.locator(`[data-testid=task-card][data-task-id="${demo.taskId}"]`).getByTestId('task-review');
    await review.waitFor();
    await review.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('essayId'), { timeout: 15_000 }).toMatch(/^\d+$/);
    expect(appPath(page)).toBe('/homework/correctComment');
    const essayId = Number(new URL(page.url()).searchParams.get('essayId'));
    const pending = demo.essays.filter((e) => e.status === 'ai_done').map((e) => e.id);
    expect(pending).toContain(essayId);
    await context.close();
  }, 400_000);
});

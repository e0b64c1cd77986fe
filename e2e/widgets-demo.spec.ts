import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { waitForDemoEssays } from './support/demo-essays';
import { baseUrl } from './support/session';
import { apiGet, leakCounts, openDemoPortal, partnerToken, portalLog, waitForLogged } from './support/widgets';

// The demo partner portal (demo/portal, served at /teaching/widgets/demo/) with the BUILT elements
// from dist/widgets: hostile page CSS, sign-in through the stand-in partner, both elements, a second
// board of another school's teacher, and the host wiring events to attributes and refresh().

let browser: Browser;
let demo: { taskId: number; classId: number; aiDone: number[] };

beforeAll(async () => {
  browser = await launchBrowser();
  // The demo essays are AI-corrected after the server's first start: wait for all of them.
  const task = await waitForDemoEssays(baseUrl(), await partnerToken('p-teacher01'));
  demo = { taskId: task.taskId, classId: task.classId, aiDone: task.essays.filter((e) => e.status === 'ai_done').map((e) => e.id) };
  expect(demo.aiDone.length).toBeGreaterThanOrEqual(3);
}, 300_000);
afterAll(() => browser?.close());

const board = (page: Page) => page.locator('#board');
const panel = (page: Page) => page.locator('#panel');
const boardB = (page: Page) => page.locator('#board-b');
const link = (page: Page, id: string) => page.locator(`#${id}`);

async function openDemoTask(page: Page) {
  await board(page).locator(`[data-task-id="${demo.taskId}"]`).getByText('详情').click();
  await panel(page).getByTestId('cp-header').waitFor();
}

async function approvedCount(card: Locator): Promise<string> {
  return (await card.innerText()).match(/(教师已审核|Approved)[^\d]*(\d+\/\d+)/)?.[2] ?? '';
}

describe('demo partner portal', () => {
  it('renders both elements intact under hostile page CSS, keeps popups and modals in their shadow roots, adds no global CSS and takes no focus', async () => {
    const { context, page, errors } = await openDemoPortal(browser);
    await board(page).getByTestId('task-card').first().waitFor();
    await boardB(page).getByTestId('task-board').waitFor();
    // The page's own CSS hits its own button, not the elements' buttons.
    expect(await page.locator('button.portal-decoy').isVisible()).toBe(false);
    expect(await board(page).getByTestId('assign-task').isVisible()).toBe(true);
    for (const el of [board(page).getByTestId('task-board'), boardB(page).getByTestId('task-board')]) {
      expect(await el.evaluate((n) => getComputedStyle(n).fontSize)).toBe('14px');
      expect(await el.evaluate((n) => getComputedStyle(n).fontFamily)).not.toMatch(/^serif$/);
    }
    // Signed in through the stand-in partner: each element exchanged its own launch.
    for (const id of ['board', 'panel', 'board-b']) await waitForLogged(page, 'zp-ready', id);
    expect((await portalLog(page)).filter((e) => e.event === 'zp-error')).toEqual([]);
    // no element took the focus on its own
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    // usable: a task opens in the panel with the essay's pages and the AI's notes
    await openDemoTask(page);
    await panel(page).getByTestId('cp-image').first().waitFor();
    expect(await panel(page).getByTestId('cp-approve').isVisible()).toBe(true);
    expect(await panel(page).getByTestId('correction-panel').evaluate((n) => getComputedStyle(n).fontSize)).toBe('14px');

    // a dropdown and a modal open inside the element's shadow root, nothing lands in the page
    await board(page).getByTestId('class-switch').click();
    await expect.poll(() => board(page).evaluate((el) => Boolean(el.shadowRoot!.querySelector('.ant-select-dropdown')))).toBe(true);
    await page.keyboard.press('Escape');
    await board(page).locator(`[data-task-id="${demo.taskId}"]`).getByText('统计').click();
    await expect.poll(() => board(page).evaluate((el) => Boolean(el.shadowRoot!.querySelector('.ant-modal')))).toBe(true);
    expect(await page.evaluate(() => document.querySelectorAll('body > .ant-modal-root, body > div > .ant-select-dropdown, [class^=ant-], [class*=" ant-"]').length)).toBe(0);
    await page.keyboard.press('Escape');
    // no style reached the document: only the portal's own stylesheet
    expect(await page.evaluate(() => [...document.querySelectorAll('style, link[rel=stylesheet]')].map((n) => n.getAttribute('href') ?? 'inline style'))).toEqual(['/teaching/widgets/demo/portal.css']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows attribute changes: task and essay by attribute, lang re-renders, a missing essay fires zp-error with its code', async () => {
    const { context, page } = await openDemoPortal(browser);
    await waitForLogged(page, 'zp-ready', 'panel');
    // task-id + class-id without essay-id: the first essay waiting for review
    await page.fill('#task-id', String(demo.taskId));
    await page.fill('#class-id', String(demo.classId));
    await link(page, 'apply-ids').click();
    await waitForLogged(page, 'zp-essay-open', 'panel');
    const first = (await portalLog(page)).find((e) => e.event === 'zp-essay-open')!.detail;
    expect(first).toMatchObject({ taskId: demo.taskId, classId: demo.classId });
    // the panel's own "next" moves on and tells the host (zp-navigate), which shows the new essay-id
    await panel(page).getByTestId('cp-next').click();
    await waitForLogged(page, 'zp-navigate', 'panel');
    await waitForLogged(page, 'zp-essay-open', 'panel', 2);
    const second = (await portalLog(page)).find((e) => e.event === 'zp-essay-open')!.detail;
    expect(second.essayId).not.toBe(first.essayId);
    expect(await page.inputValue('#essay-id')).toBe(String(second.essayId));
    // essay-id by attribute, back to the first
    await page.fill('#essay-id', String(first.essayId));
    await link(page, 'apply-ids').click();
    await expect.poll(() => panel(page).getByTestId('correction-panel').getAttribute('data-essay-id')).toBe(String(first.essayId));
    await expect.poll(() => panel(page).getByTestId('cp-student').innerText()).toBe(String(first.studentName));

    // lang: every element re-renders in English
    await link(page, 'lang-toggle').click();
    await expect.poll(() => board(page).getByTestId('assign-task').innerText()).toMatch(/[A-Za-z]/);
    await expect.poll(() => panel(page).getByTestId('cp-approve').innerText()).toMatch(/[A-Za-z]/);

    // an essay that does not exist: zp-error with the server's key and status, no page error
    await page.evaluate(() => document.getElementById('panel')!.setAttribute('essay-id', '987654'));
    await waitForLogged(page, 'zp-error', 'panel');
    expect((await portalLog(page)).find((e) => e.event === 'zp-error')!.detail).toMatchObject({ status: 404, code: expect.any(String), message: expect.any(String) });
    await context.close();
  });

  it('approving an essay fires zp-approved for the host, which refreshes the task board; the board shows one more approval', async () => {
    const { context, page } = await openDemoPortal(browser);
    const card = board(page).locator(`[data-task-id="${demo.taskId}"]`);
    await card.waitFor();
    const before = await approvedCount(card);
    const [approvedBefore, total] = before.split('/').map(Number);
    await openDemoTask(page);
    await expect.poll(() => panel(page).getByTestId('cp-approve').isEnabled(), { timeout: 30_000 }).toBe(true);

    // the board's data calls after this point can only come from refresh()
    const boardCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/tasks/list') && boardCalls.push(r.url()));
    await panel(page).getByTestId('cp-teacher-comment').locator('textarea').fill('文章写出了林老师的认真与温柔，细节具体。继续努力！');
    await panel(page).getByTestId('cp-approve').click();
    await waitForLogged(page, 'zp-approved', 'panel');
    const approved = (await portalLog(page)).find((e) => e.event === 'zp-approved')!.detail;
    expect(approved).toMatchObject({ taskId: demo.taskId, classId: demo.classId, essayId: expect.any(Number) });
    await panel(page).getByTestId('cp-approved').waitFor();
    await expect.poll(() => approvedCount(card)).toBe(`${approvedBefore! + 1}/${total}`);
    expect(boardCalls.length).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('a revoked token fires zp-auth-expired without touching the page; the host signs the element in again', async () => {
    const { context, page } = await openDemoPortal(browser);
    await board(page).getByTestId('task-card').first().waitFor();
    await openDemoTask(page);
    const url = page.url();
    await link(page, 'expire-panel').click();
    await waitForLogged(page, 'zp-auth-expired', 'panel');
    const events = await portalLog(page);
    expect(events.find((e) => e.event === 'zp-auth-expired' && e.source === 'panel')!.detail).toEqual({ reason: 'unauthorized' });
    expect(events.filter((e) => e.event === 'zp-auth-expired' && e.source === 'panel')).toHaveLength(1);
    // the other elements did not notice
    expect(events.filter((e) => e.event === 'zp-auth-expired' && e.source !== 'panel')).toEqual([]);
    // the element never redirected or cleared anything of the page's
    expect(page.url()).toBe(url);
    // the portal's handler gave it a new launch: it exchanged it and shows the essay again
    await waitForLogged(page, 'zp-ready', 'panel', 2);
    await panel(page).getByTestId('cp-header').waitFor();
    await link(page, 'expire-board').click();
    await waitForLogged(page, 'zp-auth-expired', 'board');
    await waitForLogged(page, 'zp-ready', 'board', 2);
    await board(page).getByTestId('task-card').first().waitFor();
    await context.close();
  });

  it('removing and re-adding an element releases everything and restores it: listeners, timers and React roots back to baseline, requests aborted', async () => {
    const { context, page } = await openDemoPortal(browser);
    await board(page).getByTestId('task-card').first().waitFor();
    await openDemoTask(page);
    // pin the essay by attribute: which essay is "first waiting for review" moves while the AI works
    await link(page, 'apply-ids').click();
    await panel(page).getByTestId('cp-image').first().waitFor();
    await page.waitForLoadState('networkidle');
    const baseline = await leakCounts(page);
    expect(baseline.reactRoots).toBe(3);
    const shown = await panel(page).getByTestId('correction-panel').getAttribute('data-essay-id');
    const exchanges: string[] = [];
    page.on('request', (r) => r.url().includes('/auth/sso/exchange') && exchanges.push(r.url()));

    const removed = await page.evaluateHandle(() => document.getElementById('panel')!);
    for (let round = 0; round < 3; round++) {
      await link(page, 'toggle-panel').click(); // remove
      await expect.poll(() => page.evaluate(() => document.getElementById('panel'))).toBeNull();
      const gone = await leakCounts(page);
      expect(gone.reactRoots).toBe(2);
      expect(await removed.evaluate((el) => (window as unknown as { __zpProbe: { hasReactRoot(e: Element): boolean } }).__zpProbe.hasReactRoot(el))).toBe(false);
      expect(await removed.evaluate((el) => el.shadowRoot!.querySelector('[data-testid=correction-panel]'))).toBeNull();
      await link(page, 'toggle-panel').click(); // re-add
      await expect.poll(() => panel(page).getByTestId('correction-panel').getAttribute('data-essay-id')).toBe(shown);
      await panel(page).getByTestId('cp-image').first().waitFor();
    }
    await page.waitForLoadState('networkidle');
    const after = await leakCounts(page);
    expect(after).toEqual(baseline);
    // the launch is single-use: a re-added element keeps the token it exchanged, it does not exchange again
    expect(exchanges).toEqual([]);
    // the probe does see per-instance listeners: the second board's class picker (antd Select) holds one on window
    const mousedown = (c: { listeners: string[] }) => Number(c.listeners.find((l) => l.startsWith('window mousedown'))?.split('× ')[1] ?? 0);
    expect(mousedown(baseline)).toBeGreaterThanOrEqual(2);
    await page.evaluate(() => document.getElementById('board-b')!.remove());
    await expect.poll(async () => mousedown(await leakCounts(page))).toBe(mousedown(baseline) - 1);
    await page.evaluate(() => document.querySelector('.portal-card-b')!.append(document.createElement('zp-task-board')));
    await expect.poll(async () => (await leakCounts(page)).reactRoots).toBe(3);

    // a request in flight when the element goes is aborted, and no event follows its removal
    await page.route('**/review/workspace**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue().catch(() => undefined);
    });
    const failed = page.waitForEvent('requestfailed', (r) => r.url().includes('/review/workspace'));
    const other = demo.aiDone.find((id) => String(id) !== shown)!;
    await page.evaluate((id) => document.getElementById('panel')!.setAttribute('essay-id', String(id)), other);
    await page.waitForTimeout(200);
    const logged = (await portalLog(page)).length;
    await link(page, 'toggle-panel').click();
    expect((await failed).failure()?.errorText).toMatch(/ABORTED/);
    await page.waitForTimeout(1800);
    expect((await portalLog(page)).length).toBe(logged);
    await context.close();
  });

  it('removing the panel with an edit not yet autosaved still saves it', async () => {
    const { context, page } = await openDemoPortal(browser);
    const essayId = demo.aiDone[demo.aiDone.length - 1]!;
    await page.fill('#essay-id', String(essayId));
    await link(page, 'apply-ids').click();
    await expect.poll(() => panel(page).getByTestId('correction-panel').getAttribute('data-essay-id')).toBe(String(essayId));
    await panel(page).getByTestId('cp-header').waitFor();
    const comment = `离开前的评语 ${Date.now()}`;
    await panel(page).getByTestId('cp-teacher-comment').locator('textarea').fill(comment);
    await link(page, 'toggle-panel').click(); // removed before the autosave delay
    const token = await partnerToken('p-teacher01');
    await expect.poll(async () => (await apiGet<{ review: { teacherComment: string } }>(token, `/platform-management/review/workspace?essayId=${essayId}`)).review.teacherComment, { timeout: 10_000 }).toBe(comment);
    await context.close();
  });

  it('the second board, signed in as another school’s teacher, shows only that teacher’s data and its own theme', async () => {
    const { context, page } = await openDemoPortal(browser);
    await board(page).getByTestId('task-card').first().waitFor();
    await boardB(page).getByTestId('task-board').waitFor();
    const classesOf = (el: Locator) => el.evaluate((host) => host.shadowRoot!.querySelector('[data-testid=class-switch]')!.textContent);
    expect(await classesOf(board(page))).toContain('七年级1班');
    expect(await classesOf(boardB(page))).not.toContain('七年级1班');
    expect(await boardB(page).innerText()).not.toContain('我的老师');
    // readonly: no assign button on the second board
    expect(await boardB(page).getByTestId('assign-task').count()).toBe(0);
    // the theme JSON property reached the second board only
    const primary = (el: Locator) => el.evaluate((host) => getComputedStyle(host.shadowRoot!.querySelector('[class*="css-var-"]')!).getPropertyValue('--ant-color-primary').trim().toLowerCase());
    expect(await primary(board(page))).toBe('#c21939');
    expect(await primary(boardB(page))).toBe('#00695c');
    await context.close();
  });
});

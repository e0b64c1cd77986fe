import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { signInToken } from './support/api';
import { createOwnClass, createTaskWithEssays, OWN_TASK_HOOK_MS, uniqueTag } from './support/own-task';
import { addedToPage, hostEvents, openPlainPage } from './support/hosts';
import { baseUrl } from './support/session';
import { apiGet, partnerToken } from './support/widgets';

// product-rules.md#partner-portals on the BUILT elements in plain pages of a partner origin: popups in a scrolled
// host container, nothing written outside the shadow root under hostile CSS, a host mirroring the
// open essay into essay-id, an unknown or foreign class-id, and no repeated zp-essay-open on renewal.
// The essays are the spec's own (a class and task of its own, two demo essays corrected by the real
// AI): the panel walks and comments on them without meeting another spec's approvals.

// Elements load their modules and data first: a busy CI machine needs more than expect.poll's 1 s.
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

let browser: Browser;
let demo: { taskId: number; classId: number; essays: number[] };
let token: string;
const loader = () => `${baseUrl()}/teaching/widgets/zp-widgets.js`;

beforeAll(async () => {
  browser = await launchBrowser();
  token = await partnerToken('p-teacher01');
  // p-teacher01 is teacher01 seen through the demo partner: the class is teacher01's
  const teacher = await signInToken('teacher01');
  const klass = await createOwnClass(teacher, { name: `嵌入组件${uniqueTag()}班`, students: ['陆明川', '苗清禾'] });
  const task = await createTaskWithEssays(teacher, klass, ['02-chalk', '05-class-teacher']);
  demo = { taskId: task.taskId, classId: task.classId, essays: task.essays.filter((e) => e.status === 'ai_done').map((e) => e.id) };
}, OWN_TASK_HOOK_MS);
afterAll(() => browser?.close());

async function launch() {
  const res = await fetch(`${baseUrl()}/demo-partner/launch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: 'p-teacher01' }) });
  return (await res.json()) as { partnerId: string; launch: string };
}

const events = async (page: Page, type: string) => (await hostEvents(page)).filter((e) => e.type === type);

describe('elements in host pages (product-rules.md#partner-portals)', () => {
  it('keeps an open dropdown on its trigger when a scroll container of the host scrolls', async () => {
    const { context, page } = await newPage(browser, { width: 1200, height: 800 });
    await openPlainPage(
      context,
      page,
      loader(),
      `<div id="scroller" style="height: 600px; overflow: auto"><div style="height: 150px"></div>
        <zp-task-board id="board" api-base="${baseUrl()}" token="${token}"></zp-task-board><div style="height: 3000px"></div></div>`,
    );
    const select = page.locator('#board').getByTestId('class-switch');
    await select.waitFor();
    await select.click();
    const dropdown = page.locator('#board .ant-select-dropdown').first();
    await dropdown.waitFor();
    const gap = async () => (await dropdown.boundingBox())!.y - (await select.boundingBox())!.y;
    const before = await gap();
    await page.locator('#scroller').evaluate((el) => el.scrollBy(0, 80));
    await page.waitForTimeout(300);
    expect(Math.abs((await gap()) - before)).toBeLessThan(2);
    await context.close();
  }, 60_000);

  it('under hostile box-sizing CSS, sizes the teacher comment box inside the shadow root and adds nothing to the page head or body (comment, statistics)', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await openPlainPage(
      context,
      page,
      loader(),
      `<zp-task-board id="board" api-base="${baseUrl()}" token="${token}" class-id="${demo.classId}"></zp-task-board>
       <zp-correction-panel id="panel" api-base="${baseUrl()}" token="${token}" essay-id="${demo.essays[0]}"></zp-correction-panel>`,
      '<style>* { box-sizing: content-box !important }</style>',
    );
    const input = page.locator('#panel').getByTestId('cp-comment-input');
    await input.waitFor({ timeout: 20_000 });
    await input.fill('好'.repeat(400));
    await page.waitForTimeout(300);
    // the auto-grown box shows all its text (no line clipped below the fold)
    const [scroll, client] = await input.evaluate((t) => [t.scrollHeight, t.clientHeight]);
    expect(scroll).toBeLessThanOrEqual(client + 1);
    // statistics: a modal with a table
    await page.locator('#board').getByTestId('task-card').first().getByRole('button', { name: '统计' }).click();
    await page.locator('#board .ant-modal .ant-table').waitFor();
    await page.waitForTimeout(300);
    expect(await addedToPage(page)).toEqual([]);
    expect(await page.evaluate(() => document.querySelectorAll('head style').length)).toBe(1);
    await context.close();
  }, 60_000);

  it('shows the essay a host mirrors from zp-essay-open into essay-id without bouncing back', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await openPlainPage(
      context,
      page,
      loader(),
      `<zp-correction-panel id="panel" api-base="${baseUrl()}" token="${token}" essay-id="${demo.essays[0]}"></zp-correction-panel>
       <script>const p = document.getElementById('panel'); p.addEventListener('zp-essay-open', (e) => p.setAttribute('essay-id', String(e.detail.essayId)));</script>`,
    );
    const panel = page.locator('#panel').getByTestId('correction-panel');
    await page.locator('#panel').getByTestId('cp-header').waitFor({ timeout: 20_000 });
    await page.locator('#panel').getByTestId('cp-next').click();
    await poll(() => panel.getAttribute('data-essay-id')).not.toBe(String(demo.essays[0]));
    const next = await panel.getAttribute('data-essay-id');
    await page.waitForTimeout(2000);
    expect(await panel.getAttribute('data-essay-id')).toBe(next);
    expect((await events(page, 'zp-essay-open')).map((e) => e.detail!.essayId)).toEqual([demo.essays[0], Number(next)]);
    await context.close();
  }, 60_000);

  it('reports an unknown or another school\'s class-id with zp-error instead of showing the first class', async () => {
    const foreign = (await apiGet<{ list: { id: number }[] }>(await partnerToken('p-teacherB01'), '/platform-management/mclass/list?pageSize=50')).list[0]!.id;
    for (const classId of [999_999, foreign]) {
      const { context, page } = await newPage(browser);
      await openPlainPage(context, page, loader(), `<zp-task-board id="board" api-base="${baseUrl()}" token="${token}" class-id="${classId}"></zp-task-board>`);
      await poll(async () => (await events(page, 'zp-error')).map((e) => e.detail!.code)).toEqual(['CLASS_NOT_FOUND']);
      expect(await page.locator('#board').getByTestId('task-card').count()).toBe(0);
      expect(await page.locator('#board').evaluate((el) => el.shadowRoot!.textContent)).toContain(String(classId));
      await context.close();
    }
  }, 60_000);

  it('does not fire zp-essay-open again for the same essay when the host renews the sign-in with a new launch', async () => {
    const first = await launch();
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await openPlainPage(
      context,
      page,
      loader(),
      `<zp-correction-panel id="panel" api-base="${baseUrl()}" partner-id="${first.partnerId}" sso-ticket="${first.launch}" essay-id="${demo.essays[0]}"></zp-correction-panel>`,
    );
    await page.locator('#panel').getByTestId('cp-header').waitFor({ timeout: 20_000 });
    await poll(async () => (await events(page, 'zp-essay-open')).length).toBe(1);
    const renewal = await launch();
    await page.locator('#panel').evaluate((el, l) => el.setAttribute('sso-ticket', l), renewal.launch);
    await poll(async () => (await events(page, 'zp-ready')).length).toBe(2);
    await page.waitForTimeout(1500);
    expect((await events(page, 'zp-essay-open')).length).toBe(1);
    await context.close();
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { waitForDemoEssays, type DemoTask } from './support/demo-essays';
import { buildReact19Host, hostEvents, openPlainPage, PAGE_PROBE, serveHost, setHost, type HostEvent } from './support/hosts';
import { baseUrl } from './support/session';
import { apiGet, partnerToken } from './support/widgets';
import { axeSerious } from './support/axe';
import { DEMO_CLASS_NAME, DEMO_TASK_TITLE } from '../src/server/seed/demo-tasks';

// All four built elements in a Vue 3 and a React 19 host (e2e/hosts/*/four.*), one token for all four
// as a portal holds it: what an element shows follows the host's token, user and ids, and only what
// was fetched for them (the sequences partners reported: a user switch to another school, a class not
// in the task, growth filters set after mount, the panel's essay-id bounce), with the token never in
// the page's DOM.

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });
const ELEMENTS = ['board', 'panel', 'report', 'growth'] as const;

let browser: Browser;
let react19: string;
let demo: DemoTask;
let tokenA: string;
let tokenB: string;
let otherClassId: number;
let semesters: { semesterId: string; isCurrent: boolean }[];

beforeAll(async () => {
  browser = await launchBrowser();
  [tokenA, tokenB] = [await partnerToken('p-teacher01'), await partnerToken('p-teacherB01')];
  demo = await waitForDemoEssays(baseUrl(), tokenA);
  const classes = await apiGet<{ list: { id: number; name: string }[] }>(tokenA, '/platform-management/mclass/list?pageSize=50');
  otherClassId = classes.list.find((c) => c.id !== demo.classId)!.id;
  semesters = await apiGet(tokenA, '/platform-management/mclass/selectSemester');
  react19 = await buildReact19Host('four.js');
}, 300_000);
afterAll(() => browser?.close());

const shadowText = (page: Page, id: string) => page.locator(`#${id}`).evaluate((el) => el.shadowRoot?.textContent ?? '');
const eventsOf = async (page: Page, type: string, from: string): Promise<HostEvent[]> => (await hostEvents(page)).filter((e) => e.type === type && e.from === from);

async function openHost(kind: 'vue' | 'react19', extra: Record<string, unknown> = {}) {
  const { context, page } = await newPage(browser, { width: 1440, height: 1000 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const requests: string[] = [];
  page.on('request', (r) => r.url().includes('/correction-api/') && requests.push(decodeURIComponent(r.url())));
  await context.addInitScript(PAGE_PROBE);
  const current = semesters.find((s) => s.isCurrent) ?? semesters[0]!;
  const url = await serveHost(context, kind, {
    page: 'four',
    loader: `${baseUrl()}/teaching/widgets/zp-widgets.js`,
    react19,
    config: { apiBase: baseUrl(), boardClassId: demo.classId, essayId: demo.essays[0]!.id, reportTaskId: demo.taskId, reportClassId: demo.classId, growthClassId: demo.classId, semester: current.semesterId, ...extra },
  });
  await page.goto(url);
  if (kind === 'react19') await poll(() => page.evaluate(() => (window as unknown as { hostReactVersion?: string }).hostReactVersion ?? '')).toMatch(/^19\./);
  return { context, page, errors, requests };
}

async function allShown(page: Page) {
  await page.locator('#board').getByTestId('task-card').first().waitFor({ timeout: 30_000 });
  await page.locator('#panel').getByTestId('cp-header').waitFor({ timeout: 30_000 });
  await page.locator('#report').getByTestId('class-report').waitFor({ timeout: 30_000 });
  await page.locator('#growth').locator('tr[data-row-key]').first().waitFor({ timeout: 30_000 });
}

describe.each(['vue', 'react19'] as const)('four elements in a %s host', (kind) => {
  it('a user switch clears every element at once; only the new user’s data or a refusal is shown, and no token is in the DOM', async () => {
    const { context, page, errors } = await openHost(kind);
    // no token yet: no element is ready
    await poll(() => shadowText(page, 'board')).toContain('未提供登录凭证');
    expect(await hostEvents(page)).toEqual([]);

    await setHost(page, { token: tokenA });
    await allShown(page);
    for (const id of ELEMENTS) await poll(async () => (await eventsOf(page, 'zp-ready', id)).length).toBe(1);
    const schoolA = [DEMO_CLASS_NAME, DEMO_TASK_TITLE, demo.essays[0]!.studentName];
    const texts = await Promise.all(ELEMENTS.map((id) => shadowText(page, id)));
    expect(texts.join('')).toContain(DEMO_CLASS_NAME);
    expect(texts[1]).toContain(demo.essays[0]!.studentName);

    const html = () => page.evaluate(() => document.documentElement.outerHTML);
    expect(await html()).not.toContain(tokenA);

    // the portal's user switch: teacherB01 of school B, same ids
    await setHost(page, { token: tokenB });
    // at once: as soon as the host framework has handed the new token to all four, before any answer
    const right = await page.evaluate(
      async (token) => {
        const elements = ['board', 'panel', 'report', 'growth'].map((id) => document.getElementById(id) as HTMLElement & { token?: string });
        while (!elements.every((el) => el.token === token)) await new Promise((r) => setTimeout(r, 0));
        return elements.map((el) => el.shadowRoot!.textContent).join('\n');
      },
      tokenB,
    );
    for (const text of schoolA) expect(right).not.toContain(text);
    // a message in the elements whose ids school B may not see (the board: class-id is school A's)
    await poll(() => shadowText(page, 'board')).toContain(`找不到班级 ${demo.classId}`);
    for (const id of ['panel', 'report'] as const) await page.locator(`#${id}`).getByTestId('zp-refused').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    for (const id of ELEMENTS) {
      const text = await shadowText(page, id);
      for (const a of schoolA) expect(text, `${id} after the switch`).not.toContain(a);
    }
    // one zp-error per refused element, zp-ready again only where the new token was accepted
    expect((await eventsOf(page, 'zp-error', 'panel')).length).toBe(1);
    expect((await eventsOf(page, 'zp-error', 'report')).length).toBe(1);
    expect((await eventsOf(page, 'zp-error', 'board')).map((e) => e.detail?.code)).toEqual(['CLASS_NOT_FOUND']);
    // the host moves the board to school B's class: its own data
    await setHost(page, { boardClassId: undefined });
    await poll(() => shadowText(page, 'board')).toContain('高一1班');
    expect(await html()).not.toContain(tokenB);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('report, growth table and panel follow every write of their ids (last write wins, one zp-error per refusal)', async () => {
    const { context, page, errors, requests } = await openHost(kind);
    await setHost(page, { token: tokenA });
    await allShown(page);

    // report: a class not in the task → its message inside the element, one zp-error, no old report
    await setHost(page, { reportClassId: otherClassId });
    await page.locator('#report').getByTestId('zp-refused').waitFor({ timeout: 30_000 });
    expect(await page.locator('#report').getByTestId('class-report').count()).toBe(0);
    await page.waitForTimeout(1500);
    const reportErrors = await eventsOf(page, 'zp-error', 'report');
    expect(reportErrors.map((e) => e.detail?.code)).toEqual(['CLASS_NOT_IN_TASK']);
    await setHost(page, { reportClassId: demo.classId });
    await page.locator('#report').getByTestId('class-report').waitFor({ timeout: 30_000 });

    // growth table: attribute, property and semester changes each fetch again
    const growthPages = () => requests.filter((u) => u.includes('/studentGrowing/pageList'));
    const growth = page.locator('#growth');
    let before = growthPages().length;
    await growth.evaluate((el, id) => el.setAttribute('class-id', String(id)), otherClassId);
    await poll(() => growthPages().slice(before).some((u) => u.includes(`classId=${otherClassId}`))).toBe(true);
    before = growthPages().length;
    await growth.evaluate((el, id) => ((el as HTMLElement & { classId: number }).classId = id), demo.classId);
    await poll(() => growthPages().slice(before).some((u) => u.includes(`classId=${demo.classId}`))).toBe(true);
    const other = semesters.find((s) => !s.isCurrent);
    if (other) {
      before = growthPages().length;
      await growth.evaluate((el, id) => ((el as HTMLElement & { semester: string }).semester = id), other.semesterId);
      await poll(() => growthPages().slice(before).some((u) => u.includes(`semesterId=${other.semesterId}`))).toBe(true);
    }

    // panel: essay-id 3, next (4), host 6, host 3 → essay 3, and no zp-essay-open for 4 after the host's writes
    const panel = page.locator('#panel');
    const shownEssay = () => panel.getByTestId('correction-panel').getAttribute('data-essay-id');
    const [first, , , , fifth] = demo.essays.map((e) => e.id);
    await poll(shownEssay).toBe(String(first));
    await panel.getByTestId('cp-next').click();
    await poll(shownEssay).not.toBe(String(first));
    const next = Number(await shownEssay());
    const target = [fifth, demo.essays[6]?.id].find((id) => id && id !== next)!;
    const opensSince = async (from: number) => (await eventsOf(page, 'zp-essay-open', 'panel')).slice(from).map((e) => e.detail?.essayId);
    for (const write of ['property', 'attribute'] as const) {
      if (write === 'attribute') {
        await panel.getByTestId('cp-next').click();
        await poll(shownEssay).toBe(String(next));
      }
      // the move by "next" is announced once its essay has loaded: wait for it, so what follows counts only the host's writes
      await poll(async () => (await eventsOf(page, 'zp-essay-open', 'panel')).at(-1)?.detail?.essayId).toBe(next);
      const opensBefore = (await eventsOf(page, 'zp-essay-open', 'panel')).length;
      if (write === 'property') {
        await setHost(page, { essayId: target });
        await setHost(page, { essayId: first });
      } else {
        await panel.evaluate((el, id) => el.setAttribute('essay-id', String(id)), target);
        await panel.evaluate((el, id) => el.setAttribute('essay-id', String(id)), first);
      }
      await poll(shownEssay).toBe(String(first));
      await page.waitForTimeout(1500);
      expect(await shownEssay(), write).toBe(String(first));
      const opens = await opensSince(opensBefore);
      const seen = JSON.stringify({ first, next, target, events: (await hostEvents(page)).filter((e) => e.from === 'panel').map((e) => [e.type, e.detail]) });
      expect(opens.at(-1), `${write} ${seen}`).toBe(first);
      expect(opens.filter((id) => id === next), `${write} ${seen}`).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a refused token: no zp-ready, one zp-auth-expired and no data', async () => {
    const { context, page } = await openHost(kind);
    await setHost(page, { token: 'not-a-token' });
    for (const id of ELEMENTS) await poll(async () => (await eventsOf(page, 'zp-auth-expired', id)).length).toBe(1);
    await page.waitForTimeout(1500);
    for (const id of ELEMENTS) {
      expect((await eventsOf(page, 'zp-ready', id)).length).toBe(0);
      expect((await eventsOf(page, 'zp-auth-expired', id)).length).toBe(1);
      expect((await eventsOf(page, 'zp-error', id)).length).toBe(1);
    }
    await context.close();
  });
});

describe('styles in a Vue host with four elements', () => {
  it('every load has all of each element’s styles: 20 loads, the same style tags, a styled class switch', async () => {
    // signed in from the first render: the four elements mount and inject their styles at once
    const { context, page } = await openHost('vue', { token: tokenA });
    const loads: { styles: Record<string, number>; select: string }[] = [];
    for (let i = 0; i < 20; i++) {
      if (i > 0) await page.reload();
      await allShown(page);
      loads.push(
        await page.evaluate(() => {
          const count = (id: string) => document.getElementById(id)!.shadowRoot!.querySelectorAll('style').length;
          const select = document.getElementById('board')!.shadowRoot!.querySelector('[data-testid="class-switch"]')!;
          const css = getComputedStyle(select);
          return { styles: { board: count('board'), panel: count('panel'), report: count('report'), growth: count('growth') }, select: `${css.position} ${css.cursor} ${css.display}` };
        }),
      );
    }
    // antd's Select: relative, a pointer, inline-flex — a bare input would be static, text cursor, inline-block
    expect(new Set(loads.map((l) => l.select))).toEqual(new Set(['relative pointer inline-flex']));
    expect(new Set(loads.map((l) => JSON.stringify(l.styles))).size, JSON.stringify(loads.map((l) => l.styles))).toBe(1);
    await context.close();
  }, 600_000);

  it('elements of one kind mounted in one task each get every style (antd’s per-microtask dedupe is per element)', async () => {
    const { context, page } = await newPage(browser);
    const boards = ['a', 'b', 'c'].map((id) => `<zp-task-board id="${id}" api-base="${baseUrl()}" token="${tokenA}"></zp-task-board>`).join('');
    await openPlainPage(context, page, `${baseUrl()}/teaching/widgets/zp-widgets.js`, boards);
    for (const id of ['a', 'b', 'c']) await page.locator(`#${id}`).getByTestId('task-card').first().waitFor({ timeout: 30_000 });
    const counts = await page.evaluate(() => ['a', 'b', 'c'].map((id) => document.getElementById(id)!.shadowRoot!.querySelectorAll('style').length));
    // before the fix: 50, 47, 47 — the second and third board lacked three of antd's styles
    expect(new Set(counts).size, String(counts)).toBe(1);
    await context.close();
  }, 120_000);
});

describe('accessibility inside the four elements (Vue host)', () => {
  it('axe finds nothing serious or critical in any shadow root, and focus returns into the board after a dialog', async () => {
    const { context, page } = await openHost('vue', { token: tokenA });
    await allShown(page);
    await page.waitForTimeout(1000);
    // axe walks open shadow roots: the host page is bare, so every finding is an element's
    expect(await axeSerious(page)).toEqual([]);

    const stats = page.locator('#board').getByRole('button', { name: '统计' }).first();
    await stats.focus();
    await page.keyboard.press('Enter');
    await page.locator('#board').locator('.ant-modal').first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await poll(() => page.locator('#board').locator('.ant-modal-wrap:visible').count()).toBe(0);
    await poll(() => page.evaluate(() => {
      const board = document.getElementById('board')!;
      return document.activeElement === board && board.shadowRoot!.activeElement?.getAttribute('aria-label');
    })).toBe('统计');
    await context.close();
  }, 120_000);
});

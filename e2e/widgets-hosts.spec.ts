import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { waitForDemoEssays } from './support/demo-essays';
import { addedToPage, buildReact19Host, hostEvents, liveCounts, PAGE_PROBE, serveHost, setHost } from './support/hosts';
import { baseUrl } from './support/session';
import { partnerToken } from './support/widgets';
import { SCREENSHOTS_DIR } from './support/screenshots';

// The built elements in a Vue 3 and a React 19 host (e2e/hosts/), each binding every attribute the
// framework's way (properties where the element has them), with hostile page CSS: language, readonly
// and token toggled, then unmounted and mounted again 50 times. Nothing may stay alive, no launch may
// be sent twice, and nothing may be added to the page's <head> or <body>.

const SHOTS = SCREENSHOTS_DIR;

// Elements load their modules and data first: a busy CI machine needs more than expect.poll's 1 s.
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

let browser: Browser;
let react19: string;
let demo: { taskId: number; classId: number; essayId: number };

beforeAll(async () => {
  browser = await launchBrowser();
  const task = await waitForDemoEssays(baseUrl(), await partnerToken('p-teacher01'));
  demo = { taskId: task.taskId, classId: task.classId, essayId: task.essays.find((e) => e.status === 'ai_done')!.id };
  react19 = await buildReact19Host();
}, 300_000);
afterAll(() => browser?.close());

async function launch() {
  const res = await fetch(`${baseUrl()}/demo-partner/launch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: 'p-teacher01' }) });
  return (await res.json()) as { partnerId: string; launch: string };
}

const shadowText = (page: Page, id: string) => page.locator(`#${id}`).evaluate((el) => el.shadowRoot?.textContent ?? '');

async function mounted(page: Page) {
  await page.locator('#board').getByTestId('task-card').first().waitFor({ timeout: 20_000 });
  await page.locator('#panel').getByTestId('cp-header').waitFor({ timeout: 20_000 });
}

describe.each(['vue', 'react19'] as const)('elements in a %s host', (kind) => {
  it('binds every attribute, follows language, readonly and token, and after 50 unmounts and remounts leaves nothing alive and nothing in the page', async () => {
    const { partnerId, launch: ticket } = await launch();
    const [tokenA, tokenB] = [await partnerToken('p-teacher01'), await partnerToken('p-teacher01')];
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // a text the elements' catalogue subset missed (src/core/i18n/catalogue-store.ts) counts as an error
    page.on('console', (m) => m.type() === 'warning' && m.text().includes('catalogue') && errors.push(m.text()));
    const exchanges: string[] = [];
    page.on('request', (r) => r.url().includes('/auth/sso/exchange') && exchanges.push(r.url()));
    // neither element draws a chart, so neither may fetch echarts (a lazy chunk, views/charts/Chart.tsx)
    const widgetFiles: string[] = [];
    page.on('request', (r) => r.url().includes('/teaching/widgets/') && widgetFiles.push(new URL(r.url()).pathname.split('/').pop()!));
    await context.addInitScript(PAGE_PROBE);
    const url = await serveHost(context, kind, {
      loader: `${baseUrl()}/teaching/widgets/zp-widgets.js`,
      react19,
      config: { apiBase: baseUrl(), partnerId, launch: ticket, classId: demo.classId, taskId: demo.taskId, essayId: demo.essayId, mode: 'review', theme: { colorPrimary: '#0a7d55' } },
    });
    await page.goto(url);
    // the React host really runs React 19 (e2e/hosts/react19 has its own node_modules: npm install there)
    if (kind === 'react19') await poll(() => page.evaluate(() => (window as unknown as { hostReactVersion?: string }).hostReactVersion ?? '')).toMatch(/^19\./);

    // the board signs in with its launch; the panel's token arrives late (a property set after definition)
    await page.locator('#board').getByTestId('task-card').first().waitFor({ timeout: 20_000 });
    await poll(() => shadowText(page, 'panel')).toContain('未提供登录凭证');
    await page.waitForTimeout(300);
    await setHost(page, { panelToken: tokenA });
    await page.locator('#panel').getByTestId('cp-header').waitFor({ timeout: 20_000 });
    expect(await page.locator('#panel').getByTestId('correction-panel').getAttribute('data-essay-id')).toBe(String(demo.essayId));
    expect(await page.locator('#board').getByTestId('assign-task').isVisible()).toBe(true);
    // the theme property reached antd (the brand colour on the primary button)
    expect(await page.locator('#board').getByTestId('assign-task').evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(10, 125, 85)');

    // how the elements look in the host (its hostile CSS around them), desktop and phone width
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(SHOTS, `widgets-host-${kind}-1440.png`) });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(SHOTS, `widgets-host-${kind}-375.png`), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // language and readonly, as the framework binds them
    await setHost(page, { lang: 'en' });
    await poll(() => shadowText(page, 'board')).toContain('Class essay tasks');
    await setHost(page, { readonly: true });
    await poll(() => page.locator('#board').getByTestId('assign-task').count()).toBe(0);
    await poll(() => page.locator('#panel').getByTestId('cp-approve').count()).toBe(0);
    await setHost(page, { lang: 'zh', readonly: false });
    await poll(() => shadowText(page, 'board')).toContain('班级作文任务');
    await poll(() => page.locator('#board').getByTestId('assign-task').count()).toBe(1);

    // a new token signs the panel in again (zp-ready) without announcing the same essay again
    const opened = async () => (await hostEvents(page)).filter((e) => e.type === 'zp-essay-open').length;
    const readyBefore = (await hostEvents(page)).filter((e) => e.type === 'zp-ready' && e.from === 'panel').length;
    const openedBefore = await opened();
    await setHost(page, { panelToken: tokenB });
    await poll(async () => (await hostEvents(page)).filter((e) => e.type === 'zp-ready' && e.from === 'panel').length).toBe(readyBefore + 1);
    await page.locator('#panel').getByTestId('cp-header').waitFor();
    await page.waitForTimeout(500);
    expect(await opened()).toBe(openedBefore);

    // baseline: one unmount after everything above was loaded once
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await setHost(page, { shown: false });
    await poll(() => page.locator('zp-task-board, zp-correction-panel').count()).toBe(0);
    await page.waitForTimeout(200);
    const baseline = await liveCounts(cdp);
    // a framework may hold the element it removed last until its next render (Vue's previous vnode): at most one
    expect(baseline.boards).toBeLessThanOrEqual(1);
    expect(baseline.panels).toBeLessThanOrEqual(1);

    for (let i = 0; i < 50; i++) {
      await setHost(page, { shown: true });
      await mounted(page);
      await setHost(page, { shown: false });
      await poll(() => page.locator('zp-task-board, zp-correction-panel').count()).toBe(0);
    }
    await page.waitForTimeout(200);
    const after = await liveCounts(cdp);
    expect({ boards: after.boards, panels: after.panels, shadowRoots: after.shadowRoots }).toEqual({ boards: baseline.boards, panels: baseline.panels, shadowRoots: baseline.shadowRoots });
    // DOM nodes and listeners: back to the baseline (a few nodes of slack for what Blink itself caches)
    expect(after.nodes).toBeLessThanOrEqual(baseline.nodes + 20);
    expect(after.listeners).toBeLessThanOrEqual(baseline.listeners);

    // the launch was exchanged once for 51 boards, never replayed; nothing landed in the page
    expect(exchanges).toHaveLength(1);
    expect(widgetFiles.filter((f) => f.startsWith('EChart-'))).toEqual([]);
    expect(widgetFiles.some((f) => f.startsWith('zp-runtime-'))).toBe(true);
    // texts: each language's element subset once (zh first, en on the switch), never a whole catalogue
    expect(widgetFiles.filter((f) => f.startsWith('zp-catalogue-')).map((f) => f.replace(/-[\w-]{8}\.js$/, ''))).toEqual(['zp-catalogue-zh', 'zp-catalogue-en']);
    expect(widgetFiles.filter((f) => /^(zh|en)-[\w-]{8}\.js$/.test(f))).toEqual([]);
    const events = await hostEvents(page);
    expect(events.filter((e) => e.type === 'zp-error' || e.type === 'zp-auth-expired')).toEqual([]);
    expect(await addedToPage(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);
});

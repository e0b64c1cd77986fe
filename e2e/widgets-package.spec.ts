import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';
import { openPlainPage } from './support/hosts';
import { buildApp, installApp, packElements, removeDir, serveApp, typecheck, type AppKind } from './support/package-apps';
import { baseUrl } from './support/session';
import { SCREENSHOTS_DIR } from './support/screenshots';
import { partnerToken } from './support/widgets';

// The @zhipi/elements package as a partner uses it: `npm pack`, the tarball installed into a fresh
// copy of the Vue 3 and the React 19 example (demo/vue-app, demo/react-app), their strict type check
// with the package's typings (and a file of wrong names and types that must fail it), `vite build`,
// then the built portal page in Chromium against the running zhipi server.

// Installing, type checking and building are child processes of a few CPU seconds each that a
// busy 2-core machine stretches many times over.
const STEP_MS = 600_000;

let browser: Browser;
let tarball: string;
const dirs: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  tarball = await packElements();
}, STEP_MS);
afterAll(async () => {
  await browser?.close();
  for (const dir of dirs) removeDir(dir);
  if (tarball) removeDir(path.dirname(tarball));
});

/**
 * Each line a host must not get past the type check: a misspelt attribute or event, a wrong value
 * or type, the wrong event detail. Every `// wrong` line must be reported, and nothing else.
 */
const WRONG: Record<AppKind, { file: string; source: string }> = {
  vue: {
    file: 'src/Wrong.vue',
    source: `<script setup lang="ts">
function onEssay(event: CustomEvent<{ essayId: number }>) {
  console.log(event.detail.essayId);
}
</script>

<template>
  <zp-task-board :clas-id="2" />
  <zp-task-board @zp-task-opne="onEssay" />
  <zp-class-report mode="review" />
  <zp-task-board :class-id="'2'" />
  <zp-task-board @zp-task-open="onEssay" />
  <zp-correction-panel :readonly="'yes'" />
</template>
`,
  },
  react: {
    file: 'src/Wrong.tsx',
    source: `import type {} from '@zhipi/elements/react';

export const a = <zp-task-board clasId={2} />;
export const b = <zp-task-board classId="2" />;
export const c = <zp-class-report mode="review" />;
export const d = <zp-task-board onzp-task-open={(event) => event.detail.essayId} />;
const board = document.createElement('zp-task-board');
board.addEventListener('zp-task-opne', (event) => console.log(event.detail));
document.createElement('zp-task-bord').classId = 1;
board.readonly = 'yes';
`,
  },
};
const WRONG_LINES: Record<AppKind, number[]> = { vue: [8, 9, 10, 11, 12, 13], react: [3, 4, 5, 6, 8, 9, 10] };

it('the loader pinned by the package version defines the four elements from the server', async () => {
  const { version } = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../packages/elements/package.json'), 'utf8')) as { version: string };
  const { context, page } = await newPage(browser);
  await openPlainPage(context, page, `${baseUrl()}/teaching/widgets/${version}/zp-widgets.js`, '<zp-task-board id="board"></zp-task-board>');
  const token = await partnerToken('p-teacher01');
  await page.evaluate(({ api, token }) => Object.assign(document.getElementById('board')!, { apiBase: api, token }), { api: baseUrl(), token });
  await page.locator('#board').getByTestId('task-card').first().waitFor({ timeout: 60_000 });
  expect(await page.evaluate(() => ['zp-task-board', 'zp-correction-panel', 'zp-class-report', 'zp-growth-profile'].map((t) => Boolean(customElements.get(t))))).toEqual([true, true, true, true]);
  const other = await fetch(`${baseUrl()}/teaching/widgets/0.0.1/zp-widgets.js`);
  expect(other.status).toBe(404);
  expect(await other.text()).toContain(`/teaching/widgets/${version}/zp-widgets.js`);
  await context.close();
}, STEP_MS);

describe.each(['vue', 'react'] as const)('the npm-packed elements in a fresh Vite + %s app', (kind) => {
  it('install, type-check strictly (wrong names fail), build, and render against the server', async () => {
    const dir = await installApp(kind, tarball);
    dirs.push(dir);

    // the typings refuse what a host might get wrong (each marked line, and only those)
    const wrong = WRONG[kind];
    writeFileSync(path.join(dir, wrong.file), wrong.source);
    const refused = await typecheck(kind, dir);
    expect(refused.code, refused.output).not.toBe(0);
    const reported = [...refused.output.matchAll(new RegExp(`${path.basename(wrong.file).replace('.', '\\.')}\\((\\d+),\\d+\\)`, 'g'))].map((m) => Number(m[1]));
    expect([...new Set(reported)].sort((x, y) => x - y), refused.output).toEqual(WRONG_LINES[kind]);
    rmSync(path.join(dir, wrong.file));

    // the example itself passes, then builds
    const checked = await typecheck(kind, dir);
    expect(checked.output.trim(), 'type check').toBe('');
    expect(checked.code).toBe(0);
    const dist = await buildApp(dir);

    // the built portal page, on a partner origin, signed in with a teacher's token
    const token = await partnerToken('p-teacher01');
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const url = await serveApp(context, dist);
    await page.goto(`${url}?${new URLSearchParams({ api: baseUrl(), token })}`);
    const board = page.locator('#board');
    await board.getByTestId('task-card').first().waitFor({ timeout: 60_000 });
    // zp-ready reached the framework's typed listener
    await expect.poll(() => page.locator('.status').textContent(), { timeout: 30_000 }).toBe('ready');
    // the portal's CSS reached the card through its part
    expect(await board.getByTestId('task-card').first().evaluate((card) => getComputedStyle(card).boxShadow)).toContain('rgb(10, 125, 85)');
    // the token is a property, never in the DOM
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(token);
    // a task opened on the board opens its class report (lazy chunks of the package bundled by the app)
    await board.getByRole('button', { name: '详情' }).first().click();
    await page.locator('#report').getByTestId('class-report').waitFor({ timeout: 60_000 });
    expect(await page.locator('.opened').textContent()).toBeTruthy();
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `widgets-package-${kind}.png`) });
    expect(await page.locator('.errors').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, STEP_MS);
});

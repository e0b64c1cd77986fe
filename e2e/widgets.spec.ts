import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { baseUrl, signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('widgets', () => {
  it('renders <zp-task-board> in its own shadow root, unharmed by hostile page CSS, and reports zp-ready', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    await page.goto(`${baseUrl()}/teaching/widgets/`);
    await page.addStyleTag({ content: '* { font: 30px serif !important } button { display: none }' });
    // Playwright's CSS locators pierce open shadow roots.
    await page.getByTestId('task-board').waitFor();
    expect(await page.evaluate(() => Boolean(document.querySelector('zp-task-board')?.shadowRoot?.querySelector('[data-testid=task-board]')))).toBe(true);
    expect(await page.getByTestId('assign-task').isVisible()).toBe(true);
    const fontSize = await page.getByTestId('task-board').evaluate((el) => getComputedStyle(el).fontSize);
    expect(fontSize).toBe('14px');
    await expect.poll(() => page.locator('#log').textContent()).toContain('zp-ready');
    await page.getByTestId('task-card').first().getByText('详情').click();
    await expect.poll(() => page.locator('#log').textContent()).toContain('zp-task-open');
    await context.close();
  });
});

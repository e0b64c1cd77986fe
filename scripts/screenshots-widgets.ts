/**
 * Screenshot of the demo partner portal (/teaching/widgets/demo/) with both elements, desktop 1440:
 *   node --import tsx scripts/screenshots-widgets.ts [baseUrl]
 * Needs a running server outside production with the demo seeded (npm start) and a few demo essays
 * AI-corrected (they are, a minute or two after the first start).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, newPage } from '../e2e/support/browser';

const base = process.argv[2] ?? 'http://localhost:8080';
const out = path.resolve('docs/screenshots');
mkdirSync(out, { recursive: true });

const browser = await launchBrowser();
try {
  const { context, page } = await newPage(browser, { width: 1440, height: 900 });
  await page.goto(`${base}/teaching/widgets/demo/`);
  const board = page.locator('#board');
  await board.getByTestId('task-card').filter({ hasText: '我的老师' }).getByText('详情').click();
  const panel = page.locator('#panel');
  await panel.getByTestId('cp-image').first().waitFor();
  await page.locator('#board-b').getByTestId('task-board').waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(out, 'widgets-demo-portal.png'), fullPage: true });
  await context.close();
} finally {
  await browser.close();
}

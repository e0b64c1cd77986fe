import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signInToken } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { createOwnClass, createTaskWithEssays, uniqueTag, type OwnTask } from './support/own-task';
import { baseUrl, enUrl, fillLogin, PASSWORD } from './support/session';
import { SCREENSHOTS_DIR } from './support/screenshots';

// 升格 in the correction panel (product-rules.md#teacher-review): demo essay 01 handed in and corrected by the
// real AI on a class of its own; the teacher selects 夕阳像一个大红球 in the transcript, asks for upgrades,
// reads three fresher images that keep 夕阳 and inserts one into the comment.

const SELECTED = '夕阳像一个大红球';
let browser: Browser;
let demo: OwnTask;

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await signInToken();
  const klass = await createOwnClass(token, { name: `升格${uniqueTag()}班`, students: ['林晓'] });
  // one real AI correction: minutes on a machine shared by many runs, so a wide margin
  demo = await createTaskWithEssays(token, klass, ['01-red-pen'], { timeoutMs: 840_000 });
}, 900_000);
afterAll(() => browser?.close());

/** Selects `needle` in the rendered transcript (it may span several segment spans) as a mouse would. */
async function selectInTranscript(page: Page, needle: string): Promise<boolean> {
  return page.evaluate((needle) => {
    const box = document.querySelector('.zp-cp-text')!;
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    let all = '';
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      nodes.push(n as Text);
      all += (n as Text).data;
    }
    const at = all.indexOf(needle);
    if (at < 0) return false;
    const point = (offset: number): [Text, number] => {
      let pos = 0;
      for (const n of nodes) {
        if (offset <= pos + n.data.length) return [n, offset - pos];
        pos += n.data.length;
      }
      return [nodes.at(-1)!, nodes.at(-1)!.data.length];
    };
    const range = document.createRange();
    range.setStart(...point(at));
    range.setEnd(...point(at + needle.length));
    const sel = document.getSelection()!;
    sel.removeAllRanges();
    sel.addRange(range);
    box.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    return true;
  }, needle);
}

describe('升格 suggestions in the correction panel', () => {
  it.each([
    ['zh', 1440],
    ['en', 1440],
  ] as const)('the teacher selects a worn simile, reads three fresher rewrites and inserts one into the comment (%s)', async (lang, width) => {
    const origin = lang === 'en' ? enUrl() : baseUrl();
    const { context, page } = await newPage(browser, { width, height: 1000 });
    await page.goto(`${origin}/teaching/user/login`);
    await fillLogin(page, 'teacher01', PASSWORD);
    await page.waitForURL((u) => !u.pathname.endsWith('/user/login'));
    const essayId = demo.essays[0]!.id;
    await page.goto(`${origin}/teaching/homework/correctComment?essayId=${essayId}`);
    await page.locator('.zp-cp-text').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.zp-cp-text').textContent(), { timeout: 15_000 }).toContain(SELECTED);
    expect(await selectInTranscript(page, SELECTED)).toBe(true);
    await page.getByTestId('cp-selection-bar').waitFor();
    await page.getByTestId('cp-upgrade-open').click();
    await expect.poll(() => page.getByTestId('cp-upgrade-item').count(), { timeout: 20_000 }).toBe(3);
    const rewrites = await page.getByTestId('cp-upgrade-item').locator('.zp-cp-upgrade-text').allTextContents();
    for (const r of rewrites) {
      expect(r).toContain('夕阳');
      expect(r).not.toContain('大红球');
      expect(r).not.toMatch(/[|{}<>$]|undefined|null/u);
    }
    await page.getByTestId('cp-upgrade').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `upgrade-suggestions-${lang}-desktop.png`) });
    await page.getByTestId('cp-upgrade-insert').first().click();
    await expect.poll(() => page.getByTestId('cp-comment-input').inputValue()).toContain(rewrites[0]!);
    await expect.poll(() => page.getByTestId('cp-upgrade').count()).toBe(0);
    await context.close();
  }, 120_000);
});

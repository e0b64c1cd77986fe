import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, signInToken, studentCodeOf } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { enterStudentCode } from './support/h5';
import { waitForDemoEssays, type DemoTask } from './support/demo-essays';
import { baseUrl, enUrl, signIn } from './support/session';
import { SCREENSHOTS_DIR } from './support/screenshots';

// Excellent sample essays end to end on the seeded demo task: an approved essay is proposed from the
// correction panel, edited (title, evaluation, campus scope, a highlighted passage), confirmed by the
// headmaster on exCheck, then read and liked by a student on a 375 px phone from the class code; the
// teachers' list filters by genre and keyword. Screenshots (1440 px and 375 px, zh and en) go to
// SCREENSHOTS_DIR (docs/screenshots/ via scripts/screenshots.ts --e2e).

const SHOTS = SCREENSHOTS_DIR;
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });

let browser: Browser;
let token = '';
let demo: DemoTask;
let classCode = '';
let essayId = 0;
let sampleId = 0;
const api = <T>(p: string, body?: unknown) => apiCall<T>(token, p, body);

beforeAll(async () => {
  browser = await launchBrowser();
  token = await signInToken();
  demo = await waitForDemoEssays(baseUrl(), token);
  classCode = (await api<{ list: { id: number; classCode: string }[] }>('/platform-management/mclass/list?pageSize=50')).list.find((c) => c.id === demo.classId)!.classCode;
  // two approved essays: one proposed from the panel, one proposed over the API as a second genre for the filters
  const ready = demo.essays.filter((e) => e.status === 'ai_done');
  expect(ready.length).toBeGreaterThanOrEqual(3);
  // the third stays an approved essay: the pre-list's AI suggestion
  for (const e of ready.slice(0, 3)) await api('/platform-management/review/approve', { essayId: e.id, teacherComment: '选材真实，细节描写生动，结尾情感真挚。' });
  essayId = ready[0]!.id;
  const other = await api<{ id: number }>('/platform-management/samples/propose', { essayId: ready[1]!.id, reason: '议论有力' });
  await api('/platform-management/samples/save', { id: other.id, title: '老师教会我坚持', coverFileId: null, abstract: '一位体育老师的鼓励', aiReview: '', teacherEvaluation: '', scope: 'class', showName: true, genre: 'argumentative', themes: ['坚持'], highlights: [], featured: false });
  await api('/platform-management/samples/publish', { id: other.id });
});
afterAll(async () => {
  await browser?.close();
});

describe('excellent sample essays', () => {
  it('propose from the correction panel → edit → exCheck → publish → a student reads and likes it on a phone', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl()}/teaching/homework/correctComment?essayId=${essayId}`);
    await page.getByTestId('propose-sample').click();
    await page.getByTestId('propose-sample-reason').fill('人物刻画细腻，适合全年级学习');
    await page.getByTestId('propose-sample-ok').click();
    await page.getByTestId('propose-sample-open').click();
    await page.waitForURL(/excellentArticle\/edit\?id=\d+/);
    sampleId = Number(new URL(page.url()).searchParams.get('id'));

    await page.getByTestId('edit-title').fill('我的老师（范文）');
    await page.getByTestId('edit-abstract').fill('写老师课上的鼓励和课后的关心，细节真实。');
    await page.getByTestId('edit-evaluation').fill('以小见大，借几件小事写出老师的温暖，语言朴实而有感染力。');
    await page.getByTestId('edit-scope').getByText('本校区').click();
    // mark the first sentence of the essay as a highlighted passage
    await page.evaluate(() => {
      const span = document.querySelector('[data-testid=sample-essay] [data-offset]')!;
      const range = document.createRange();
      range.setStart(span.firstChild!, 0);
      range.setEnd(span.firstChild!, Math.min(12, span.textContent!.length));
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
      span.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    });
    await page.getByTestId('edit-highlight-note').fill('开门见山');
    await page.getByTestId('edit-highlight').click();
    await expect.poll(() => page.getByTestId('sample-highlight').count(), { timeout: 20_000 }).toBe(1);
    await shot(page, 'samples-edit-zh-desktop');
    await page.getByTestId('edit-publish').click();
    await page.waitForURL(/excellentArticle\/detail/);
    await expect.poll(() => page.getByTestId('sample-status').textContent(), { timeout: 20_000 }).toBe('待审核');
    await context.close();

    // the headmaster confirms on exCheck
    const head = await signIn(browser, 'headmaster01');
    await head.page.setViewportSize({ width: 1440, height: 900 });
    await head.page.goto(`${baseUrl()}/teaching/excellentArticle/exCheck`);
    const item = head.page.getByTestId('check-item').filter({ hasText: '我的老师（范文）' });
    await item.getByTestId('sample-highlight').first().waitFor();
    await shot(head.page, 'samples-excheck-zh-desktop');
    await item.getByTestId('check-approve').click();
    await expect.poll(() => head.page.getByTestId('check-item').filter({ hasText: '我的老师（范文）' }).count(), { timeout: 20_000 }).toBe(0);
    await head.context.close();
    expect((await api<{ status: string }>(`/platform-management/samples/detail?id=${sampleId}`)).status).toBe('published');

    // a student on a 375 px phone: the class code's sample page, the sample with its original and comments,
    // one like, which asks the pupil's name and own code (学生码) first; a different pupil in each language
    const pupils = (await api<{ list: { name: string }[] }>(`/platform-management/mStudent/list?classId=${demo.classId}&pageSize=100`)).list.map((p) => p.name);
    for (const [origin, lang, pupil] of [[baseUrl(), 'zh', pupils[0]!], [enUrl(), 'en', pupils[1]!]] as const) {
      const phone = await newPage(browser, { width: 375, height: 812, mobile: true });
      await phone.page.goto(`${origin}/teaching/h5/samples?code=${classCode}`);
      await phone.page.getByTestId('h5-sample-item').filter({ hasText: '我的老师（范文）' }).click();
      await phone.page.getByTestId('h5-sample-pages').locator('img').first().waitFor({ state: 'attached' });
      expect(await phone.page.getByTestId('h5-sample-comment').textContent()).toContain('选材真实');
      expect(await phone.page.getByTestId('sample-highlight').count()).toBe(1);
      await shot(phone.page, `samples-h5-detail-${lang}-phone`);
      const like = phone.page.getByTestId('h5-sample-like');
      await like.click();
      await phone.page.getByTestId('h5-samples-student').filter({ hasText: pupil }).first().click();
      await enterStudentCode(phone.page, await studentCodeOf(token, demo.classId, pupil));
      await expect.poll(() => like.textContent(), { timeout: 20_000 }).toMatch(lang === 'zh' ? /已点赞 · \d/ : /Liked · \d/);
      expect(await like.isDisabled()).toBe(true);
      await phone.page.reload();
      await expect.poll(() => phone.page.getByTestId('h5-sample-like').textContent(), { timeout: 20_000 }).toMatch(lang === 'zh' ? /已点赞/ : /Liked/);
      await phone.page.goto(`${origin}/teaching/h5/samples?code=${classCode}`);
      await phone.page.getByTestId('h5-sample-item').first().waitFor();
      await shot(phone.page, `samples-h5-list-${lang}-phone`);
      await phone.context.close();
    }
    expect((await api<{ likeCount: number }>(`/platform-management/samples/detail?id=${sampleId}`)).likeCount).toBe(2);
  }, 180_000); // measured 31 s

  it('the list filters by genre and keyword; home, pre-list and detail in zh and en', async () => {
    for (const [origin, lang] of [[baseUrl(), 'zh'], [enUrl(), 'en']] as const) {
      const { context, page } = await signIn(browser, 'teacher01', { origin });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${origin}/teaching/excellentArticle/list`);
      const cards = page.getByTestId('samples-grid').getByTestId('sample-card');
      await expect.poll(() => cards.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      await page.getByTestId('samples-genre').click();
      await page.locator('.ant-select-item-option').filter({ hasText: lang === 'zh' ? '议论文' : 'Argumentative' }).click();
      await expect.poll(() => cards.allTextContents(), { timeout: 20_000 }).toEqual([expect.stringContaining('老师教会我坚持')]);
      await page.getByTestId('samples-genre').locator('.ant-select-clear').click({ force: true });
      await page.getByTestId('samples-search').locator('input').fill('范文');
      await page.getByTestId('samples-search').locator('input').press('Enter');
      await expect.poll(() => cards.allTextContents(), { timeout: 20_000 }).toEqual([expect.stringContaining('我的老师（范文）')]);
      await shot(page, `samples-list-${lang}-desktop`);

      await page.goto(`${origin}/teaching/excellentArticle/exceHome`);
      await page.getByTestId('samples-latest').getByTestId('sample-card').first().waitFor();
      await shot(page, `samples-home-${lang}-desktop`);
      await page.goto(`${origin}/teaching/excellentArticle/detail?id=${sampleId}`);
      await page.getByTestId('sample-evaluation').waitFor();
      await page.getByTestId('sample-pages').locator('img').first().waitFor();
      await shot(page, `samples-detail-${lang}-desktop`);
      await page.goto(`${origin}/teaching/excellentArticle/pre-list`);
      await page.getByTestId('samples-pre-list').waitFor();
      await page.getByTestId('samples-suggestions').locator('tbody tr.ant-table-row').first().waitFor();
      await page.waitForLoadState('networkidle');
      await shot(page, `samples-pre-list-${lang}-desktop`);

      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(`${origin}/teaching/excellentArticle/exceHome`);
      await page.getByTestId('samples-latest').getByTestId('sample-card').first().waitFor();
      await shot(page, `samples-home-${lang}-phone`);
      await context.close();
    }
  }, 200_000); // measured 37 s
});

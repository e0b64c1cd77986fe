import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, signInToken, studentCodeOf } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { waitForDemoEssays } from './support/demo-essays';
import { enterStudentCode } from './support/h5';
import { baseUrl, enUrl, signIn } from './support/session';
import { SCREENSHOTS_DIR } from './support/screenshots';

// Practice homework end to end on the spec's own class (not the demo task): the teacher sets a
// practice on /practice/index, a student answers it on a 375 px phone from the class page's 练习 link
// and reads the AI's feedback, the teacher sees the attempt on /practice/testWorkInfo and comments.
// Then a classroom essay is started, answered live and ended. Screenshots (1440 px and 375 px, zh and
// en) go to SCREENSHOTS_DIR (docs/screenshots/ via scripts/screenshots.ts --e2e).

const SHOTS = SCREENSHOTS_DIR;
/** A screenshot once antd-mobile's toasts are gone (the H5 toast loads on first use and can still be up). */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() => !document.querySelector('.adm-toast-mask'), undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}
const ANSWER = '秋天来了，校园里的银杏树像一把把金色的小扇子，在风中轻轻摇摆。\n我和同桌在树下捡落叶，叶子黄得发亮，仿佛被阳光涂上了一层蜂蜜。我们把最漂亮的叶子夹进书里，约好明年秋天再来比一比谁的叶子更好看。\n秋天真美啊！我爱这金色的校园。';

let browser: Browser;
let token = '';
let classId = 0;
let classCode = '';
const className = `练习e2e${Date.now() % 100000}班`;
const api = <T>(p: string, body?: unknown) => apiCall<T>(token, p, body);

beforeAll(async () => {
  browser = await launchBrowser();
  token = await signInToken();
  // One AI worker on PGlite: let the demo essays' corrections (queued at server start) finish first, so
  // the practice feedback below is timed on its own.
  await waitForDemoEssays(baseUrl(), token, { timeoutMs: 400_000 });
  const mine = (await api<{ list: { id: number; campusId: number; mainTeacherId: number | null; semesterId: string }[] }>('/platform-management/mclass/list?pageSize=50')).list.find((c) => c.mainTeacherId)!;
  const created = await api<{ id: number; classCode: string }>('/platform-management/mclass/add', { name: className, campusId: mine.campusId, grade: 7, mainTeacherId: mine.mainTeacherId, semesterId: mine.semesterId });
  classId = created.id;
  classCode = created.classCode;
  for (const [i, name] of ['林小雨', '陈一鸣', '王思远'].entries()) await api('/platform-management/mStudent/add', { classId, name, studentNo: String(i + 1) });
}, 420_000);
afterAll(async () => {
  await browser?.close();
});

async function phoneAnswer(url: string, code: string, name: string, shotName?: string) {
  const phone = await newPage(browser, { width: 375, height: 812, mobile: true });
  const page = phone.page;
  await page.goto(url);
  await page.getByTestId('h5-practice-student').filter({ hasText: name }).click();
  await enterStudentCode(page, code);
  await page.getByTestId('h5-practice-item').first().click();
  await page.locator('[data-testid=h5-practice-text] textarea, textarea[data-testid=h5-practice-text]').first().fill(ANSWER);
  await page.getByTestId('h5-practice-submit').click();
  // the AI's feedback arrives without a teacher (the job queue may still be busy with the demo essays)
  await page.getByTestId('practice-ai-label').waitFor({ timeout: 90_000 });
  expect(await page.getByTestId('practice-ai-label').textContent()).toContain('AI');
  expect(Number(await page.getByTestId('practice-ai-score').textContent())).toBeGreaterThan(0);
  if (shotName) await shot(page, shotName);
  return phone;
}

describe('practice homework', () => {
  it('set by the teacher → answered on a 375 px phone → AI feedback → seen and commented by the teacher', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl()}/teaching/practice/index`);
    await page.getByTestId('practice-set').click();
    await page.getByTestId('practice-set-class').click();
    await page.locator('.ant-select-item-option').filter({ hasText: className }).click();
    await page.getByTestId('practice-set-title').fill('秋天的校园');
    await page.getByTestId('practice-set-prompt').fill('用上比喻，写一段秋天的校园，不少于100字。');
    await page.getByTestId('practice-set-focus').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '比喻' }).click();
    await page.getByTestId('practice-set-ok').click();
    await page.getByTestId('practice-table').getByText('秋天的校园').waitFor();
    const code = await studentCodeOf(token, classId, '林小雨');

    // the student: the class page's 练习 link, name, own code, type, submit, feedback
    const phone = await newPage(browser, { width: 375, height: 812, mobile: true });
    await phone.page.goto(`${baseUrl()}/teaching/h5/join?code=${classCode}`);
    await phone.page.getByTestId('h5-open-practice').click();
    await phone.page.getByTestId('h5-practice-student').filter({ hasText: '林小雨' }).click();
    await enterStudentCode(phone.page, code);
    await phone.page.getByTestId('h5-practice-item').first().click();
    const answer = phone.page.locator('[data-testid=h5-practice-text] textarea, textarea[data-testid=h5-practice-text]').first();
    await answer.waitFor();
    await shot(phone.page, 'practice-h5-answer-zh-phone');
    await answer.fill(ANSWER);
    await phone.page.getByTestId('h5-practice-submit').click();
    await phone.page.getByTestId('practice-ai-label').waitFor({ timeout: 90_000 });
    expect(await phone.page.getByTestId('practice-focus').textContent()).toContain('比喻');
    await shot(phone.page, 'practice-h5-feedback-zh-phone');
    await phone.context.close();

    // the teacher: participation and average on the list, the attempt on testWorkInfo, a comment
    await page.reload();
    await expect.poll(async () => page.getByTestId('practice-participation').first().textContent(), { timeout: 30_000 }).toContain('1/3');
    await shot(page, 'practice-index-zh-desktop');
    await page.getByTestId('practice-view').first().click();
    await page.waitForURL(/practice\/testWorkInfo\?id=\d+/);
    await page.getByTestId('practice-attempts').locator('.ant-table-row-expand-icon').first().click();
    await page.getByTestId('practice-attempt').first().waitFor();
    await page.getByTestId('practice-comment-input').first().fill('比喻用得很贴切，再多写一个细节。');
    await page.getByTestId('practice-comment-save').first().click();
    await page.getByText('评语已保存').waitFor();
    await shot(page, 'practice-detail-zh-desktop');
    const detailUrl = page.url();
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'practice-detail-zh-phone');
    await context.close();

    // English: the same pages on the en host
    const en = await signIn(browser, 'teacher01', { origin: enUrl() });
    await en.page.setViewportSize({ width: 1440, height: 900 });
    await en.page.goto(`${enUrl()}/teaching/practice/index`);
    await en.page.getByTestId('practice-table').waitFor();
    await shot(en.page, 'practice-index-en-desktop');
    await en.page.goto(detailUrl.replace(baseUrl(), enUrl()));
    await en.page.getByTestId('practice-attempts').locator('.ant-table-row-expand-icon').first().click();
    await en.page.getByTestId('practice-attempt').first().waitFor();
    await shot(en.page, 'practice-detail-en-desktop');
    await en.page.setViewportSize({ width: 375, height: 812 });
    await en.page.goto(`${enUrl()}/teaching/practice/index`);
    await en.page.getByTestId('practice-table').waitFor();
    await shot(en.page, 'practice-index-en-phone');
    await en.context.close();

    // the student reads the teacher's comment (English phone page)
    const enPhone = await newPage(browser, { width: 375, height: 812, mobile: true });
    await enPhone.page.goto(`${enUrl()}/teaching/h5/practice?code=${classCode}`);
    await enPhone.page.getByTestId('h5-practice-student').filter({ hasText: '林小雨' }).click();
    await enterStudentCode(enPhone.page, code);
    await enPhone.page.getByTestId('h5-practice-item').first().click();
    await enPhone.page.getByTestId('practice-teacher-comment').waitFor();
    await shot(enPhone.page, 'practice-h5-feedback-en-phone');
    await enPhone.context.close();
  }, 150_000);

  it('a classroom essay: started, answered live, ended, late answers refused', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    await page.setViewportSize({ width: 1440, height: 900 });
    const c = await api<{ id: number }>('/platform-management/practice/add', { kind: 'classroom', classId, title: '课堂作文：窗外', minWords: 100, durationMinutes: 30 });
    await page.goto(`${baseUrl()}/teaching/homework/situation/index?id=${c.id}`);
    await page.getByTestId('classroom-start').click();
    await page.getByTestId('classroom-end').waitFor();
    const code = await studentCodeOf(token, classId, '陈一鸣');
    const phone = await phoneAnswer(`${baseUrl()}/teaching/h5/practice?code=${classCode}`, code, '陈一鸣');
    await phone.context.close();
    // the submission arrives on the teacher's page without a reload
    await expect.poll(async () => page.locator('[data-testid=practice-student-row][data-submitted=true]').count(), { timeout: 30_000 }).toBe(1);
    await shot(page, 'classroom-live-zh-desktop');
    await page.getByTestId('classroom-end').click();
    await page.locator('.ant-modal-confirm-btns .ant-btn-dangerous').click();
    await page.getByTestId('classroom-start').or(page.getByText('已结束').first()).first().waitFor();
    const other = await studentCodeOf(token, classId, '王思远');
    const otherId = (await api<{ list: { id: number; name: string }[] }>(`/platform-management/mStudent/list?classId=${classId}&pageSize=100`)).list.find((s) => s.name === '王思远')!.id;
    const late = await fetch(`${baseUrl()}/correction-api/platform-management/h5/practice/submit`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' }, body: JSON.stringify({ classCode, studentId: otherId, studentCode: other, practiceId: c.id, text: ANSWER }) });
    expect(late.status).toBe(403);
    expect(((await late.json()) as { message: string }).message).toBe('课堂作文已收卷，不能再提交');
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'classroom-zh-phone');
    await context.close();
    const en = await signIn(browser, 'teacher01', { origin: enUrl() });
    await en.page.setViewportSize({ width: 1440, height: 900 });
    await en.page.goto(`${enUrl()}/teaching/homework/situation/index?id=${c.id}`);
    await en.page.getByTestId('classroom-live').waitFor();
    await shot(en.page, 'classroom-en-desktop');
    await en.context.close();
  }, 150_000);
});

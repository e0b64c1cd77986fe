import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { apiCall, routeCall, signInToken } from './support/api';
import { enrollment } from '../src/core/api/routes/enrollment';
import { classes } from '../src/core/api/routes/classes';
import { launchBrowser, newPage } from './support/browser';
import { enterStudentCode } from './support/h5';
import { baseUrl, enUrl, signIn } from './support/session';
import { SCREENSHOTS_DIR } from './support/screenshots';

// product-rules.md#practice, on data this spec makes itself (its own class, students, questions, notice):
// a teacher builds an etiquette test, a student takes it on a 375 px phone from the class login QR
// (lcwProgram=1), the teacher marks the short answer and reads the results; the office publishes an
// enrollment notice, a parent registers on the phone (a second try is refused as a duplicate) and the
// office admits the child. Screenshots (1440 px and 375 px, zh and en) go to SCREENSHOTS_DIR (docs/screenshots/ via scripts/screenshots.ts --e2e).

const SHOTS = SCREENSHOTS_DIR;
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
const input = (page: Page | Locator, testId: string) => page.locator(`[data-testid=${testId}] input, input[data-testid=${testId}]`).first();
const tag = Date.now().toString(36).slice(-5);

let browser: Browser;
let teacher = '';
let className = '';
let classId = 0;
const students: { id: number; name: string; code: string }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  teacher = await signInToken('teacher01');
  const api = <T>(p: string, body?: unknown) => apiCall<T>(teacher, `/platform-management${p}`, body);
  const base = (await api<{ list: { name: string; campusId: number; semesterId: string; mainTeacherId: number; grade: number }[] }>('/mclass/list?pageSize=100')).list.find((c) => c.name === '七年级1班')!;
  className = `礼仪${tag}班`;
  const created = await api<{ id: number }>('/mclass/add', { name: className, campusId: base.campusId, grade: base.grade, mainTeacherId: base.mainTeacherId, semesterId: base.semesterId });
  classId = created.id;
  for (const [i, name] of ['林小雨', '陈一鸣', '赵子涵'].entries()) await api('/mStudent/add', { classId, name, studentNo: String(i + 1), gender: 1 });
  const listed = await api<{ list: { id: number; name: string; h5Code: string }[] }>(`/mStudent/list?classId=${classId}&pageSize=10`);
  for (const s of listed.list) students.push({ id: s.id, name: s.name, code: s.h5Code });
  const q = (body: unknown) => api('/lcw/questions', body);
  await q({ kind: 'single', stem: `长辈递东西给你时应该（${tag}）`, options: ['单手接过', '双手接过', '看都不看'], answer: [1], points: 4, explanation: '双手接物表示尊重' });
  await q({ kind: 'multiple', stem: `请别人帮忙时的礼貌用语有（${tag}）`, options: ['请', '谢谢', '快点'], answer: [0, 1], points: 4 });
  await q({ kind: 'judge', stem: `在图书馆里可以大声说话（${tag}）`, answer: [0], points: 2 });
  await q({ kind: 'short', stem: `早上在校园遇到老师，应该怎样问好？（${tag}）`, explanation: '停下脚步，面带微笑，称呼并问好', points: 10 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('etiquette test', () => {
  it('built by the teacher, taken on the phone from the class QR, marked, results shown', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl()}/teaching/lcwAts/index`);
    await page.getByRole('tab', { name: '题库' }).click();
    await page.getByTestId('lcw-bank').getByText(`（${tag}）`).first().waitFor();
    await shot(page, 'lcw-bank-zh-desktop');

    await page.goto(`${baseUrl()}/teaching/lcwAts/newSetUp`);
    await input(page, 'lcw-test-title').fill(`校园礼仪小测 ${tag}`);
    await page.getByTestId('lcw-test-classes').click();
    await page.locator('.ant-select-item-option', { hasText: className }).click();
    await page.keyboard.press('Escape');
    for (const stem of ['长辈递东西', '礼貌用语', '图书馆', '遇到老师']) {
      await page.locator('tr', { hasText: `${stem}` }).filter({ hasText: tag }).locator('.ant-checkbox-input').first().check();
    }
    await expect.poll(() => page.getByTestId('lcw-picked').locator('.ant-card-head').textContent()).toContain('已选 4 题，共 20 分');
    await shot(page, 'lcw-new-test-zh-desktop');
    await page.getByTestId('lcw-publish').click();
    await page.waitForURL(/lcwAts\/studentViewing\?id=\d+/);
    const testId = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByTestId('lcw-class-qrs').getByTestId('qr-card').waitFor();
    await shot(page, 'lcw-student-viewing-zh-desktop');

    // The class login QR with lcwProgram=1, as the page shows it.
    const qr = await routeCall(teacher, classes.mclassLoginQrCode, { params: { id: classId }, query: { lcwProgram: 1 } });
    expect(qr.url).toMatch(/\/teaching\/h5\/join\?code=\w+&lcwProgram=1$/);
    const me = students[0]!;
    const phone = await newPage(browser, { width: 375, height: 812, mobile: true });
    await phone.page.goto(qr.url.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await phone.page.waitForURL(/\/h5\/lcw\?code=/);
    await phone.page.getByTestId('h5-lcw-student').filter({ hasText: me.name }).click();
    await enterStudentCode(phone.page, me.code);
    await phone.page.getByTestId('h5-lcw-item').filter({ hasText: `校园礼仪小测 ${tag}` }).click();
    const questions = phone.page.getByTestId('h5-lcw-question');
    await questions.first().waitFor();
    await questions.nth(0).getByText('B. 双手接过').click();
    await questions.nth(1).getByText('A. 请').click();
    await questions.nth(1).getByText('B. 谢谢').click();
    await questions.nth(2).getByText('错').click();
    await questions.nth(3).locator('textarea').fill('停下来，微笑着说“老师早上好”。');
    await shot(phone.page, 'lcw-h5-test-zh-phone');
    await phone.page.getByTestId('h5-lcw-submit').click();
    await phone.page.locator('.adm-dialog-button-bold').click();
    await phone.page.getByTestId('h5-lcw-result').waitFor();
    await phone.page.locator('.adm-toast-mask').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    expect(await phone.page.getByTestId('h5-lcw-result').textContent()).toContain('得分 10 / 20');
    await shot(phone.page, 'lcw-h5-result-zh-phone');
    await phone.context.close();

    // The teacher marks the short answer, then reads the results.
    await page.goto(`${baseUrl()}/teaching/lcwAts/examineLcw?id=${testId}`);
    const card = page.getByTestId('lcw-mark-card').filter({ hasText: me.name });
    await input(card, 'lcw-mark-score').fill('9');
    await card.getByTestId('lcw-mark-comment').fill('很有礼貌，再加上称呼更好');
    await shot(page, 'lcw-examine-zh-desktop');
    await card.getByTestId('lcw-mark-save').click();
    await page.getByTestId('empty-state').waitFor();
    await page.goto(`${baseUrl()}/teaching/lcwAts/particularsLcw?id=${testId}`);
    const row = page.getByTestId('lcw-student-scores').locator('tr', { hasText: me.name });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('19 / 20');
    expect(await page.getByTestId('lcw-student-scores').getByText('未提交').count()).toBe(2);
    expect(await page.getByTestId('lcw-question-stats').textContent()).toContain('易');
    await shot(page, 'lcw-particulars-zh-desktop');
    await context.close();

    // English: the teacher's results and a classmate's phone.
    const en = await signIn(browser, 'teacher01', { origin: enUrl() });
    await en.page.setViewportSize({ width: 1440, height: 900 });
    await en.page.goto(`${enUrl()}/teaching/lcwAts/particularsLcw?id=${testId}`);
    await expect.poll(() => en.page.getByTestId('lcw-student-scores').locator('tr', { hasText: me.name }).textContent(), { timeout: 20_000 }).toContain('19 / 20');
    await shot(en.page, 'lcw-particulars-en-desktop');
    await en.page.goto(`${enUrl()}/teaching/lcwAts/index`);
    await en.page.getByTestId('lcw-tests').getByText(`校园礼仪小测 ${tag}`).waitFor();
    await shot(en.page, 'lcw-index-en-desktop');
    await en.context.close();
    const enPhone = await newPage(browser, { width: 375, height: 812, mobile: true });
    await enPhone.page.goto(`${enUrl()}/teaching/h5/lcw?code=${new URL(qr.url).searchParams.get('code')}`);
    await enPhone.page.getByTestId('h5-lcw-student').filter({ hasText: students[1]!.name }).click();
    await enterStudentCode(enPhone.page, students[1]!.code);
    await enPhone.page.getByTestId('h5-lcw-item').first().click();
    await enPhone.page.getByTestId('h5-lcw-question').first().waitFor();
    await shot(enPhone.page, 'lcw-h5-test-en-phone');
    await enPhone.context.close();
  });
});

describe('enrollment', () => {
  it('the office publishes a notice, a parent registers on the phone (a repeat gets the same answer), the office admits', async () => {
    const office = await signIn(browser, 'headmaster01');
    const page = office.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${baseUrl()}/teaching/enrollment/index`);
    await page.getByTestId('enroll-new-notice').click();
    const title = `2027年秋季一年级招生 ${tag}`;
    await input(page, 'enroll-notice-title').fill(title);
    await page.getByTestId('enroll-notice-grades').click();
    await page.locator('.ant-select-item-option', { hasText: '一年级' }).click();
    await page.keyboard.press('Escape');
    await page.locator('#requirements').fill('2021年8月31日前出生的适龄儿童；本学区户籍或居住证。');
    await page.locator('#contact').fill('招生办 010-12345678');
    await page.getByTestId('enroll-notice-publish').click();
    const row = page.getByTestId('enroll-notices').locator('tr', { hasText: title });
    await row.waitFor();
    await row.getByTestId('enroll-open-qr').click();
    await page.getByTestId('enroll-qr-modal').getByTestId('qr-card').waitFor();
    await shot(page, 'enroll-notice-qr-zh-desktop');
    await page.keyboard.press('Escape');
    const headToken = await signInToken('headmaster01');
    const notice = (await routeCall(headToken, enrollment.enrollmentNotices, {})).find((n) => n.title === title)!;

    // A parent on the phone.
    const fill = async (p: Page) => {
      await input(p, 'h5-enroll-child').fill('王小明');
      await input(p, 'h5-enroll-id').fill('110105202103010032');
      await input(p, 'h5-enroll-guardian').fill('王强');
      await input(p, 'h5-enroll-phone').fill('13912345678');
    };
    const phone = await newPage(browser, { width: 375, height: 812, mobile: true });
    await phone.page.goto(`${baseUrl()}${notice.formPath}`);
    await phone.page.getByTestId('h5-enroll').waitFor();
    await fill(phone.page);
    await shot(phone.page, 'enroll-h5-form-zh-phone');
    await phone.page.getByTestId('h5-enroll-submit').click();
    await phone.page.getByTestId('h5-enroll-done').waitFor();
    expect(await phone.page.getByTestId('h5-enroll-done').textContent()).toContain('110105************');
    await shot(phone.page, 'enroll-h5-done-zh-phone');
    await phone.context.close();
    // The same child again (English page): the same answer as a new child (the form does not tell
    // whether the child is on file); the office sees the repeat as a note, and one registration.
    const again = await newPage(browser, { width: 375, height: 812, mobile: true });
    await again.page.goto(`${enUrl()}${notice.formPath}`);
    await again.page.getByTestId('h5-enroll').waitFor();
    await fill(again.page);
    await again.page.getByTestId('h5-enroll-submit').click();
    await again.page.getByTestId('h5-enroll-done').waitFor();
    expect(await again.page.getByTestId('h5-enroll-done').textContent()).toContain('110105************');
    await shot(again.page, 'enroll-h5-repeat-en-phone');
    await again.context.close();

    // The office follows up and admits.
    await page.reload();
    const reg = page.getByTestId('enroll-registrations').locator('tr', { hasText: '王小明' }).first();
    await reg.waitFor();
    expect(await reg.textContent()).toContain('139****5678');
    await page.waitForLoadState('networkidle');
    await page.locator('.ant-spin-blur').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    await shot(page, 'enroll-index-zh-desktop');
    await reg.click();
    await page.waitForURL(/enrollment\/details\?id=\d+/);
    expect(await page.getByTestId('enroll-id-masked').textContent()).toBe('110105************');
    await page.getByTestId('enroll-status-select').click();
    await page.locator('.ant-select-item-option', { hasText: '已录取' }).click();
    await page.getByTestId('enroll-status-note').fill('材料齐全，面谈通过');
    await page.getByTestId('enroll-status-save').click();
    await expect.poll(() => page.getByTestId('enroll-history').textContent(), { timeout: 20_000 }).toContain('材料齐全，面谈通过');
    await shot(page, 'enroll-details-zh-desktop');
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await office.context.close();

    const en = await signIn(browser, 'headmaster01', { origin: enUrl() });
    await en.page.setViewportSize({ width: 1440, height: 900 });
    await en.page.goto(`${enUrl()}/teaching/enrollment/details?id=${id}`);
    await en.page.getByTestId('enroll-history').getByText('Admitted').first().waitFor();
    await shot(en.page, 'enroll-details-en-desktop');
    await en.page.goto(`${enUrl()}/teaching/enrollment/index`);
    await en.page.getByTestId('enroll-registrations').locator('tr', { hasText: '王小明' }).first().waitFor();
    await shot(en.page, 'enroll-index-en-desktop');
    await en.page.setViewportSize({ width: 375, height: 812 });
    await shot(en.page, 'enroll-index-en-phone');
    await en.context.close();
    // A teacher without the admissions permission is refused.
    await expect(routeCall(teacher, enrollment.enrollmentRegistrationsGet, { params: { id } })).rejects.toThrow(/403/);
  });
});

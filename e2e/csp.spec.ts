import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { routeCall, signInToken, studentCodeOf } from './support/api';
import { students } from '../src/core/api/routes/students';
import { classes } from '../src/core/api/routes/classes';
import { launchBrowser, newPage } from './support/browser';
import { enterStudentCode } from './support/h5';
import { baseUrl, signIn } from './support/session';

// product-rules.md#security: the built app and the H5 pages run under the strict CSP (scripts by nonce only,
// antd's run-time <style> elements allowed) without a single violation in Chromium.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => browser?.close());

function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

describe('strict CSP in Chromium', () => {
  it('the teacher app signs in, shows the home and the class students; the H5 pages ask for the student code', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    const violations = watchViolations(page);
    expect(String((await page.request.get(`${baseUrl()}/teaching/teacherIndex`)).headers()['content-security-policy'])).toContain("script-src 'self' 'nonce-");
    await page.goto(`${baseUrl()}/teaching/class/student`);
    await page.getByTestId('student-h5-code').first().waitFor({ timeout: 30_000 });
    expect(violations).toEqual([]);
    await context.close();

    const token = await signInToken();
    const klass = (await routeCall(token, classes.mclassList, { query: { pageSize: 50 } })).list.find((c) => c.name === '七年级1班')!;
    const phone = await newPage(browser, { width: 375, height: 760, mobile: true });
    const h5Violations = watchViolations(phone.page);
    await phone.page.goto(`${baseUrl()}/teaching/h5/join?code=${klass.classCode}`);
    await phone.page.getByTestId('h5-open-messages').click();
    const first = phone.page.getByTestId('h5-messages-student').first();
    const name = ((await first.textContent()) ?? '').trim();
    await first.click();
    await phone.page.getByTestId('h5-student-code').waitFor();
    await enterStudentCode(phone.page, 'WRONG2');
    await expect.poll(() => phone.page.getByTestId('h5-student-code-error').count()).toBe(1);
    const listed = (await routeCall(token, students.mStudentList, { query: { classId: klass.id, pageSize: 100 } })).list;
    const own = listed.find((s) => name.startsWith(s.name))!.name;
    await enterStudentCode(phone.page, await studentCodeOf(token, klass.id, own));
    await phone.page.getByTestId('h5-messages').getByRole('tab').first().waitFor();
    expect(h5Violations).toEqual([]);
    await phone.context.close();
  }, 120_000);
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { encryptPassword } from '../src/core/security/encrypt-password';
import { studentCodeOf } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { enterStudentCode } from './support/h5';
import { baseUrl, expectPath, signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A photo-like page: paper colour with a few lines of dark strokes. */
async function photo(file: string, seed: number) {
  const lines = Array.from({ length: 12 }, (_, i) => `<rect x="${80 + ((seed * 37 + i * 53) % 60)}" y="${140 + i * 110}" width="${900 - ((seed + i) % 5) * 60}" height="14" fill="#333"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600"><rect width="100%" height="100%" fill="#f7f3ea"/>${lines}</svg>`;
  writeFileSync(file, await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
}

async function api<T>(token: string, p: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/correction-api${p}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

async function teacherToken(): Promise<string> {
  const key = ((await (await fetch(`${baseUrl()}/correction-api/platform-system/auth/publicKey`)).json()) as { data: { publicKey: string } }).data.publicKey;
  const res = await fetch(`${baseUrl()}/correction-api/platform-system/auth/loginTeacher`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'teacher01', password: await encryptPassword('Zhipi@2026', key) }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

describe('essay intake', () => {
  it('lets a student upload two photos from a 375 px phone page, and the teacher sees the essay', async () => {
    const token = await teacherToken();
    const [klass] = (await api<{ list: { id: number; classCode: string }[] }>(token, '/platform-management/mclass/list?pageSize=10')).list;
    const task = (await api<{ list: { id: number; status: string }[] }>(token, `/platform-management/tasks/list?classId=${klass!.id}`)).list.find((x) => x.status === 'released');
    expect(task, 'the demo seeds a released task on 七年级1班').toBeTruthy();

    const dir = mkdtempSync(path.join(tmpdir(), 'zhipi-phone-'));
    const files = [path.join(dir, 'p1.jpg'), path.join(dir, 'p2.jpg')];
    await photo(files[0]!, 1);
    await photo(files[1]!, 2);

    const { context, page } = await newPage(browser, { width: 375, height: 760, mobile: true });
    await page.goto(`${baseUrl()}/teaching/h5/upload?taskId=${task!.id}&classCode=${klass!.classCode}`);
    const ctx = (await (await fetch(`${baseUrl()}/correction-api/platform-management/h5/upload/context?taskId=${task!.id}&classCode=${klass!.classCode}`)).json()) as { data: { students: { name: string; label: string }[] } };
    const name = ctx.data.students.filter((s) => s.label === 'notSubmitted')[3]!.name;
    await page.getByTestId('h5-student').filter({ hasText: name }).first().click();
    // The class code alone is not enough: the student types their own code from the teacher's list.
    await enterStudentCode(page, await studentCodeOf(token, klass!.id, name));
    await page.locator('input[type=file]').setInputFiles(files);
    await expect.poll(() => page.getByText('第 2 页').count()).toBe(1);
    await page.getByText('下移').first().click();
    await page.getByTestId('h5-submit').click();
    await expect.poll(() => page.getByText('提交成功').count(), { timeout: 20_000 }).toBe(1);
    await context.close();

    const list = await api<{ students: { name: string; label: string; essays: { pageCount: number }[] }[] }>(token, `/platform-management/writings/list?taskId=${task!.id}&classId=${klass!.id}`);
    const row = list.students.find((s) => s.name === name)!;
    expect(row.label).not.toBe('notSubmitted');
    expect(row.essays.at(-1)!.pageCount).toBe(2);

    // the teacher's upload screen shows the student's essay with its two pages
    const teacher = await signIn(browser, 'teacher01');
    await teacher.page.goto(`${baseUrl()}/teaching/homework/writingUploadIndex?taskId=${task!.id}&classId=${klass!.id}`);
    await teacher.page.getByTestId('upload-workspace').waitFor();
    await teacher.page.getByRole('cell', { name, exact: true }).click();
    await expect.poll(() => teacher.page.getByTestId('essay-page').count()).toBe(2);

    // and the class essay list counts it as submitted
    await teacher.page.goto(`${baseUrl()}/teaching/homework/situation/writinglist?taskId=${task!.id}&classId=${klass!.id}`);
    const listRow = teacher.page.getByTestId('writing-list').locator('.ant-table-row', { hasText: name });
    await listRow.waitFor();
    expect(await listRow.textContent()).not.toContain('未提交');
    await teacher.context.close();
  });

  it('on a shared phone, photos taken for one name are not carried to the next name picked', async () => {
    const token = await teacherToken();
    const [klass] = (await api<{ list: { id: number; classCode: string }[] }>(token, '/platform-management/mclass/list?pageSize=10')).list;
    const task = (await api<{ list: { id: number; status: string }[] }>(token, `/platform-management/tasks/list?classId=${klass!.id}`)).list.find((x) => x.status === 'released');
    const dir = mkdtempSync(path.join(tmpdir(), 'zhipi-shared-phone-'));
    const files = [path.join(dir, 'a1.jpg'), path.join(dir, 'a2.jpg')];
    await photo(files[0]!, 3);
    await photo(files[1]!, 4);
    const { context, page } = await newPage(browser, { width: 375, height: 760, mobile: true });
    await page.goto(`${baseUrl()}/teaching/h5/upload?taskId=${task!.id}&classCode=${klass!.classCode}`);
    const ctx = (await (await fetch(`${baseUrl()}/correction-api/platform-management/h5/upload/context?taskId=${task!.id}&classCode=${klass!.classCode}`)).json()) as { data: { students: { name: string; label: string }[] } };
    const [first, second] = ctx.data.students.filter((s) => s.label === 'notSubmitted').slice(6, 8).map((s) => s.name);
    await page.getByTestId('h5-student').filter({ hasText: first! }).first().click();
    await enterStudentCode(page, await studentCodeOf(token, klass!.id, first!));
    await page.locator('input[type=file]').setInputFiles(files);
    await expect.poll(() => page.getByText('第 2 页').count()).toBe(1);
    await page.getByRole('button', { name: '返回' }).click();
    await page.getByTestId('h5-student').filter({ hasText: second! }).first().click();
    await enterStudentCode(page, await studentCodeOf(token, klass!.id, second!));
    await page.locator('input[type=file]').waitFor({ state: 'attached' });
    expect(await page.getByText('第 2 页').count()).toBe(0);
    expect(await page.locator('img[src^="blob:"]').count()).toBe(0);
    await context.close();
  });

  it('uploads an essay for one student from the teacher’s upload screen', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zhipi-single-'));
    const file = path.join(dir, 'scan.jpg');
    await photo(file, 7);
    const { context, page } = await signIn(browser, 'teacher01');
    await expectPath(page, '/teacherIndex');
    await page.goto(`${baseUrl()}/teaching/homework/writingUploadIndex`);
    await page.getByTestId('upload-workspace').waitFor();
    const row = page.locator('.ant-table-row').nth(10);
    await row.click();
    await page.locator('.ant-drawer input[type=file]').setInputFiles(file);
    await expect.poll(() => page.getByTestId('essay-page').count(), { timeout: 20_000 }).toBe(1);
    await context.close();
  });
});

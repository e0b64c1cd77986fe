import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { encryptPassword } from '../src/core/security/encrypt-password';
import { cjkFont, fillSheet, pdfOfImages, pdfToJpegs, plainPage } from '../tests/fixtures/batch/make';
import { launchBrowser } from './support/browser';
import { baseUrl, expectPath, signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function teacherApi() {
  const key = ((await (await fetch(`${baseUrl()}/correction-api/platform-system/auth/publicKey`)).json()) as { data: { publicKey: string } }).data.publicKey;
  const login = await fetch(`${baseUrl()}/correction-api/platform-system/auth/loginTeacher`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'teacher01', password: await encryptPassword('Zhipi@2026', key) }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return async <T>(p: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl()}/correction-api${p}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return ((await res.json()) as { data: T }).data;
  };
}

const font = cjkFont();

describe.skipIf(!font)('batch upload', () => {
  it('downloads answer sheets, uploads a batch PDF with live progress, and assigns the unmatched page by hand', async () => {
    const api = await teacherApi();
    const klass = (await api<{ list: { id: number; name: string }[] }>('/platform-management/mclass/list?pageSize=20')).list.find((c) => c.name === '七年级2班')!;
    const task = await api<{ id: number }>('/platform-management/tasks/add', {
      title: `批量上传测试 ${Date.now() % 100000}`,
      genre: 'narrative',
      grade: 7,
      deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      classIds: [klass.id],
    });

    const { context, page } = await signIn(browser, 'teacher01');
    await expectPath(page, '/teacherIndex');
    await page.goto(`${baseUrl()}/teaching/homework/writingUploadIndex?taskId=${task.id}&classId=${klass.id}`);
    await page.getByTestId('upload-workspace').waitFor();

    // 1. answer sheets: a real PDF download
    await page.getByRole('tab', { name: '答题纸' }).click();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('sheets-download').click()]);
    const sheetsFile = await download.path();
    const sheets = readFileSync(sheetsFile!);
    expect(sheets.subarray(0, 5).toString()).toBe('%PDF-');

    // 2. the class writes on three sheets; one essay comes on plain paper with an unknown header
    const pages = await pdfToJpegs(sheets);
    const scans = [await fillSheet(pages[0]!, font!, 1), await fillSheet(pages[1]!, font!, 2), await fillSheet(pages[2]!, font!, 3), await plainPage(font!, '学号 9999  姓名 无名氏')];
    const batchFile = path.join(mkdtempSync(path.join(tmpdir(), 'zhipi-batch-')), 'scan.pdf');
    writeFileSync(batchFile, await pdfOfImages(scans));

    // 3. upload and watch the progress, then the match report
    await page.getByRole('tab', { name: /批量上传/ }).click();
    await page.getByTestId('batch-upload').locator('input[type=file]').setInputFiles(batchFile);
    // progress streams in (SSE) until the report replaces it
    await page.getByTestId('batch-progress').or(page.getByTestId('batch-summary')).first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('batch-summary').count(), { timeout: 90_000 }).toBe(1);
    expect(await page.getByTestId('batch-summary').textContent()).toContain('已匹配 3');
    expect(await page.getByTestId('batch-summary').textContent()).toContain('未匹配 1');

    // 4. the teacher assigns the unmatched page to a student by hand
    await page.getByTestId('assign-page-4').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(3).click();
    await page.getByTestId('assign-save').click();
    await expect.poll(() => page.getByTestId('batch-summary').textContent()).toContain('未匹配 0');
    await context.close();
  });
});

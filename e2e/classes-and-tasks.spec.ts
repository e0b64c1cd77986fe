import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { baseUrl, expectPath, signIn } from './support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function rosterXlsx(): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('名单');
  sheet.addRow(['姓名', '性别', '学号', '唯一识别号', '关联手机号']);
  sheet.addRow(['林小雨', '女', '101', 'E2E0001', '13900000001']);
  sheet.addRow(['周子墨', '男', '102', 'E2E0002', '']);
  sheet.addRow(['吴一凡', '男', '103', 'E2E0003', '']);
  sheet.addRow(['错学号', '男', '12345', 'E2E0004', '']);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'zhipi-roster-')), 'roster.xlsx');
  await book.xlsx.writeFile(file);
  return file;
}

/** Picks an option of an antd Select by its visible text. */
async function pick(page: Page, testId: string, text?: string) {
  await page.getByTestId(testId).click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await (text ? options.filter({ hasText: text }) : options).first().click();
  // wait for the dropdown to finish closing, or the next click lands on it
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

const seeOnce = async (page: Page, text: string) => expect.poll(() => page.getByText(text, { exact: true }).count()).toBeGreaterThan(0);

describe('classes, roster and essay tasks', () => {
  it('creates a class, imports its roster from xlsx, assigns a task through the topic cascade, then edits and deletes it', async () => {
    const className = `八年级E2E${Date.now() % 100000}班`;
    const { context, page } = await signIn(browser, 'teacher01');
    await expectPath(page, '/teacherIndex');

    // 1. create a class: each prompt of product-rules.md#validation first, then a valid class
    await page.goto(`${baseUrl()}/teaching/class/index`);
    await page.getByTestId('class-add').click();
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    for (const msg of ['请选择所属年级', '请输入班级名称']) await seeOnce(page, msg);
    await page.getByTestId('class-name').fill(className);
    await pick(page, 'class-grade', '八年级');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.locator('.ant-modal').waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('tr', { hasText: className }).count()).toBeGreaterThan(0);

    // 2. import a roster from xlsx: preview shows the bad student id, then 3 rows are imported
    const row = page.locator('tr', { hasText: className });
    await row.getByTestId('class-more').click();
    await page.locator('.ant-dropdown:visible').getByText('学生').click();
    await expect.poll(() => page.getByTestId('student-page').textContent()).toContain(className);
    await page.getByTestId('student-import').click();
    await page.locator('.ant-modal input[type=file]').setInputFiles(await rosterXlsx());
    await expect.poll(() => page.getByTestId('import-summary').textContent()).toContain('可导入 3 行，有问题 1 行');
    await page.locator('#import-commit').click();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(3);
    const classId = new URL(page.url()).searchParams.get('classId');

    // 3. assign a task: the validation messages, the topic cascade, three requirements
    await page.goto(`${baseUrl()}/teaching/teacherIndex/assignTask?classId=${classId}`);
    await page.getByTestId('assign-form').waitFor();
    await page.getByTestId('assign-submit').click();
    for (const msg of ['请填写作文题目！', '请选择作文体裁！', '请选择提交截止时间！']) await seeOnce(page, msg);
    await page.getByText('教材单元作文').click();
    await page.getByTestId('assign-submit').click();
    await seeOnce(page, '请选择单元');

    await pick(page, 'field-grade', '八年级');
    await pick(page, 'field-unit');
    await pick(page, 'field-topic');
    const title = await page.getByTestId('field-title').inputValue();
    expect(title.length).toBeGreaterThan(0);
    const taskTitle = `${title}（E2E${Date.now() % 100000}）`;
    await page.getByTestId('field-title').fill(taskTitle);
    // exactly three requirements
    while ((await page.locator('input[data-testid^=requirement-]').count()) > 0) {
      await page.locator('.zp-assign-task button[aria-label="删除"]').first().click();
    }
    for (const [i, text] of ['写清事情的经过', '抓住细节描写人物', '结尾点明中心'].entries()) {
      await page.getByTestId('requirement-add').click();
      await page.getByTestId(`requirement-${i}`).fill(text);
    }
    const deadline = new Date(Date.now() + 7 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page.getByTestId('field-deadline').click();
    await page.keyboard.type(`${deadline.getFullYear()}-${pad(deadline.getMonth() + 1)}-${pad(deadline.getDate())} 18:00:00`);
    // Enter confirms the typed date and must not publish the task to the whole class (product-rules.md#teacher-journey).
    await page.keyboard.press('Enter');
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.getByTestId('publish-confirm').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/teaching/teacherIndex/assignTask');
    // A title with the prompt bank's blank still in it is pointed out, and going back publishes nothing.
    await page.getByTestId('field-title').fill('那一次，我真____');
    await page.getByTestId('assign-submit').click();
    await page.getByTestId('publish-confirm-blank').waitFor();
    expect(await page.getByTestId('publish-confirm').textContent()).toMatch(/共 \d+ 名学生/);
    await page.locator('.ant-modal-confirm .ant-btn').filter({ hasText: '返回修改' }).click();
    await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/teaching/teacherIndex/assignTask');
    await page.getByTestId('field-title').fill(taskTitle);
    await page.getByTestId('assign-submit').click();
    await page.getByTestId('publish-confirm').waitFor();
    expect(await page.getByTestId('publish-confirm-blank').count()).toBe(taskTitle.includes('____') ? 1 : 0);
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expectPath(page, '/teacherIndex');

    // 4. on the board with its upload QR code
    const card = page.getByTestId('task-card').filter({ hasText: taskTitle });
    await card.waitFor();
    expect(await page.getByTestId('task-card').filter({ hasText: taskTitle }).count()).toBe(1);
    await card.getByTestId('task-qr').click();
    const qr = page.getByTestId('qr-card').locator('svg[data-value]');
    await qr.waitFor();
    expect(await qr.getAttribute('data-value')).toMatch(/\/teaching\/h5\/upload\?taskId=\d+&classCode=/);

    // 5. modify it
    await card.getByTestId('task-edit').click();
    await page.getByTestId('assign-form').waitFor();
    await expect.poll(() => page.getByTestId('field-title').inputValue()).toBe(taskTitle);
    await expect.poll(() => page.locator('input[data-testid^=requirement-]').count()).toBe(3);
    await page.getByTestId('field-title').fill('改过的题目（E2E）');
    await page.getByTestId('assign-submit').click();
    await page.getByTestId('publish-confirm').waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expectPath(page, '/teacherIndex');
    const edited = page.getByTestId('task-card').filter({ hasText: '改过的题目（E2E）' });
    await edited.waitFor();

    // 6. delete it, with confirmation
    await edited.getByTestId('task-delete').click();
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await expect.poll(() => page.getByTestId('task-card').filter({ hasText: '改过的题目（E2E）' }).count()).toBe(0);
    await context.close();
  });

  it('says what to do first when the topic or unit is opened before the grade', async () => {
    const { context, page } = await signIn(browser, 'teacher01');
    await page.goto(`${baseUrl()}/teaching/teacherIndex/assignTask`);
    await page.getByTestId('assign-form').waitFor();
    // clear the grade the class preset
    await page.getByTestId('field-grade').hover();
    await page.getByTestId('field-grade').locator('.ant-select-clear').click();
    await page.getByTestId('field-unit').click();
    await seeOnce(page, '请先选择年级');
    await page.keyboard.press('Escape');
    await page.getByTestId('field-topic').click();
    await seeOnce(page, '请先选择年级，再选择题目');
    await context.close();
  });
});

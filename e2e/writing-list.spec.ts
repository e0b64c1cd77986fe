import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { renderEssayPage } from '../src/correction/ocr/render-page';
import { apiCall, signInToken, studentCodeOf } from './support/api';
import { enterStudentCode } from './support/h5';
import { launchBrowser, newPage } from './support/browser';
import { handInDemoEssay, OWN_TASK_HOOK_MS } from './support/own-task';
import { appPath, baseUrl, fillLogin } from './support/session';
import { SCREENSHOTS_DIR } from './support/screenshots';

// The class essay list end to end, on a task of its own on 七年级1班: four essays handed in and
// corrected by the real AI job; the teacher sees the list and statistics, reminds the students who
// have not submitted, asks one student for a revised draft (the student sees it on the 375 px H5
// page and hands the revision in from there), compares the drafts, batch-reviews, exports the xlsx
// and presents the classroom evaluation. Screenshots at 1440 and 1024 px go to SCREENSHOTS_DIR (docs/screenshots/ via scripts/screenshots.ts --e2e).

const SHOTS = SCREENSHOTS_DIR;
/** Three of the demo essays (by key; their committed page images) for the other students. */
const OTHER_ESSAYS = ['03-pe-teacher', '07-music-teacher', '02-chalk'];

const FIRST_DRAFT = `我的老师
我的语文老师姓林，她戴着一副眼镜，说话的声音很温柔。
有一次我作文写得不好，心里很难过。林老师把我叫到办公室，耐心地给我讲怎样写好开头和结尾。她说：“写作文要写真话，写出自己的感受。”
从那以后，我每天都坚持写日记。现在我的作文进步了很多，我要谢谢林老师。`;
const REVISED_DRAFT = `我的老师
我的语文老师姓林，她戴着一副细框眼镜，说话的声音像春风一样温柔。
有一次我作文写得不好，只得了六十分，心里很难过。林老师把我叫到办公室，一边翻着我的作文本，一边耐心地给我讲怎样写好开头和结尾。她说：“写作文要写真话，写出自己的感受。”
从那以后，我每天都坚持写日记。现在我的作文进步了很多，还被老师当作范文在班上朗读。我要真诚地谢谢林老师。`;
const TEACHER_MESSAGE = '请把林老师帮助你的过程写得更具体一些。';

let browser: Browser;
let token = '';
let taskId = 0;
let classId = 0;
let classCode = '';
let reviser = { studentId: 0, name: '' };
const names: string[] = [];
let dir = '';

type ListRow = { studentId: number; name: string; label: string; essays: { id: number; draft: number; status: string }[] };

const api = <T>(p: string, body?: unknown, form?: FormData) => apiCall<T>(token, p, body, form);

const list = () => api<{ students: ListRow[] }>(`/platform-management/writings/list?taskId=${taskId}&classId=${classId}`);

async function uploadEssay(studentId: number, images: Array<{ name: string; bytes: Buffer }>) {
  const fileIds: string[] = [];
  for (const img of images) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(img.bytes)], { type: 'image/jpeg' }), img.name);
    fileIds.push((await api<{ id: string }>('/file-service/files', undefined, form)).id);
  }
  const essay = await api<{ id: number }>('/platform-management/writings/saveSingle', { taskId, classId, studentId, fileIds });
  // start the AI now instead of after the teacher's review delay
  await api(`/platform-management/workManager/correction/${essay.id}/rerun`, { confirmOverwrite: false });
  return essay.id;
}

/** Waits until every essay of the task is out of the AI's hands. */
async function aiSettled(count: number, timeoutMs = OWN_TASK_HOOK_MS - 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const essays = (await list()).students.flatMap((s) => s.essays);
    if (essays.length >= count && essays.every((e) => !['submitted', 'awaiting_ai', 'ai_running'].includes(e.status))) return;
    if (Date.now() > deadline) throw new Error(`AI correction did not finish: ${essays.map((e) => e.status).join(', ')}`);
    await new Promise((r) => setTimeout(r, 1500));
  }
}

async function signInAt(width: number, height = 900) {
  const { context, page } = await newPage(browser, { width, height });
  await page.goto(`${baseUrl()}/teaching/user/login`);
  await fillLogin(page, 'teacher01', 'Zhipi@2026');
  await page.waitForURL((u) => !u.pathname.endsWith('/user/login'));
  await page.waitForLoadState('networkidle');
  return { context, page };
}

const listUrl = () => `${baseUrl()}/teaching/homework/situation/writinglist?taskId=${taskId}&classId=${classId}`;
const row = (page: Page, name: string) => page.getByTestId('writing-list').locator('.ant-table-row', { hasText: name });
const message = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
/** A screenshot once antd's opening animations and toasts are over, with the pointer out of the way. */
async function shot(page: Page, name: string) {
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => !document.querySelector('[class*="-appear"], [class*="-enter"], .ant-message-notice'), undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(SHOTS, name) });
}

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  dir = mkdtempSync(path.join(tmpdir(), 'zhipi-writing-list-'));
  token = await signInToken();
  const klass = (await api<{ list: { id: number; name: string; classCode: string }[] }>('/platform-management/mclass/list?pageSize=20')).list.find((c) => c.name === '七年级1班')!;
  classId = klass.id;
  classCode = klass.classCode;
  taskId = (
    await api<{ id: number }>('/platform-management/tasks/add', {
      // the demo essays' title, so the AI does not flag them off-topic
      title: '我的老师',
      genre: 'narrative',
      grade: 7,
      requirements: ['选择身边熟悉的人', '用细节描写表现人物'],
      guidance: '写出老师最打动你的一件事。',
      deadline: new Date(Date.now() + 7 * 86400_000).toISOString(),
      classIds: [classId],
    })
  ).id;
  // students further down the roster than the other specs use
  const rows = (await list()).students.slice(10, 14);
  reviser = { studentId: rows[0]!.studentId, name: rows[0]!.name };
  const first = await renderEssayPage(FIRST_DRAFT, { jpeg: true, seed: 1 });
  await uploadEssay(reviser.studentId, [{ name: 'draft0.jpg', bytes: first.image }]);
  names.push(reviser.name);
  for (const [i, key] of OTHER_ESSAYS.entries()) {
    const student = rows[i + 1]!;
    await handInDemoEssay(token, { taskId, classId, studentId: student.studentId }, key);
    names.push(student.name);
  }
  const revised = await renderEssayPage(REVISED_DRAFT, { jpeg: true, seed: 2 });
  writeFileSync(path.join(dir, 'revised.jpg'), revised.image);
  // only these four are in the AI (the seeded ones were done before the first spec): see OWN_TASK_HOOK_MS
  await aiSettled(4);
}, OWN_TASK_HOOK_MS);
afterAll(() => browser?.close());

describe('class essay list', () => {
  it('shows the students with scores and statistics, and reminds those who have not submitted (once in 10 minutes)', async () => {
    for (const width of [1440, 1024]) {
      const { context, page } = await signInAt(width);
      await page.goto(listUrl());
      await row(page, names[0]!).waitFor();
      await expect.poll(() => row(page, names[1]!).locator('td').nth(5).textContent(), { timeout: 15_000 }).not.toBe('—');
      expect(await page.getByTestId('writing-list').locator('.ant-table-row').count()).toBeGreaterThan(30);
      expect(await page.getByTestId('writing-list').locator('.ant-table-row', { hasText: '未提交' }).count()).toBeGreaterThan(30);
      await shot(page, `writing-list-${width}.png`);

      await page.getByRole('tab', { name: '统计分析' }).click();
      await page.getByTestId('writing-stats').waitFor();
      await page.getByTestId('score-distribution').locator('svg').waitFor();
      expect(await page.getByTestId('stats-dimension').count()).toBeGreaterThanOrEqual(4);
      expect(await page.getByTestId('stats-bands').textContent()).toContain('篇');
      await shot(page, `writing-stats-${width}.png`);
      await context.close();
    }

    const { context, page } = await signInAt(1440);
    await page.goto(listUrl());
    await row(page, names[0]!).waitFor();
    await page.getByTestId('remind').click();
    await page.getByRole('button', { name: '发送提醒' }).click();
    const result = page.getByTestId('remind-result');
    await result.waitFor();
    const notSubmitted = (await list()).students.filter((s) => s.essays.length === 0).map((s) => s.name);
    expect(await result.textContent()).toContain(notSubmitted[0]!);
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s?定/ }).click();
    // a second reminder within 10 minutes is refused with the server's message
    await page.getByTestId('remind').click();
    await page.getByRole('button', { name: '发送提醒' }).click();
    await expect.poll(() => message(page, '分钟').count()).toBe(1);
    await context.close();
  });

  it('asks a student for a revised draft; the student sees it on the H5 page, hands it in from there, and the teacher compares the drafts', async () => {
    const { context, page } = await signInAt(1440);
    await page.goto(listUrl());
    await row(page, reviser.name).locator('input[type=checkbox]').check();
    await expect.poll(() => page.getByTestId('selection-count').textContent()).toContain('1');
    await page.getByTestId('batch-revision').click();
    await page.getByTestId('revision-keep').click();
    await page.getByTestId('revision-message').fill(TEACHER_MESSAGE);
    await page.getByTestId('revision-send').click();
    await expect.poll(() => page.getByTestId('batch-result').textContent()).toContain('已处理 1 篇');
    await page.getByTestId('revision-send').click();
    await expect.poll(() => row(page, reviser.name).textContent()).toContain('修改稿');

    // the student's phone: class code → pick the name → the revision request with the teacher's message
    const phone = await newPage(browser, { width: 375, height: 760, mobile: true });
    await phone.page.goto(`${baseUrl()}/teaching/h5/join?code=${classCode}`);
    await phone.page.getByTestId('h5-open-messages').click();
    await phone.page.getByTestId('h5-messages-student').filter({ hasText: reviser.name }).first().click();
    await enterStudentCode(phone.page, await studentCodeOf(token, classId, reviser.name));
    const notice = phone.page.locator('[data-testid=h5-message][data-kind=revision]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(TEACHER_MESSAGE);
    await shot(phone.page, 'h5-messages-375.png');
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);

    // "upload the revised draft" opens the phone upload of that task; reading it marks it read
    await notice.getByTestId('h5-message-action').click();
    await expect.poll(() => new URL(phone.page.url()).pathname).toBe('/teaching/h5/upload');
    expect(new URL(phone.page.url()).searchParams.get('taskId')).toBe(String(taskId));
    // the notice names the student: the page opens on them with the teacher's request, no name to find again
    expect(new URL(phone.page.url()).searchParams.get('studentId')).toBe(String(reviser.studentId));
    await expect.poll(() => phone.page.getByText('老师请你交修改稿', { exact: false }).count()).toBe(1);
    await phone.page.locator('input[type=file]').setInputFiles([path.join(dir, 'revised.jpg')]);
    await phone.page.getByTestId('h5-submit').click();
    await expect.poll(() => phone.page.getByText('提交成功').count(), { timeout: 20_000 }).toBe(1);
    await phone.page.goto(`${baseUrl()}/teaching/h5/messages?code=${classCode}`);
    await phone.page.getByRole('tab', { name: '全部' }).click();
    await expect.poll(() => phone.page.locator('[data-testid=h5-message][data-kind=revision] [data-testid=h5-message-read]').count()).toBe(0);
    await phone.context.close();

    // the revised draft is corrected, then the drafts sit side by side with the changes marked
    const revisedId = (await list()).students.find((s) => s.studentId === reviser.studentId)!.essays.find((e) => e.draft === 1)!.id;
    await api(`/platform-management/workManager/correction/${revisedId}/rerun`, { confirmOverwrite: false });
    await aiSettled(5);
    for (const w of [1440, 1024]) {
      await page.setViewportSize({ width: w, height: 900 });
      await page.goto(listUrl());
      await row(page, reviser.name).getByTestId('compare-drafts').click();
      await expect.poll(() => page.getByTestId('draft-column').count(), { timeout: 15_000 }).toBe(2);
      await expect.poll(() => page.getByTestId('draft-changes').textContent()).toMatch(/新增 [1-9]\d* 字/);
      expect(await page.getByTestId('drafts-compare').locator('ins.zp-diff-added').count()).toBeGreaterThan(0);
      await shot(page, `drafts-compare-${w}.png`);
    }
    await context.close();
  }, 300_000);

  it('batch-reviews the pending essays and exports only approved scores as xlsx', async () => {
    const { context, page } = await signInAt(1440);
    await page.goto(listUrl());
    await row(page, names[0]!).waitFor();
    // nothing approved yet: the server's message, no file
    await page.getByTestId('export-writing').click();
    await expect.poll(() => message(page, '还没有老师审核通过的作文').count()).toBe(1);

    const pending = (await list()).students.filter((s) => s.essays.at(-1)?.status === 'ai_done');
    expect(pending.length).toBeGreaterThanOrEqual(2);
    await page.getByTestId('batch-review').click();
    await expect.poll(() => appPath(page)).toBe('/homework/situation/Review');
    await expect.poll(() => page.getByTestId('review-card').count(), { timeout: 15_000 }).toBe(pending.length);
    await expect.poll(() => page.locator('.zp-review-thumb img').count(), { timeout: 15_000 }).toBe(pending.length);
    for (const w of [1440, 1024]) {
      await page.setViewportSize({ width: w, height: 900 });
      await shot(page, `batch-review-${w}.png`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    // approve all but the last one
    const approved = pending.slice(0, -1).map((s) => s.name);
    for (const name of approved) await page.getByTestId('review-card').filter({ hasText: name }).getByTestId('review-card-select').click();
    await page.getByTestId('review-approve').click();
    // The AI comment becomes the teacher's only by their visible choice (unticked by default).
    // antd's Checkbox hands data-* to its <input> (not to the label around it): the test id is the input
    const useAi = page.locator('.ant-modal-confirm input[type=checkbox][data-testid=review-use-ai-comment]');
    await expect.poll(() => useAi.isChecked()).toBe(false);
    // On a busy machine a click can land while the confirm dialog is still opening and be ignored;
    // check() is a no-op once checked, so trying again cannot untick it.
    await expect.poll(async () => {
      await useAi.check().catch(() => undefined);
      return useAi.isChecked();
    }).toBe(true);
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '审核通过' }).click();
    await expect.poll(() => page.getByTestId('batch-result').textContent(), { timeout: 15_000 }).toContain(`已处理 ${approved.length} 篇`);
    await page.locator('.ant-modal', { has: page.getByTestId('batch-result') }).getByRole('button', { name: /确\s?定/ }).click();
    await expect.poll(() => page.getByTestId('review-card').count()).toBe(1);

    await page.goto(listUrl());
    await row(page, names[0]!).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-writing').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = path.join(dir, 'export.xlsx');
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).map(String);
    const nameCol = header.indexOf('姓名');
    const scoreCol = header.indexOf('教师评分');
    expect(nameCol).toBeGreaterThan(0);
    const rows: Array<{ name: string; score: string }> = [];
    ws.eachRow((r, n) => {
      if (n > 1) rows.push({ name: String(r.getCell(nameCol).value ?? ''), score: String(r.getCell(scoreCol).value ?? '') });
    });
    expect(rows.map((r) => r.name).sort()).toEqual([...approved].sort());
    expect(rows.every((r) => r.score.trim().length > 0)).toBe(true);
    await context.close();
  }, 240_000);

  it('presents the classroom evaluation full screen', async () => {
    for (const width of [1440, 1024]) {
      const { context, page } = await signInAt(width);
      await page.goto(listUrl());
      await row(page, names[0]!).waitFor();
      await page.getByTestId('open-evaluation').click();
      await page.getByTestId('classroom-evaluation').waitFor();
      expect(await page.getByTestId('classroom-evaluation').textContent()).toContain('七年级1班');
      await shot(page, `classroom-evaluation-${width}.png`);
      if (width === 1440) {
        await page.getByTestId('eval-present').click();
        const stage = page.getByTestId('eval-presenting');
        await stage.waitFor();
        await stage.press('ArrowRight');
        await expect.poll(() => stage.textContent()).toContain('2 /');
        await page.getByTestId('eval-exit').click();
        await expect.poll(() => stage.count()).toBe(0);
      }
      await context.close();
    }
  });

  it('opens a notification from the header drawer at its link and counts it read', async () => {
    const { context, page } = await signInAt(1440);
    type Note = { id: number; message: string; link: string | null; isRead: number };
    const unread = () => api<Note[]>('/platform-management/message/getSysMessages?isRead=0');
    await page.getByTestId('bell').click();
    const link = page.getByTestId('notification-link').first();
    await link.waitFor({ timeout: 15_000 });
    // the drawer lists the server's unread notifications, newest first: the first with a link is the one clicked.
    // Others may arrive meanwhile (the AI finishing another spec's essays), so the check is on this one.
    const text = ((await link.textContent()) ?? '').trim();
    const clicked = (await unread()).find((n) => n.link && n.message.trim() === text);
    expect(clicked, `unread notification 「${text}」`).toBeDefined();
    await link.click();
    await expect.poll(() => appPath(page)).toMatch(/^\/homework\/(situation\/writinglist|correctComment)$/);
    await expect.poll(async () => (await unread()).some((n) => n.id === clicked!.id)).toBe(false);
    await context.close();
  });
});

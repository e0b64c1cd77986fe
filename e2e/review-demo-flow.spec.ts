import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, signInToken, studentCodeOf } from './support/api';
import { enterStudentCode } from './support/h5';
import { launchBrowser, newPage } from './support/browser';
import { createOwnClass, createTaskWithEssays, OWN_TASK_HOOK_MS, uniqueTag, type OwnTask } from './support/own-task';
import { appPath, baseUrl, fillLogin, PASSWORD } from './support/session';
import { SCREENSHOTS_DIR } from './support/screenshots';

// The review journey (product-rules.md#teacher-review) in one go, on a class and task of its own (two students; the demo
// essays with 错别字 and 05 handed in and corrected by the real AI), the way teacher01 works
// through it in Chromium: writing list → the essay with 错别字 → the AI's notes on the page image →
// fix a wrong word in the transcript → a comment from the library → change a dimension score →
// approve → next student by keyboard → ask him for a revised draft keeping the original → back by
// keyboard, cancel the approval and approve again → export the xlsx (only approved essays, with the
// changed dimension score) → the second student reads the request on the 375 px H5 messages page.
// No other spec sees these students, so every count below is this spec's own.

const SHOTS = SCREENSHOTS_DIR;
const REVIEWED = '温若兰'; // demo essay 04-english-teacher: wrong characters and punctuation
const REVISER = '常思齐'; // the next student in the roster (demo essay 05-class-teacher)
/**
 * Wrong words of the essay's (04-english-teacher) with their fix, each once in the text: the spec fixes the first one the
 * AI noted (the common-misspellings list catches all of them; the first noted one is fixed).
 */
const FIXES = [
  { wrong: '辜付', right: '辜负', char: '付', fix: '负' },
  { wrong: '以经', right: '已经', char: '以', fix: '已' },
  { wrong: '再接再励', right: '再接再厉', char: '励', fix: '厉' },
  { wrong: '到理', right: '道理', char: '到', fix: '道' },
  { wrong: '在也', right: '再也', char: '在', fix: '再' },
];
const TEACHER_MESSAGE = '请把黄老师帮你分析错题的过程写具体一些，再交一次。';

let browser: Browser;
let token = '';
let demo: OwnTask;
let classCode = '';
let dir = '';
/** the essay ids of the two students, and the dimension score the teacher changed */
const ids = { reviewed: 0, reviser: 0 };
const changed = { dimension: '', name: '', label: '' };

const api = <T>(p: string, body?: unknown) => apiCall<T>(token, p, body);

type Workspace = {
  review: { approved: boolean; teacherComment: string; dimensionScores: { id: string; label?: string }[] };
  revision: { status: string; mode: string; message: string } | null;
};
const workspace = (essayId: number) => api<Workspace>(`/platform-management/review/workspace?essayId=${essayId}`);
type ListRow = { studentId: number; name: string; label: string; essays: { id: number; status: string }[] };
const writingList = () => api<{ students: ListRow[] }>(`/platform-management/writings/list?taskId=${demo.taskId}&classId=${demo.classId}`);

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  dir = mkdtempSync(path.join(tmpdir(), 'zhipi-review-demo-'));
  token = await signInToken();
  const klass = await createOwnClass(token, { name: `审阅流程${uniqueTag()}班`, students: [REVIEWED, REVISER] });
  classCode = klass.classCode;
  demo = await createTaskWithEssays(token, klass, ['04-english-teacher', '05-class-teacher']);
  const essayOf = (name: string) => demo.essays.find((e) => e.studentName === name);
  // both AI-corrected and waiting for the teacher
  expect(essayOf(REVIEWED)).toMatchObject({ status: 'ai_done' });
  expect(essayOf(REVISER)).toMatchObject({ status: 'ai_done' });
  ids.reviewed = essayOf(REVIEWED)!.id;
  ids.reviser = essayOf(REVISER)!.id;
}, OWN_TASK_HOOK_MS);
afterAll(() => browser?.close());

async function signInAt(width: number, height = 900) {
  const { context, page } = await newPage(browser, { width, height });
  await page.goto(`${baseUrl()}/teaching/user/login`);
  await fillLogin(page, 'teacher01', PASSWORD);
  await page.waitForURL((u) => !u.pathname.endsWith('/user/login'));
  await page.waitForLoadState('networkidle');
  return { context, page };
}

const listUrl = () => `${baseUrl()}/teaching${demo.writingListPath}`;
const row = (page: Page, name: string) => page.getByTestId('writing-list').locator('.ant-table-row', { hasText: name });
const essayInUrl = (page: Page) => Number(new URL(page.url()).searchParams.get('essayId'));
const message = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
const commentBox = (page: Page) => page.getByTestId('cp-teacher-comment').locator('textarea');
async function saved(page: Page) {
  await expect.poll(() => page.getByTestId('cp-save-state').getAttribute('data-state'), { timeout: 15_000 }).toBe('saved');
}
/** Keys go to the panel once something inside it has the focus: click the student's name first. */
async function panelKey(page: Page, key: string) {
  await page.getByTestId('cp-student').click();
  await page.keyboard.press(key);
}

describe('review journey on a task of its own', () => {
  it('writing list → essay with notes → transcript fix, library comment, dimension score → approve → next by keyboard → revised draft (keep) → cancel approval', async () => {
    const { context, page } = await signInAt(1440);

    // the writing list of the demo task: the reviewed student waits for review
    await page.goto(listUrl());
    await expect.poll(() => row(page, REVIEWED).textContent(), { timeout: 15_000 }).toContain('待审核');
    expect(await row(page, REVISER).textContent()).toContain('待审核');
    await row(page, REVIEWED).getByTestId('open-essay').click();
    await expect.poll(() => appPath(page)).toBe('/homework/correctComment');
    expect(essayInUrl(page)).toBe(ids.reviewed);
    await expect.poll(() => page.getByTestId('cp-student').textContent(), { timeout: 15_000 }).toBe(REVIEWED);

    // the AI's notes, drawn on the page image at their characters; a mark lights its note
    await expect.poll(() => page.getByTestId('cp-mark').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('cp-image').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // marks of neighbouring characters may overlap: hover where the first one is, whichever is on top
    await page.getByTestId('cp-mark').first().hover({ force: true });
    await expect.poll(() => page.locator('[data-testid=cp-note].is-active').count()).toBe(1);
    const wrongNotes = page.locator('[data-testid=cp-note]', { hasText: '错别字' });
    const wrongCount = await wrongNotes.count();
    expect(wrongCount).toBeGreaterThan(0);

    // the wrong word to fix: the first of FIXES the AI noted; its note shows its page with the mark on it
    const transcript = (await page.locator('.zp-cp-text').textContent()) ?? '';
    const notes = await page.getByTestId('cp-note').allTextContents();
    const fix = FIXES.find((f) => transcript.includes(f.wrong) && notes.some((n) => n.includes(`“${f.char}”应为“${f.fix}”`)));
    expect(fix, `none of ${FIXES.map((f) => f.wrong).join(' ')} noted in: ${notes.join(' | ')}`).toBeDefined();
    const wrongNote = page.locator('[data-testid=cp-note]', { hasText: `“${fix!.char}”应为“${fix!.fix}”` });
    expect(await wrongNote.count()).toBe(1);
    await wrongNote.click();
    const activeMark = page.locator('[data-testid=cp-mark][data-mark=wrongChar].is-active');
    await expect.poll(() => activeMark.count()).toBe(1);
    await page.mouse.move(1, 1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, 'review-demo-flow-panel.png') });

    // fix it in the transcript: the analysis runs again on the corrected text and the note goes
    await page.getByTestId('cp-edit-transcript').click();
    const input = page.getByTestId('cp-transcript-input');
    await input.fill((await input.inputValue()).replace(fix!.wrong, fix!.right));
    await page.getByTestId('cp-save-transcript').click();
    await expect.poll(() => page.locator('.zp-cp-text').textContent(), { timeout: 30_000 }).toContain(fix!.right);
    await expect.poll(() => wrongNote.count(), { timeout: 15_000 }).toBe(0);
    // the analysis runs afresh on the corrected text: the fixed word's note is gone, and no note is
    // left on the corrected word (others may shift as the text is analysed again)
    expect(await page.locator('[data-testid=cp-note]', { hasText: `“${fix!.fix}”` }).count()).toBe(0);
    expect(await wrongNotes.count()).toBeLessThanOrEqual(wrongCount);
    expect(await page.getByText('已人工校正').count()).toBe(1);

    // a comment from the library into the teacher comment, then a sentence of the teacher's own. The
    // library opens on the task's genre (记叙文), which leaves out the general (通用) comments, those on
    // wrong characters among them: the teacher picks 通用 first.
    await page.getByTestId('cp-open-library').click();
    const library = page.getByTestId('comment-library');
    await library.locator('.ant-select', { has: page.getByLabel('体裁') }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '通用' }).click();
    await library.getByTestId('lib-search').locator('input').fill('错别字');
    await expect.poll(() => page.getByTestId('lib-item').first().textContent(), { timeout: 15_000 }).toContain('错别字');
    const picked = (await page.getByTestId('lib-item').first().locator('.zp-lib-text').textContent())!;
    await page.getByTestId('lib-insert').first().click();
    await page.locator('.ant-drawer-close').click();
    await expect.poll(() => commentBox(page).inputValue()).toContain(picked);
    await commentBox(page).press('End');
    await commentBox(page).pressSequentially('黄老师的细节写得很生动。');
    await saved(page);

    // change a dimension score (levels A/B/C of the default standard) with the keyboard in its list
    const dimension = page.getByTestId('cp-dimension').first();
    changed.dimension = (await dimension.getAttribute('data-dimension'))!;
    changed.name = ((await dimension.locator('td').first().textContent()) ?? '').trim();
    const before = await dimension.locator('.ant-select-content').getAttribute('title');
    changed.label = before === 'A' ? 'B' : 'A';
    await dimension.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown').waitFor({ state: 'visible' });
    // keys reach the list once it is open (pressed earlier they only open it)
    await page.waitForTimeout(300);
    const levels = ['A', 'B', 'C'];
    const steps = levels.indexOf(changed.label) - levels.indexOf(before ?? 'A');
    for (let i = 0; i < Math.abs(steps); i++) await page.keyboard.press(steps > 0 ? 'ArrowDown' : 'ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => dimension.locator('.ant-select-content').getAttribute('title')).toBe(changed.label);
    await saved(page);
    const draft = await workspace(ids.reviewed);
    expect(draft.review.teacherComment).toContain(picked);
    expect(draft.review.dimensionScores.find((d) => d.id === changed.dimension)?.label).toBe(changed.label);

    // approve
    await page.getByTestId('cp-approve').click();
    await page.getByTestId('cp-approved').waitFor({ timeout: 15_000 });
    await expect.poll(() => message(page, '审核成功').count()).toBe(1);
    expect((await workspace(ids.reviewed)).review.approved).toBe(true);

    // the next student by keyboard (J)
    await panelKey(page, 'j');
    await expect.poll(() => essayInUrl(page), { timeout: 15_000 }).toBe(ids.reviser);
    await expect.poll(() => page.getByTestId('cp-student').textContent()).toBe(REVISER);
    expect(await page.getByTestId('cp-approved').count()).toBe(0);

    // ask the next student for a revised draft, keeping the essay for the comparison
    await page.getByTestId('cp-request-revision').click();
    const dialog = page.locator('.ant-modal', { has: page.getByTestId('cp-revision-keep') });
    await dialog.waitFor();
    await dialog.getByTestId('cp-revision-keep').check();
    await dialog.locator('textarea').fill(TEACHER_MESSAGE);
    await dialog.locator('.ant-btn-primary').click();
    await page.getByTestId('cp-revision-pending').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('cp-revision-pending').textContent()).toContain('保留原稿');
    expect((await workspace(ids.reviser)).revision).toMatchObject({ status: 'pending', mode: 'keep', message: TEACHER_MESSAGE });

    // back to the reviewed student (Alt + ←) and cancel the approval: the edits stay, the essay is open again
    await panelKey(page, 'Alt+ArrowLeft');
    await expect.poll(() => essayInUrl(page), { timeout: 15_000 }).toBe(ids.reviewed);
    await page.getByTestId('cp-approved').waitFor({ timeout: 15_000 });
    await page.getByTestId('cp-cancel-approval').click();
    await page.getByTestId('cp-approve').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('cp-approved').count()).toBe(0);
    expect((await workspace(ids.reviewed)).review.approved).toBe(false);
    expect(await page.locator(`[data-testid=cp-dimension][data-dimension="${changed.dimension}"] .ant-select-content`).getAttribute('title')).toBe(changed.label);
    // the list says so: back to pending review
    expect((await writingList()).students.find((s) => s.name === REVIEWED)?.label).toBe('pendingReview');

    // the teacher adds a line and approves again, this time with Ctrl + Enter from the comment
    await commentBox(page).press('End');
    await commentBox(page).pressSequentially('注意改正错别字。');
    await commentBox(page).press('Control+Enter');
    await page.getByTestId('cp-approved').waitFor({ timeout: 15_000 });
    const approved = await workspace(ids.reviewed);
    expect(approved.review).toMatchObject({ approved: true });
    expect(approved.review.teacherComment).toContain('注意改正错别字。');
    await context.close();
  }, 400_000);

  it('exports the xlsx from the writing list: only the approved essays, with the changed dimension score', async () => {
    const { context, page } = await signInAt(1440);
    await page.goto(listUrl());
    await expect.poll(() => row(page, REVIEWED).textContent(), { timeout: 15_000 }).toContain('已审核');
    expect(await row(page, REVISER).textContent()).toContain('修改稿');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-writing').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = path.join(dir, 'export.xlsx');
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const col = (title: string) => {
      const i = header.indexOf(title);
      expect(i, `column ${title} in ${header.join(', ')}`).toBeGreaterThan(0);
      return i;
    };
    const [nameCol, scoreCol, dimCol] = [col('姓名'), col('教师评分'), col(changed.name)];
    const rows: Array<{ name: string; score: string; dimension: string }> = [];
    ws.eachRow((r, n) => {
      if (n > 1) rows.push({ name: String(r.getCell(nameCol).value ?? ''), score: String(r.getCell(scoreCol).value ?? ''), dimension: String(r.getCell(dimCol).value ?? '') });
    });
    // exactly the students the server holds as approved
    const approvedNames = (await writingList()).students.filter((s) => s.essays.some((e) => e.status === 'approved')).map((s) => s.name);
    expect(rows.map((r) => r.name).sort()).toEqual([...approvedNames].sort());
    expect(rows.map((r) => r.name)).not.toContain(REVISER);
    expect(rows.find((r) => r.name === REVIEWED)).toMatchObject({ dimension: changed.label });
    expect(rows.every((r) => r.score.trim().length > 0)).toBe(true);
    await context.close();
  }, 240_000);

  it('the second student finds the revision request with the teacher’s message on the 375 px H5 messages page', async () => {
    // the student's phone: the class code from the teacher's QR code → messages → pick the name
    const phone = await newPage(browser, { width: 375, height: 760, mobile: true });
    await phone.page.goto(`${baseUrl()}/teaching/h5/join?code=${classCode}`);
    await phone.page.getByTestId('h5-open-messages').click();
    await phone.page.getByTestId('h5-messages-student').filter({ hasText: REVISER }).first().click();
    await enterStudentCode(phone.page, await studentCodeOf(token, demo.classId, REVISER));
    const notice = phone.page.locator('[data-testid=h5-message][data-kind=revision]');
    await notice.first().waitFor({ timeout: 15_000 });
    expect(await notice.count()).toBe(1);
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain(TEACHER_MESSAGE);
    expect(text).toContain('我的老师');
    // unread, with the button to hand the revised draft in
    expect(await notice.getByTestId('h5-message-read').count()).toBe(1);
    expect(await notice.getByTestId('h5-message-action').count()).toBe(1);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.context.close();
  });
});

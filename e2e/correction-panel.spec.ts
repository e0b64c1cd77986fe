import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { kaiFontMissing, renderEssayPage } from '../src/correction/ocr/render-page';
import { apiCall, signInToken } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { appPath, baseUrl, fillLogin } from './support/session';
import { SCREENSHOTS_DIR } from './support/screenshots';

// The correction panel end to end: a task of its own on 七年级2班 with three essays handed in as
// grid-paper pages rendered in a Kai font (render-page.ts), corrected by the real AI job (local OCR and
// analysis), then reviewed in Debian's Chromium like a teacher would. Screenshots at 1440 and 1024 px
// go to SCREENSHOTS_DIR (docs/screenshots/ via scripts/screenshots.ts --e2e).

const SHOTS = SCREENSHOTS_DIR;
/** Three essays on the task's title, two pages each (title and paragraphs); the first has a wrong character (辜付 for 辜负). */
const ESSAYS: string[][][] = [
  [
    ['我的老师', '我的英语老师姓黄，她是我们学校最年轻的老师，今年才二十多岁。她长着一双大眼睛，笑起来的时候眼睛弯弯的，像两个月牙儿一样，同学们都很喜欢她。', '黄老师上课非常有趣，她经常带我们做游戏，唱英文歌。有一次我在课堂上紧张得说不出话来，黄老师走过来，轻轻地拍了拍我的肩膀说：“别怕，说错了也没关系。”听了她的话，我深深地吸了一口气，终于把台词说完了。同学们都给我鼓起了掌。'],
    ['黄老师不但上课认真，下课后也很关心我们。有一次我感冒了，在课堂上一直咳嗽，黄老师下课后专门给我倒了一杯热水，还叮嘱我多休息。那一刻，我心里暖暖的。', '还有一次，我的英语考试没考好，心里很难过。黄老师没有批评我，而是和我一起分析错题，帮我找出原因。在她的帮助下，我的成绩慢慢提高了。', '我真想对黄老师说一声谢谢！我一定会努力学习，不辜付她对我的期望。'],
  ],
  [
    ['我的老师', '我的体育老师姓王。他长得很高，皮肤黑黑的，说话的声音很大。他上课的时候很严格，我们跑步的时候他一直站在旁边喊加油，谁要是偷懒，他就让谁多跑一圈。', '有一次我们测试八百米，跑到一半我就跑不动了，腿像灌了铅一样沉。王老师看见了，跑过来陪着我一起跑，一边跑一边说：“坚持就是胜利！”我咬紧牙关，一步一步往前跑，最后终于跑完了全程。'],
    ['跑完以后，王老师拍拍我的肩膀说：“你看，你能行。”我听了心里很高兴。从那以后，我每天早上都去操场跑步，现在八百米已经难不倒我了。', '我觉得王老师是一个好老师，他不光教我们跑步跳远，还教会了我遇到困难不要轻易放弃。我很喜欢他，也很感谢他。'],
  ],
  [
    ['我的老师', '我的音乐老师姓孙，她说话的声音像山间的泉水一样清澈。她的办公室就在音乐教室旁边，门口摆着两盆茉莉花，一到夏天，整条走廊都是香的。', '孙老师弹钢琴弹得特别好。第一节音乐课上，她给我们弹了一首《茉莉花》，琴声一响，整个教室都安静下来了，有的同学听得入了迷，连下课铃响了都没听见。'],
    ['以前我觉得唱歌是一件很丢人的事，每次上音乐课都只张嘴不出声。孙老师看出来了，下课后把我留下来，陪我一句一句地练。她说：“每个人的声音都是独一无二的。”后来，我终于敢在全班同学面前唱歌了。', '现在，音乐课成了我最喜欢的课。孙老师，谢谢您让我爱上了音乐，也让我变得更加勇敢！'],
  ],
];

let browser: Browser;
let token = '';
let taskId = 0;
let classId = 0;
const essayIds: number[] = [];
const names: string[] = [];

const api = <T>(p: string, body?: unknown, form?: FormData) => apiCall<T>(token, p, body, form);

type ListRow = { studentId: number; name: string; essays: { id: number; status: string }[] };

beforeAll(async () => {
  const missing = kaiFontMissing();
  if (missing) throw new Error(missing);
  browser = await launchBrowser();
  token = await signInToken();
  classId = (await api<{ list: { id: number; name: string }[] }>('/platform-management/mclass/list?pageSize=20')).list.find((c) => c.name === '七年级2班')!.id;
  const task = await api<{ id: number }>('/platform-management/tasks/add', {
    // the essays are about a teacher: the title the AI checks them against
    title: '我的老师',
    genre: 'narrative',
    grade: 7,
    requirements: ['选择身边熟悉的人', '抓住人物特点', '用细节描写表现人物'],
    deadline: new Date(Date.now() + 7 * 86400_000).toISOString(),
    classIds: [classId],
  });
  taskId = task.id;
  const rows = (await api<{ students: ListRow[] }>(`/platform-management/writings/list?taskId=${taskId}&classId=${classId}`)).students;
  // three students in roster order, so previous / next walk them in this order
  for (const [i, pages] of ESSAYS.entries()) {
    const student = rows[i]!;
    const fileIds: string[] = [];
    for (const [p, paragraphs] of pages.entries()) {
      const page = await renderEssayPage(paragraphs.join('\n'), { noise: 4, blur: 0.3, seed: 31 + i * 2 + p, jpeg: true, title: p === 0 });
      expect(page.overflow).toBe('');
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(page.image)], { type: 'image/jpeg' }), `essay-${i + 1}-${p + 1}.jpg`);
      fileIds.push((await api<{ id: string }>('/file-service/files', undefined, form)).id);
    }
    const essay = await api<{ id: number }>('/platform-management/writings/saveSingle', { taskId, classId, studentId: student.studentId, fileIds });
    essayIds.push(essay.id);
    names.push(student.name);
    // start the AI now instead of after the teacher's review delay
    await api(`/platform-management/workManager/correction/${essay.id}/rerun`, { confirmOverwrite: false });
  }
  const deadline = Date.now() + 170_000;
  for (;;) {
    const list = await api<{ students: ListRow[] }>(`/platform-management/writings/list?taskId=${taskId}&classId=${classId}`);
    const statuses = essayIds.map((id) => list.students.flatMap((s) => s.essays).find((e) => e.id === id)?.status);
    if (statuses.every((s) => s === 'ai_done' || s === 'abnormal')) break;
    if (Date.now() > deadline) throw new Error(`AI correction did not finish: ${statuses.join(', ')}`);
    await new Promise((r) => setTimeout(r, 1500));
  }
}, 300_000);
afterAll(() => browser?.close());

async function signInAt(width: number, height = 900) {
  const { context, page } = await newPage(browser, { width, height });
  await page.goto(`${baseUrl()}/teaching/user/login`);
  await fillLogin(page, 'teacher01', 'Zhipi@2026');
  await page.waitForURL((u) => !u.pathname.endsWith('/user/login'));
  await page.waitForLoadState('networkidle');
  return { context, page };
}

const essayInUrl = (page: Page) => Number(new URL(page.url()).searchParams.get('essayId'));
const message = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
async function saved(page: Page) {
  await expect.poll(() => page.getByTestId('cp-save-state').getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
}

describe('correction panel', () => {
  it('reviews a class’s essays: marks on the image, transcript fix, library comment, score, approve, next by keyboard, revised draft, cancel approval', async () => {
    const { context, page } = await signInAt(1440);

    // the class essay list opens the first AI-corrected essay
    await page.goto(`${baseUrl()}/teaching/homework/correctCommentList?taskId=${taskId}&classId=${classId}`);
    await expect.poll(() => page.getByTestId('cl-row').count(), { timeout: 15_000 }).toBe(3);
    await page.screenshot({ path: path.join(SHOTS, 'correction-list-desktop.png') });
    await page.getByTestId('cl-row').filter({ hasText: names[0]! }).click();
    await expect.poll(() => appPath(page)).toBe('/homework/correctComment');
    expect(essayInUrl(page)).toBe(essayIds[0]);
    await expect.poll(() => page.getByTestId('cp-student').textContent()).toBe(names[0]);

    // the AI's notes are drawn on their page image (a note shows its page); a mark lights its note in the list.
    // Page 1 may have no mark: its simile holds a character the OCR doubted, and doubtful text is never praised.
    await expect.poll(() => page.getByTestId('cp-note').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByTestId('cp-note').first().click();
    await expect.poll(() => page.getByTestId('cp-mark').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const wrong = page.locator('[data-testid=cp-mark][data-mark=wrongChar]');
    const firstMark = page.getByTestId('cp-mark').first();
    await firstMark.hover();
    await expect.poll(() => page.locator('[data-testid=cp-note].is-active').count()).toBe(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, 'correction-panel-desktop.png') });

    // approving without a teacher comment is refused: 教师评语不能为空
    await page.locator('.zp-cp-teacher-comment textarea').press('Control+Enter');
    await expect.poll(() => page.getByTestId('cp-comment-error').textContent()).toBe('教师评语不能为空');

    // fix a transcript word: 不辜付 → 不辜负; the analysis runs again and the wrong-character note goes
    const transcriptText = await page.locator('.zp-cp-text').textContent();
    expect(transcriptText).toContain('辜付');
    const wrongNote = page.locator('[data-testid=cp-note]', { hasText: '应为“负”' });
    expect(await wrongNote.count()).toBe(1);
    // clicking the note shows its page (the end of the essay is on page 2) with the mark
    await wrongNote.click();
    await expect.poll(() => wrong.count()).toBe(1);
    expect(await page.locator('[data-testid=cp-mark][data-mark=wrongChar]').first().getAttribute('class')).toContain('is-active');
    await page.getByTestId('cp-edit-transcript').click();
    const input = page.getByTestId('cp-transcript-input');
    await input.fill((await input.inputValue()).replace('辜付', '辜负'));
    await page.getByTestId('cp-save-transcript').click();
    await expect.poll(() => page.locator('.zp-cp-text').textContent(), { timeout: 15_000 }).toContain('辜负');
    expect(await wrongNote.count()).toBe(0);
    expect(await wrong.count()).toBe(0);
    expect(await page.getByText('已人工校正').count()).toBe(1);
    // the notes of the corrected text keep their places on the image
    await page.getByTestId('cp-note').first().click();
    await expect.poll(() => page.getByTestId('cp-mark').count()).toBeGreaterThan(0);

    // a sentence annotation: select text in the transcript, attach a comment from the library
    await page.evaluate(() => {
      const box = document.querySelector('.zp-cp-text')!;
      const span = [...box.querySelectorAll<HTMLElement>('span[data-s]')].find((s) => (s.textContent ?? '').length > 20)!;
      const range = document.createRange();
      range.setStart(span.firstChild!, 2);
      range.setEnd(span.firstChild!, 14);
      const sel = document.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
      box.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    });
    await page.getByTestId('cp-selection-bar').waitFor();
    await page.getByTestId('cp-annotation-library').click();
    await page.getByTestId('lib-item').first().waitFor({ timeout: 15_000 });
    const libraryText = (await page.getByTestId('lib-item').first().locator('.zp-lib-text').textContent())!;
    await page.getByTestId('lib-attach').first().click();
    await expect.poll(() => page.getByTestId('cp-annotation').count()).toBe(1);
    expect(await page.getByTestId('cp-annotation').first().textContent()).toContain(libraryText);

    // and a comment from the library into the teacher comment
    await page.getByTestId('cp-open-library').click();
    await page.getByTestId('lib-search').locator('input').fill('细节');
    await expect.poll(() => page.getByTestId('lib-item').first().textContent(), { timeout: 10_000 }).toContain('细节');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, 'correction-panel-library-desktop.png') });
    const picked = (await page.getByTestId('lib-item').first().locator('.zp-lib-text').textContent())!;
    await page.getByTestId('lib-insert').first().click();
    await page.locator('.ant-drawer-close').click();
    await expect.poll(() => page.locator('.zp-cp-teacher-comment textarea').inputValue()).toContain(picked);
    await page.locator('.zp-cp-teacher-comment textarea').press('End');
    await page.locator('.zp-cp-teacher-comment textarea').pressSequentially('希望继续保持。');
    expect(await page.getByTestId('cp-comment-error').count()).toBe(0);
    await saved(page);

    // change a dimension score (levels A/B/C of the default standard)
    const row = page.locator('[data-testid=cp-dimension]').first();
    const before = await row.locator('.ant-select-content').getAttribute('title');
    const after = before === 'A' ? 'B' : 'A';
    await row.locator('.ant-select').click();
    // keys go to the list once it is open (pressed earlier they only open it)
    await page.locator('.ant-select-dropdown').waitFor({ state: 'visible' });
    await page.waitForTimeout(300);
    const levels = ['A', 'B', 'C'];
    const steps = levels.indexOf(after) - levels.indexOf(before ?? 'A');
    for (let i = 0; i < Math.abs(steps); i++) await page.keyboard.press(steps > 0 ? 'ArrowDown' : 'ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => row.locator('.ant-select-content').getAttribute('title')).toBe(after);
    await saved(page);
    const stored = await api<{ review: { teacherComment: string; dimensionScores: { id: string; label?: string }[]; annotations: unknown[] } }>(`/platform-management/review/workspace?essayId=${essayIds[0]}`);
    expect(stored.review.teacherComment).toContain('希望继续保持。');
    expect(stored.review.dimensionScores[0]?.label).toBe(after);
    expect(stored.review.annotations).toHaveLength(1);

    // approve with Ctrl + Enter from the comment box
    await page.locator('.zp-cp-teacher-comment textarea').press('Control+Enter');
    await page.getByTestId('cp-approved').waitFor({ timeout: 10_000 });
    await expect.poll(() => message(page, '审核成功').count()).toBe(1);

    // next student by keyboard (J), scoped to the panel: click inside it first
    await page.getByTestId('cp-student').click();
    await page.keyboard.press('j');
    await expect.poll(() => essayInUrl(page), { timeout: 10_000 }).toBe(essayIds[1]);
    await expect.poll(() => page.getByTestId('cp-student').textContent()).toBe(names[1]);
    expect(await page.getByTestId('cp-approved').count()).toBe(0);

    // request a revised draft, keeping the current essay
    await page.getByTestId('cp-request-revision').click();
    await page.getByTestId('cp-revision-keep').waitFor();
    await page.locator('.ant-modal textarea').fill('请把体育课上的细节写具体一些。');
    await page.locator('.ant-modal .ant-btn-primary').click();
    await page.getByTestId('cp-revision-pending').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('cp-revision-pending').textContent()).toContain('保留原稿');
    const revision = await api<{ revision: { status: string; mode: string; message: string } | null }>(`/platform-management/review/workspace?essayId=${essayIds[1]}`);
    expect(revision.revision).toMatchObject({ status: 'pending', mode: 'keep', message: '请把体育课上的细节写具体一些。' });

    // cancelling the request asks first
    await page.getByTestId('cp-cancel-revision').click();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect.poll(() => page.getByTestId('cp-revision-pending').count(), { timeout: 10_000 }).toBe(0);
    await page.getByTestId('cp-request-revision').waitFor();

    // back to the first student (Alt + ←), cancel the approval
    await page.getByTestId('cp-student').click();
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => essayInUrl(page), { timeout: 10_000 }).toBe(essayIds[0]);
    await page.getByTestId('cp-cancel-approval').click();
    await page.getByTestId('cp-approve').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('cp-approved').count()).toBe(0);

    // at the first student, previous says so (the server's message)
    // The panel ignores keys while the cancellation is still being saved (a busy machine): K again
    // until the message shows; at the first student K stays there.
    await page.getByTestId('cp-student').click();
    await expect.poll(async () => {
      if (!(await message(page, '当前学生已经是第一个了').count())) await page.keyboard.press('k');
      return message(page, '当前学生已经是第一个了').count();
    }).toBeGreaterThanOrEqual(1);
    expect(essayInUrl(page)).toBe(essayIds[0]);

    // the shortcut help lists the keys
    await page.getByTestId('cp-help').click();
    await page.getByTestId('cp-shortcuts').waitFor();
    expect(await page.getByTestId('cp-shortcuts').textContent()).toContain('Ctrl + Enter');
    await context.close();
  });

  it('lays out image over panel on a 1024 px tablet and keeps the marks on the page', async () => {
    const { context, page } = await signInAt(1024, 1366);
    await page.goto(`${baseUrl()}/teaching/homework/correctComment?essayId=${essayIds[2]}`);
    await page.getByTestId('cp-transcript').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('cp-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const viewer = await page.getByTestId('cp-viewer').boundingBox();
    const transcript = await page.getByTestId('cp-transcript').boundingBox();
    // stacked: the transcript starts below the image viewer
    expect(transcript!.y).toBeGreaterThan(viewer!.y + viewer!.height - 1);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, 'correction-panel-tablet.png') });
    await context.close();
  });
});

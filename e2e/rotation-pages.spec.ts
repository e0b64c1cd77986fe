import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { kaiFontMissing, renderEssayPage } from '../src/correction/ocr/render-page';
import { NORMAL_ESSAY } from '../src/correction/test-fixtures';
import { apiCall, signInToken } from './support/api';
import { launchBrowser } from './support/browser';
import { baseUrl, signIn } from './support/session';

// A page's `rotation` is the clockwise turn that shows its stored file upright, on every screen.
// A page photographed sideways and turned once with the upload screen's rotate button, and a phone
// photo whose EXIF orientation turns it upright, are each shown upright exactly once: on the upload
// screen (and its enlarged preview), in the correction panel with the AI's marks (the OCR having read
// the page upright) and on the batch review card. Each check compares the pixels on screen with the
// upright page and with the page turned half round. Screenshots go to a temporary folder (printed).

const SHOTS = path.join(tmpdir(), 'zhipi-rotation-shots');

let browser: Browser;
let token = '';
let taskId = 0;
let classId = 0;
let students: { studentId: number; name: string }[] = [];
let upright: Buffer;
const api = <T>(p: string, body?: unknown, form?: FormData) => apiCall<T>(token, p, body, form);

/** How far a screenshot is from the upright page and from the page turned half round, each made into what the screen should show by `fit`. */
async function orientation(shot: Buffer, fit: (page: Buffer, width: number, height: number) => Promise<Buffer>) {
  const { width = 0, height = 0 } = await sharp(shot).metadata();
  const small = async (img: Buffer) => sharp(img).flatten({ background: '#ffffff' }).greyscale().resize(96, Math.max(1, Math.round((96 * height) / width)), { fit: 'fill' }).raw().toBuffer();
  const seen = await small(shot);
  const diff = async (page: Buffer) => {
    const want = await small(await fit(page, width, height));
    return want.reduce((s, v, i) => s + Math.abs(v - seen[i]!), 0) / want.length;
  };
  return { upright: await diff(upright), halfTurned: await diff(await sharp(upright).rotate(180).toBuffer()) };
}

/** A page fitted into a box as the screen fits it: whole (contain) or filling it from the top (cover). */
const fitted = (how: 'contain' | 'cover') => async (page: Buffer, width: number, height: number) => sharp(page).resize(width, height, { fit: how, position: 'top', background: '#ffffff' }).png().toBuffer();

const loaded = (img: Locator) => expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

/** Hands in one page for the i-th student of the class. */
async function handIn(i: number, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const fileId = (await api<{ id: string }>('/file-service/files', undefined, form)).id;
  return (await api<{ id: number }>('/platform-management/writings/saveSingle', { taskId, classId, studentId: students[i]!.studentId, fileIds: [fileId] })).id;
}

/** Runs the AI now (not after the review delay); a flagged result is corrected anyway, so the essay waits for review. */
async function aiReviewed(essayId: number) {
  const settled = async () => {
    const deadline = Date.now() + 200_000; // behind the demo essays' AI runs
    for (;;) {
      const status = (await api<{ essayStatus: string }>(`/platform-management/workManager/jobs/${essayId}`)).essayStatus;
      if (status === 'ai_done' || status === 'abnormal') return status;
      if (Date.now() > deadline) throw new Error(`AI correction did not finish: ${status}`);
      await new Promise((r) => setTimeout(r, 1500));
    }
  };
  await api(`/platform-management/workManager/correction/${essayId}/rerun`, { confirmOverwrite: false });
  if ((await settled()) === 'abnormal') {
    await api(`/platform-management/workManager/correction/${essayId}/insist`, {});
    expect(await settled()).toBe('ai_done');
  }
  expect((await api<{ transcript: string }>(`/platform-management/workManager/correction/${essayId}`)).transcript).toContain('八百米长跑');
}

/** The correction panel's page: upright, with the AI's marks; compares the part the viewer shows (clipped by its scroll area and the window) with the same part of the page. */
async function panelOrientation(page: Page, essayId: number, shot: string) {
  await page.goto(`${baseUrl()}/teaching/homework/correctComment?essayId=${essayId}`);
  await expect.poll(() => page.getByTestId('cp-mark').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await loaded(page.getByTestId('cp-image'));
  const shown = (await page.getByTestId('cp-image').boundingBox())!;
  expect(shown.height).toBeGreaterThan(shown.width);
  const view = (await page.locator('.zp-cp-viewer-scroll').boundingBox())!;
  const clip = { x: Math.max(view.x, shown.x), y: Math.max(view.y, shown.y), width: 0, height: 0 };
  clip.width = Math.min(view.x + view.width, shown.x + shown.width) - clip.x;
  clip.height = Math.min(view.y + view.height, shown.y + shown.height, page.viewportSize()!.height) - clip.y;
  const part = async (img: Buffer, width: number, height: number) => {
    const k = ((await sharp(img).metadata()).width ?? 0) / shown.width;
    const region = { left: Math.round((clip.x - shown.x) * k), top: Math.round((clip.y - shown.y) * k), width: Math.round(clip.width * k), height: Math.round(clip.height * k) };
    return sharp(img).extract(region).resize(width, height, { fit: 'fill' }).png().toBuffer();
  };
  const result = await orientation(await page.screenshot({ clip }), part);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, shot) });
  return result;
}

beforeAll(async () => {
  const missing = kaiFontMissing();
  if (missing) throw new Error(missing);
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  token = await signInToken();
  classId = (await api<{ list: { id: number; name: string }[] }>('/platform-management/mclass/list?pageSize=20')).list.find((c) => c.name === '七年级2班')!.id;
  taskId = (
    await api<{ id: number }>('/platform-management/tasks/add', {
      title: '难忘的一次运动会',
      genre: 'narrative',
      grade: 7,
      requirements: ['写出运动会上难忘的一件事'],
      deadline: new Date(Date.now() + 7 * 86400_000).toISOString(),
      classIds: [classId],
    })
  ).id;
  students = (await api<{ students: { studentId: number; name: string }[] }>(`/platform-management/writings/list?taskId=${taskId}&classId=${classId}`)).students;
  upright = (await renderEssayPage(NORMAL_ESSAY, { seed: 41, jpeg: true })).image;
}, 180_000);
afterAll(() => browser?.close());

describe('page rotation on screen', () => {
  it('a page photographed sideways and turned once by the teacher: upright on the upload screen, in the correction panel and on the batch review card', async () => {
    // lying on its left side: the page needs a quarter turn clockwise
    const essayId = await handIn(0, await sharp(upright).rotate(270).jpeg({ quality: 90 }).toBuffer(), 'sideways.jpg');
    const { context, page } = await signIn(browser, 'teacher01');
    await page.setViewportSize({ width: 1440, height: 900 });

    // upload screen: on its side until the teacher turns it once
    await page.goto(`${baseUrl()}/teaching/homework/writingUploadIndex?taskId=${taskId}&classId=${classId}`);
    await page.getByTestId('upload-workspace').waitFor();
    await page.getByRole('cell', { name: students[0]!.name, exact: true }).click();
    const image = page.getByTestId('essay-page-image').first();
    await loaded(image.locator('img'));
    expect(await image.getAttribute('data-rotation')).toBe('0');
    await image.screenshot({ path: path.join(SHOTS, 'upload-screen-before.png') });
    await page.getByRole('button', { name: '旋转' }).first().click();
    await expect.poll(() => image.getAttribute('data-rotation')).toBe('90');
    await loaded(image.locator('img'));
    const upload = await orientation(await image.screenshot(), fitted('contain'));
    expect(upload.upright).toBeLessThan(upload.halfTurned * 0.8);
    await page.screenshot({ path: path.join(SHOTS, 'upload-screen.png') });
    // enlarged (antd's preview): upright too
    await image.locator('img').click();
    const preview = page.locator('.ant-image-preview-img');
    await preview.waitFor();
    await expect.poll(async () => { const b = (await preview.boundingBox())!; return b.height > b.width; }).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'upload-screen-preview.png') });
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });

    await aiReviewed(essayId);
    const panel = await panelOrientation(page, essayId, 'correction-panel.png');
    expect(panel.upright).toBeLessThan(panel.halfTurned * 0.8);

    // batch review card: the thumbnail (the top of the page) upright
    await page.goto(`${baseUrl()}/teaching/homework/situation/Review?taskId=${taskId}&classId=${classId}&essayIds=${essayId}`);
    const thumb = page.getByTestId('review-card').first().locator('[data-rotation]');
    await thumb.locator('img').waitFor({ timeout: 20_000 });
    await loaded(thumb.locator('img'));
    const card = await orientation(await thumb.screenshot(), fitted('cover'));
    expect(card.upright).toBeLessThan(card.halfTurned * 0.8);
    await page.screenshot({ path: path.join(SHOTS, 'batch-review.png') });
    console.log(`rotation screenshots in ${SHOTS}: upload ${JSON.stringify(upload)}, panel ${JSON.stringify(panel)}, card ${JSON.stringify(card)}`);
    await context.close();
  }, 400_000);

  it('a phone photo upright by its EXIF orientation (rotation 0): upright in the correction panel', async () => {
    // pixels stored a quarter anticlockwise, the tag (6) says "turn a quarter clockwise to view"
    const tagged = await sharp(upright).rotate(270).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer();
    const essayId = await handIn(1, tagged, 'IMG_0001.jpg');
    await aiReviewed(essayId);
    const { context, page } = await signIn(browser, 'teacher01');
    await page.setViewportSize({ width: 1440, height: 900 });
    const panel = await panelOrientation(page, essayId, 'correction-panel-exif.png');
    expect(panel.upright).toBeLessThan(panel.halfTurned * 0.8);
    console.log(`EXIF photo in the panel: ${JSON.stringify(panel)}`);
    await context.close();
  }, 400_000);
});

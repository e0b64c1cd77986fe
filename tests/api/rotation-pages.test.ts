// A page's `rotation` means one thing everywhere: the stored file (EXIF orientation applied) turned
// clockwise by `rotation` is the page upright. Proven over HTTP with the real local OCR: a rendered
// essay page photographed sideways and turned by the teacher's rotate endpoint, and an answer sheet
// scanned sideways whose turn the batch intake detected, are both read upright by the AI job, and the
// image each screen is told to show (the page's `url` turned by its `rotation`) is the upright page.
// Without a CJK font the pages cannot be rendered and the suite is skipped.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kaiFontMissing, renderEssayPage } from '../../src/correction/ocr/render-page';
import { NORMAL_ESSAY, NORMAL_TITLE } from '../../src/correction/test-fixtures';
import { cjkFont, fillSheet, pdfToJpegs, zipOf } from '../fixtures/batch/make';
import { newStudent, taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT, multipartBody } from '../helpers/flows';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';

const FS = '/correction-api/file-service';
const font = cjkFont();
interface Page { id: number; pageNo: number; fileId: string; rotation: number; width: number; height: number; url: string }

describe.skipIf(!font || kaiFontMissing()).each(databaseKinds())('page rotation: one meaning for intake, the AI job and the screens, on %s', (kind) => {
  let t: TestApp;
  let token = '';
  let fx: EssayFixture;
  const get = (url: string) => t.call('GET', `${MGMT}/${url}`, { token });
  const post = (url: string, body: unknown) => t.call('POST', `${MGMT}/${url}`, { token, body });
  const ok = async (res: Promise<Awaited<ReturnType<TestApp['call']>>>) => {
    const r = await res;
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    return r.json().data;
  };
  const runJobs = async () => {
    t.clock.offsetMs += 61_000; // past the teacher's review delay
    await t.app.jobRunner!.runDue();
  };
  const upload = async (bytes: Buffer, name: string) => (await ok(t.call('POST', `${FS}/files/base64`, { token, body: { fileName: name, contentBase64: bytes.toString('base64') } }))).id as string;

  /** Small grey pixels of an image after EXIF orientation and a clockwise turn. */
  const grey = async (bytes: Buffer, turn = 0) => {
    const turned = await sharp(bytes).rotate().rotate(turn).toBuffer();
    const { data, info } = await sharp(turned).greyscale().resize({ width: 310, height: 310, fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    const meta = await sharp(turned).metadata();
    return { data, size: { width: meta.width, height: meta.height }, channels: info.channels };
  };
  /** Mean grey-level difference between what a screen shows for a page (its url turned by its rotation) and the upright page. */
  const shownVersus = async (page: Pick<Page, 'url' | 'rotation'>, upright: Buffer) => {
    const res = await t.call('GET', page.url);
    expect(res.statusCode).toBe(200);
    const shown = await grey(res.rawPayload, page.rotation);
    const want = await grey(upright);
    if (shown.size.width !== want.size.width || shown.size.height !== want.size.height) return Infinity; // turned a quarter off
    let sum = 0;
    for (let i = 0; i < want.data.length; i++) sum += Math.abs(shown.data[i]! - want.data[i]!);
    return sum / want.data.length;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: { poll: false } });
    token = await t.login('teacher01');
    fx = await taskFixture(t.database.db, { username: 'teacher01', className: '七年级1班', title: NORMAL_TITLE });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a page photographed sideways and turned by the teacher is read upright and shown upright', async () => {
    const upright = (await renderEssayPage(NORMAL_ESSAY, { seed: 5 })).image;
    const sideways = await sharp(upright).rotate(90).png().toBuffer(); // stored turned a quarter clockwise
    const e = await ok(post('writings/saveSingle', { taskId: fx.taskId, classId: fx.classId, studentId: fx.studentId, draft: 0, fileIds: [await upload(sideways, 'sideways.png')] }));
    const [page] = e.pages as Page[];
    expect(page).toMatchObject({ rotation: 0, width: 1754, height: 1240 });

    const turned = await ok(post('writings/pages/rotate', { pageId: page!.id, degrees: -90 }));
    const after = (turned.pages as Page[])[0]!;
    expect(after.rotation).toBe(270);
    expect(await shownVersus(after, upright)).toBeLessThan(4);

    await runJobs();
    const w = await ok(get(`review/workspace?essayId=${e.id}`));
    expect(w.correction.status).toBe('done');
    expect(w.correction.transcript).toContain('八百米长跑');
    expect(w.correction.flags.map((f: { code: string }) => f.code)).not.toContain('FLIPPED_PAGE');
    // The correction panel draws the AI's marks in the frame the OCR read: the upright page.
    expect(w.correction.result.pages[0]).toMatchObject({ width: 1240, height: 1754 });
    expect(w.essay.pages[0]).toMatchObject({ rotation: 270 });
    expect(await shownVersus(w.essay.pages[0], upright)).toBeLessThan(4);
  });

  it('a phone photo whose EXIF orientation turns it upright needs no rotation, and a turn adds to the EXIF one', async () => {
    const upright = (await renderEssayPage(NORMAL_ESSAY, { seed: 6, jpeg: true })).image;
    // pixels stored a quarter anticlockwise, the tag (6) says "turn a quarter clockwise to view"
    const tagged = await sharp(upright).rotate(270).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer();
    const studentId = await newStudent(t.database.db, fx);
    const e = await ok(post('writings/saveSingle', { taskId: fx.taskId, classId: fx.classId, studentId, draft: 0, fileIds: [await upload(tagged, 'IMG_0001.jpg')] }));
    const page = (e.pages as Page[])[0]!;
    expect(page.rotation).toBe(0);
    expect(await shownVersus(page, upright)).toBeLessThan(4);
    await runJobs();
    const w = await ok(get(`review/workspace?essayId=${e.id}`));
    expect(w.correction.transcript).toContain('八百米长跑');
    expect(w.correction.result.pages[0]).toMatchObject({ width: 1240, height: 1754 });

    const half = (await ok(post('writings/pages/rotate', { pageId: page.id, degrees: 180 }))).pages[0] as Page;
    expect(half).toMatchObject({ rotation: 180, fileId: page.fileId });
    expect(await shownVersus(half, await sharp(upright).rotate(180).toBuffer())).toBeLessThan(4);
  });

  it('an answer sheet scanned sideways: the batch intake’s rotation is read upright, and a teacher’s turn adds to it', async () => {
    const studentId = await newStudent(t.database.db, fx);
    const sheet = await get(`writings/answerSheets?taskId=${fx.taskId}&classId=${fx.classId}&studentIds=${studentId}`);
    expect(sheet.statusCode).toBe(200);
    const [blank] = await pdfToJpegs(sheet.rawPayload);
    const upright = await fillSheet(blank!, font!, 0);
    const sideways = await sharp(upright).rotate(90).jpeg({ quality: 90 }).toBuffer();
    const body = multipartBody({ taskId: String(fx.taskId), classId: String(fx.classId) }, { field: 'file', name: 'scans.zip', type: 'application/zip', content: zipOf([{ name: 'scan-01.jpg', data: sideways }]) });
    const batch = await ok(t.call('POST', `${MGMT}/writings/saveBatchUploadWritingFileByZIP`, { token, payload: body.payload, headers: body.headers }));
    await t.app.jobRunner!.runDue(); // split and match
    const report = await ok(get(`writings/batchUploadMatchResult?batchId=${batch.batchId}`));
    expect(report.pages[0]).toMatchObject({ state: 'matched', method: 'qr', rotation: 270, student: { id: studentId } });
    const essayId = report.pages[0].essayId as number;

    await runJobs();
    const w = await ok(get(`review/workspace?essayId=${essayId}`));
    expect(w.correction.status).toBe('done');
    expect(w.correction.transcript).toContain('妈妈');
    expect(w.essay.pages[0]).toMatchObject({ rotation: 270 });
    expect(await shownVersus(w.essay.pages[0], upright)).toBeLessThan(6);
    const width = w.correction.result.pages[0].width as number;
    expect(width).toBeLessThan(w.correction.result.pages[0].height);

    // The teacher turns it half round and back: the turn adds to the detected one, the file stays the same
    // (so the batch report still finds the page and shows its rotation).
    const fileId = report.pages[0].fileId as string;
    const half = (await ok(post('writings/pages/rotate', { pageId: w.essay.pages[0].id, degrees: 180 }))).pages[0] as Page;
    expect(half).toMatchObject({ rotation: 90, fileId });
    const back = (await ok(post('writings/pages/rotate', { pageId: half.id, degrees: 180 }))).pages[0] as Page;
    expect(back).toMatchObject({ rotation: 270, fileId });
    expect(await shownVersus(back, upright)).toBeLessThan(6);
    expect((await ok(get(`writings/batchUploadMatchResult?batchId=${batch.batchId}`))).pages[0]).toMatchObject({ rotation: 270, fileId });
    await runJobs();
    expect((await ok(get(`review/workspace?essayId=${essayId}`))).correction.transcript).toContain('妈妈');
    // a batch split, OCR of the sheet and an AI run: 29 s at load 9–11, so 5× that and more
  }, 180_000);
});

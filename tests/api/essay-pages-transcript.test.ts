// When the pages of an essay change, the teacher's corrected transcript (made from the old pages) is
// cleared with the change, so the AI run that follows reads the new pages; the teacher's comment and
// scores stay. A turned page has the same text: the transcript stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEssayPage } from '../../src/correction/ocr/render-page';
import { NORMAL_ESSAY, NORMAL_TITLE } from '../../src/correction/test-fixtures';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { FakeOcr, taskFixture, type EssayFixture } from '../helpers/correction';
import { MGMT } from '../helpers/flows';
import { correctedEssay } from '../helpers/review';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { writings as writingsRoutes } from '../../src/core/api/routes/writings';

const FS = '/correction-api/file-service';
// The teacher's correction of the OCR text, and what the student's new page says.
const TEACHER_TEXT = NORMAL_ESSAY.replace('秋天到了', '秋天来了');
const NEW_PAGE_TEXT = NORMAL_ESSAY.replace('秋天到了', '金秋十月').replace('八百米长跑', '四百米接力');

describe.each(databaseKinds())('changed pages reset the teacher’s corrected transcript on %s', (kind) => {
  let t: TestApp;
  const ocr = new FakeOcr();
  const storage = new MemoryFileStorage();
  let token = '';
  let fx: EssayFixture;
  let seed = 20;
  const get = (url: string) => t.call('GET', `${MGMT}/${url}`, { token });
  const post = (url: string, body: unknown) => t.call('POST', `${MGMT}/${url}`, { token, body });
  const ok = async (res: Promise<Awaited<ReturnType<TestApp['call']>>>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data;
  };
  const workspace = (id: number) => ok(get(`review/workspace?essayId=${id}`));
  const pagesOf = async (id: number) => ((await ok(get(`writings/get?id=${id}`))).pages as { id: number; fileId: string }[]);
  /** A page of `text` uploaded as the teacher would, and known to the OCR. */
  const upload = async (text: string) => {
    const image = (await renderEssayPage(text, { seed: seed++ })).image;
    ocr.register(image, text);
    return (await ok(t.call('POST', `${FS}/files/base64`, { token, body: { fileName: 'page.png', contentBase64: Buffer.from(image).toString('base64') } }))).id as string;
  };
  /** The queued AI runs, after the task's review delay. */
  const runAi = async () => {
    t.clock.offsetMs += 61_000;
    await t.app.jobRunner!.runDue();
  };
  /** The teacher corrects the transcript and writes a comment and a score. */
  const review = async (id: number) => {
    await ok(post('review/transcript', { essayId: id, transcript: TEACHER_TEXT }));
    await ok(post('review/save', { essayId: id, teacherComment: '开头可以更简洁', dimensionScores: [{ id: 'theme', label: 'A' }] }));
    expect((await workspace(id)).review).toMatchObject({ transcript: TEACHER_TEXT, teacherComment: '开头可以更简洁', dimensionScores: [{ id: 'theme' }] });
  };
  const teacherKept = { teacherComment: '开头可以更简洁', dimensionScores: [{ id: 'theme', label: 'A' }] };

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { ocr, storage }, jobs: { poll: false } });
    token = await t.login('teacher01');
    fx = await taskFixture(t.database.db, { username: 'teacher01', className: '七年级1班', title: NORMAL_TITLE });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a replaced page: the transcript is reset and the AI result comes from the new page', async () => {
    const id = await correctedEssay(t, storage, ocr, fx);
    await review(id);
    const [page] = await pagesOf(id);
    const fileId = await upload(NEW_PAGE_TEXT);

    expect(await ok(post('writings/pages/replace', { pageId: page!.id, fileId }))).toMatchObject({ status: 'awaiting_ai' });
    expect((await workspace(id)).review).toMatchObject({ transcript: null, ...teacherKept });

    await runAi();
    const w = await workspace(id);
    expect(w.correction.transcript).toBe(NEW_PAGE_TEXT);
    expect(w.review).toMatchObject({ transcript: null, ...teacherKept });
  });

  it('pages added, deleted or uploaded again reset it; a turned page keeps it', async () => {
    const id = await correctedEssay(t, storage, ocr, fx);
    await review(id);
    const [first] = await pagesOf(id);
    // Turned: same text, the teacher's transcript stays and is what the AI run analyses.
    await ok(post('writings/pages/rotate', { pageId: first!.id, degrees: 180 }));
    expect((await workspace(id)).review.transcript).toBe(TEACHER_TEXT);
    await runAi();
    expect((await workspace(id)).correction.transcript).toBe(TEACHER_TEXT);

    // A page added (append).
    await ok(post('writings/pages/add', { essayId: id, fileIds: [await upload('第二页')] }));
    expect((await workspace(id)).review).toMatchObject({ transcript: null, ...teacherKept });
    await runAi();

    // A page deleted.
    await review(id);
    const pages = await pagesOf(id);
    expect(pages).toHaveLength(2);
    expect((await t.call(writingsRoutes.pagesDel, { query: { id: pages[1]!.id } }, { token })).status).toBe(200);
    expect((await workspace(id)).review).toMatchObject({ transcript: null, ...teacherKept });
    await runAi();

    // The same draft uploaded again (single upload; phone and batch uploads take the same path).
    await review(id);
    const { studentId } = (await workspace(id)).essay;
    const again = await ok(post('writings/saveSingle', { taskId: fx.taskId, classId: fx.classId, studentId, draft: 0, fileIds: [await upload(NEW_PAGE_TEXT)] }));
    expect(again.id).toBe(id);
    expect((await workspace(id)).review).toMatchObject({ transcript: null, ...teacherKept });
    await runAi();
    expect((await workspace(id)).correction.transcript).toBe(NEW_PAGE_TEXT);
  });
});

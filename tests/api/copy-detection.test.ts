import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEssayPage } from '../../src/correction/ocr/render-page';
import { essays, students } from '../../src/server/db/schema';
import { DEMO_ESSAY_TITLE, DEMO_ESSAYS, demoEssayPageFile, demoEssayPages } from '../../src/server/seed/demo-essays-data';
import { DEMO_ESSAYS_DIR } from '../../src/server/seed/demo-essays';
import { requestCorrection } from '../../src/server/services/correction-service';
import { MemoryFileStorage } from '../../src/server/storage/memory-file-storage';
import { FakeOcr, insertEssay, taskFixture, type EssayFixture } from '../helpers/correction';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { databaseKinds } from '../helpers/test-database';
import { correction as correctionRoutes } from '../../src/core/api/routes/correction';

// The ten demo essays (their committed page images, read by a fake OCR as the text they were rendered
// from) handed in by ten pupils, then three planted copies: a classmate's page photographed again, a
// classmate's text rewritten lightly in another hand, and the same from a class of another task.
type Flag = { code: string; evidence: string; ranges: [number, number][]; match?: { source: string; essayId: number; studentName: string; share?: number; page?: number; otherPage?: number; passages?: { mine: [number, number]; theirs: [number, number]; mineText: string; theirsText: string }[] } };

describe.each(databaseKinds())('copy detection on %s', (kind) => {
  let t: TestApp;
  const ocr = new FakeOcr();
  const storage = new MemoryFileStorage();
  let fx: EssayFixture;
  let roster: { id: number; name: string }[] = [];
  const demoIds: number[] = [];
  let token = '';
  const db = () => t.database.db;
  const correctNow = async (id: number) => {
    await requestCorrection(db(), id, { reason: 'rerun', now: new Date() });
    await t.app.jobRunner!.runDue();
  };
  const correction = async (id: number) => {
    const res = await t.call(correctionRoutes.correction, { params: { id } }, { token });
    expect(res.status, res.raw.body).toBe(200);
    return res.body.data as { essayStatus: string; flags: Flag[]; transcript: string };
  };
  const copyFlags = (flags: Flag[]) => flags.filter((f) => f.code === 'DUPLICATE_PAGE' || f.code === 'COPIED_TEXT');

  beforeAll(async () => {
    t = await createTestApp(kind, { deps: { ocr, storage, copyCheck: true }, jobs: { poll: false } });
    token = await t.login('teacher01');
    fx = await taskFixture(db(), { username: 'teacher01', className: '七年级1班', title: DEMO_ESSAY_TITLE, grade: 7 });
    roster = await db().select({ id: students.id, name: students.name }).from(students).where(eq(students.classId, fx.classId)).orderBy(students.studentNo);
    for (const [i, essay] of DEMO_ESSAYS.entries()) {
      const pages = demoEssayPages(essay).map((paragraphs, k) => {
        const bytes = readFileSync(path.join(DEMO_ESSAYS_DIR, demoEssayPageFile(essay, k)));
        ocr.register(bytes, paragraphs.join('\n'));
        return bytes;
      });
      demoIds.push(await insertEssay(db(), storage, fx, pages, { studentId: roster[i]!.id }));
    }
    for (const id of demoIds) await correctNow(id);
  }, 600_000);
  afterAll(() => t?.close());

  it('flags none of the ten demo essays', async () => {
    for (const id of demoIds) expect(copyFlags((await correction(id)).flags)).toEqual([]);
  });

  it('a classmate’s page photographed again is flagged with the pupil and page it belongs to, never scored silently', async () => {
    const owner = 4; // 陈宇轩's essay in roster order
    const essay = DEMO_ESSAYS[owner]!;
    const original = readFileSync(path.join(DEMO_ESSAYS_DIR, demoEssayPageFile(essay, 0)));
    const { width } = await sharp(original).metadata();
    const again = await sharp(original).resize(Math.round(width! * 0.7)).modulate({ brightness: 0.9 }).jpeg({ quality: 70 }).toBuffer();
    // the OCR of a second photo reads a few characters differently
    ocr.register(again, demoEssayPages(essay)[0]!.join('\n').replace(/老师/, '老帅'));
    const id = await insertEssay(db(), storage, fx, [again], { studentId: roster[10]!.id });
    await correctNow(id);
    const c = await correction(id);
    expect(c.essayStatus).toBe('abnormal');
    const page = c.flags.find((f) => f.code === 'DUPLICATE_PAGE');
    expect(page?.match).toMatchObject({ source: 'class', essayId: demoIds[owner], studentName: roster[owner]!.name, page: 0, otherPage: 0 });
    expect(page?.evidence).toContain(roster[owner]!.name);
    // the original, corrected again, is not flagged as a copy of the later one
    await correctNow(demoIds[owner]!);
    expect(copyFlags((await correction(demoIds[owner]!)).flags)).toEqual([]);
  });

  it('a lightly rewritten copy in another hand is flagged with the matching passages side by side', async () => {
    const owner = 0;
    const text = demoEssayPages(DEMO_ESSAYS[owner]!).flat().join('\n');
    // every twelfth character changed, the paragraphs kept
    const copy = [...text].map((ch, i) => (i % 12 === 7 && /\p{Script=Han}/u.test(ch) ? '的' : ch)).join('');
    const page = (await renderEssayPage(copy, { seed: 7 })).image;
    ocr.register(page, copy);
    const id = await insertEssay(db(), storage, fx, [page], { studentId: roster[11]!.id });
    await correctNow(id);
    const c = await correction(id);
    expect(c.essayStatus).toBe('abnormal');
    const flag = c.flags.find((f) => f.code === 'COPIED_TEXT');
    expect(flag?.match).toMatchObject({ source: 'class', essayId: demoIds[owner], studentName: roster[owner]!.name });
    expect(flag!.match!.share).toBeGreaterThan(0.3);
    expect(flag!.match!.passages!.length).toBeGreaterThan(0);
    for (const p of flag!.match!.passages!) {
      expect(c.transcript.slice(p.mine[0], p.mine[1])).toBe(p.mineText);
      expect(p.mineText.replace(/\s/g, '')).toBe(p.theirsText.replace(/\s/g, ''));
    }
    // Written out line for line on the same grid, the copy's page has the original's layout, which is
    // what the page hash sees (36 bits apart here): it may be flagged as that page as well.
  });

  it('a copy of an essay from another class and task of the school is found too', async () => {
    const other = await taskFixture(db(), { username: 'teacher01', className: '七年级2班', title: '我的好老师', grade: 7 });
    const text = demoEssayPages(DEMO_ESSAYS[2]!).flat().join('\n');
    const page = (await renderEssayPage(text, { seed: 11 })).image;
    ocr.register(page, text);
    const id = await insertEssay(db(), storage, other, [page]);
    await correctNow(id);
    const flag = (await correction(id)).flags.find((f) => f.code === 'COPIED_TEXT');
    expect(flag?.match).toMatchObject({ source: 'school', essayId: demoIds[2] });
    expect((await db().select({ status: essays.status }).from(essays).where(eq(essays.id, id)))[0]!.status).toBe('abnormal');
  });
});

// Helpers for the teacher-review API tests: a task with AI-corrected essays in a few calls.
import { eq } from 'drizzle-orm';
import { renderEssayPage } from '../../src/correction/ocr/render-page';
import { NORMAL_ESSAY } from '../../src/correction/test-fixtures';
import { essays } from '../../src/server/db/schema';
import { requestCorrection } from '../../src/server/services/correction-service';
import type { FileStorage } from '../../src/server/storage/file-storage';
import { FakeOcr, insertEssay, type EssayFixture } from './correction';
import type { TestApp } from './test-app';

let page: Promise<Uint8Array> | undefined;
/** One rendered page of NORMAL_ESSAY (rendered once per test file), registered with the fake OCR. */
export async function essayPage(ocr: FakeOcr): Promise<Uint8Array> {
  page ??= renderEssayPage(NORMAL_ESSAY, {}).then((r) => r.image);
  const bytes = await page;
  ocr.register(bytes, NORMAL_ESSAY);
  return bytes;
}

/**
 * An essay of a new student (or the given one), AI-corrected through the real job handler; an
 * essay the AI flags is corrected anyway (insist), so it ends `ai_done`.
 */
export async function correctedEssay(t: TestApp, storage: FileStorage, ocr: FakeOcr, f: EssayFixture, opts: { studentId?: number } = {}): Promise<number> {
  const db = t.database.db;
  const id = await insertEssay(db, storage, f, [await essayPage(ocr)], opts);
  const now = () => new Date(Date.now() + t.clock.offsetMs);
  await requestCorrection(db, id, { reason: 'rerun', now: now() });
  await t.app.jobRunner!.runDue();
  const [row] = await db.select().from(essays).where(eq(essays.id, id));
  if (row!.status === 'abnormal') {
    await requestCorrection(db, id, { reason: 'insist', now: now() });
    await t.app.jobRunner!.runDue();
  }
  return id;
}

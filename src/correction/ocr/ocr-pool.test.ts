// The OCR worker pool reads pages in worker threads exactly as the local provider does in this thread,
// and the caller's event loop keeps turning meanwhile (the reason for the pool).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correctEssay } from '../correct-essay.js';
import { NORMAL_ESSAY, NORMAL_TITLE } from '../test-fixtures.js';
import { OcrWorkerPool } from './ocr-pool.js';
import { readPage } from './page-reader.js';
import { loadPaddleModels, PaddleOcrProvider } from './paddle.js';
import { kaiFontMissing, renderEssayPage } from './render-page.js';

const missing = kaiFontMissing();

/** Runs `work` while a 10 ms timer ticks; returns its result and the timer's worst lateness. */
async function withLag<T>(work: () => Promise<T>): Promise<{ value: T; lagMs: number }> {
  let worst = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 10);
    last = now;
  }, 10);
  try {
    return { value: await work(), lagMs: worst };
  } finally {
    clearInterval(timer);
  }
}

describe.skipIf(!!missing)('OcrWorkerPool', { timeout: 180_000 }, () => {
  const pool = new OcrWorkerPool({ threads: 2, idleMs: 60_000 });
  let image: Buffer;
  beforeAll(async () => {
    image = (await renderEssayPage(NORMAL_ESSAY, { photo: true, noise: 15, rotate: 1.5, seed: 4 })).image;
    await loadPaddleModels();
  }, 180_000);
  afterAll(() => pool.close());

  it('reads a page in a thread as the local provider does here, without stalling this thread', async () => {
    const here = await withLag(() => readPage(image, new PaddleOcrProvider()));
    await pool.readPage(image); // the thread loads its models once
    const there = await withLag(() => pool.readPage(image));
    expect(there.value).toEqual(JSON.parse(JSON.stringify(here.value)));
    expect(there.value.page!.lines.length).toBeGreaterThan(10);
    // In this thread the page blocks the loop for most of its second; from a thread only message passing is left.
    expect(there.lagMs).toBeLessThan(Math.max(150, here.lagMs / 3));
  });

  it('serves correctEssay with whole pages, reading pages of two essays at once in two threads', async () => {
    const task = { title: NORMAL_TITLE, grade: 5, requirements: ['写一次活动'] };
    const [a, b] = await Promise.all([correctEssay({ ...task, images: [image] }, { ocr: pool }), correctEssay({ ...task, images: [image] }, { ocr: pool })]);
    const local = await correctEssay({ ...task, images: [image] });
    expect(pool.size).toBe(2);
    expect(a.transcript).toBe(local.transcript);
    expect(b.transcript).toBe(local.transcript);
    expect(a.ocr).toEqual(local.ocr);
    expect(a.score).toEqual(local.score);
  });

  it('fails pages, not the process, once closed; bad images come back unreadable', async () => {
    const bad = await pool.readPage(new Uint8Array([1, 2, 3]));
    expect(bad.check.ok).toBe(false);
    expect(bad.page).toBeUndefined();
    const closed = new OcrWorkerPool();
    await closed.close();
    await expect(closed.readPage(image)).rejects.toThrow(/closed/);
  });
});

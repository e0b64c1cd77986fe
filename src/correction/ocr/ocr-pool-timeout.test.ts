// An OCR thread that hangs (never answers, never exits) must not hold its page, and the pages queued
// behind it, forever: after pageTimeoutMs the page fails with a clear error (which the correction job
// retries, then flags), the thread is stopped, and the next page gets a new, working thread. The hung
// thread is a small module (data: URL) that hangs the first time it starts (while a flag file exists)
// and otherwise runs the real ocr-thread. Every Worker the pool makes is recorded, to check that each
// has exited once the pool is closed. The limit is 3 s: a new real thread must get ready within it.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { correctEssay } from '../correct-essay.js';
import { misbehavingThread } from './misbehaving-thread.js';
import { OcrWorkerPool } from './ocr-pool.js';

const LIMIT_MS = 3000;
/** takes pages and never answers them */
const NEVER_ANSWERS = `parentPort.on('message', () => {}); parentPort.postMessage({ ready: true });`;

/** every Worker made, and whether it has exited */
const made = vi.hoisted((): Array<{ exited: boolean }> => []);
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:worker_threads')>();
  class Worker extends real.Worker {
    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      super(...args);
      const rec = { exited: false };
      made.push(rec);
      this.once('exit', () => (rec.exited = true));
    }
  }
  return { ...real, Worker, default: { ...real, Worker } };
});

const thread = misbehavingThread('zhipi-ocr-timeout-');
const NOT_AN_IMAGE = new Uint8Array([1, 2, 3]);

const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('OcrWorkerPool when a thread hangs', { timeout: 60_000 }, () => {
  const pools: OcrWorkerPool[] = [];
  const pool = (threadModule: string): OcrWorkerPool => {
    const p = new OcrWorkerPool({ threads: 1, idleMs: 60_000, threadModule, pageTimeoutMs: LIMIT_MS });
    pools.push(p);
    return p;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });
  afterAll(() => thread.cleanUp());

  it('a thread that never answers fails its page after the timeout; the page queued behind it is read by a new thread', async () => {
    made.length = 0;
    const before = timers();
    const p = pool(thread.once(NEVER_ANSWERS));
    const [first, second] = await Promise.allSettled([p.readPage(NOT_AN_IMAGE), p.readPage(NOT_AN_IMAGE)]);
    expect(first.status).toBe('rejected');
    expect((first as PromiseRejectedResult).reason).toBeInstanceOf(Error);
    expect(String((first as PromiseRejectedResult).reason)).toMatch(/OCR thread failed: no answer after 3 s \(thread stopped\)/);
    expect(second).toMatchObject({ status: 'fulfilled', value: { check: { ok: false } } });
    // and the next page too, on the same new thread
    await expect(p.readPage(NOT_AN_IMAGE)).resolves.toMatchObject({ check: { ok: false } });
    expect(p.size).toBe(1);
    expect(made).toHaveLength(2);
    await p.close();
    // every thread has exited and no timer of the pool is left
    expect(made.map((w) => w.exited)).toEqual([true, true]);
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it('a thread busy forever in JavaScript is stopped too; correctEssay rejects with the reason', async () => {
    made.length = 0;
    const p = pool(thread.once(`parentPort.on('message', () => { for (;;) {} }); parentPort.postMessage({ ready: true });`));
    await expect(correctEssay({ title: '春游', grade: 5, images: [NOT_AN_IMAGE] }, { ocr: p })).rejects.toThrow(/OCR thread failed: no answer after 3 s/);
    await expect(p.readPage(NOT_AN_IMAGE)).resolves.toMatchObject({ check: { ok: false } });
    await p.close();
    expect(made.map((w) => w.exited)).toEqual([true, true]);
  });

  it('a thread that never gets ready (hangs while loading) fails its page after the same limit', async () => {
    made.length = 0;
    const p = pool(thread.once('setInterval(() => {}, 60_000);'));
    await expect(p.recognize(NOT_AN_IMAGE)).rejects.toThrow(/OCR thread failed: not ready after 3 s \(thread stopped\)/);
    await expect(p.readPage(NOT_AN_IMAGE)).resolves.toMatchObject({ check: { ok: false } });
    await p.close();
    expect(made.map((w) => w.exited)).toEqual([true, true]);
  });

  it('takes the limit from OCR_PAGE_TIMEOUT_SECONDS when none is given (default 120 s, 0 = none)', () => {
    const env = process.env.OCR_PAGE_TIMEOUT_SECONDS;
    try {
      delete process.env.OCR_PAGE_TIMEOUT_SECONDS;
      expect(new OcrWorkerPool().pageTimeoutMs).toBe(120_000);
      process.env.OCR_PAGE_TIMEOUT_SECONDS = '45';
      expect(new OcrWorkerPool().pageTimeoutMs).toBe(45_000);
      expect(new OcrWorkerPool({ pageTimeoutMs: 2000 }).pageTimeoutMs).toBe(2000);
      process.env.OCR_PAGE_TIMEOUT_SECONDS = '0';
      expect(new OcrWorkerPool().pageTimeoutMs).toBe(0);
      process.env.OCR_PAGE_TIMEOUT_SECONDS = 'soon';
      expect(new OcrWorkerPool().pageTimeoutMs).toBe(120_000);
    } finally {
      if (env === undefined) delete process.env.OCR_PAGE_TIMEOUT_SECONDS;
      else process.env.OCR_PAGE_TIMEOUT_SECONDS = env;
    }
  });
});

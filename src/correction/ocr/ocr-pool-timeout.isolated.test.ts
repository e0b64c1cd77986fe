// An OCR thread that hangs (never answers, never exits) must not hold its page, and the pages queued
// behind it, forever: after pageTimeoutMs the page fails with a clear error (which the correction job
// retries, then flags), the thread is stopped, and the next page gets a new, working thread. The hung
// thread is a small module (data: URL) that hangs the first time it starts (while a flag file exists)
// and otherwise runs the real ocr-thread. Every Worker the pool makes is recorded, to check that each
// has exited once the pool is closed. The limit is 3 s, or 5× the time a new real thread takes to start
// and answer on this machine now if that is longer: the real thread after the hung one must get ready
// within it, and on a busy machine it once took over 3 s (a clean-clone CI run beside the OCR benchmark).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { correctEssay } from '../correct-essay.js';
import { misbehavingThread } from './misbehaving-thread.js';
import { OcrWorkerPool } from './ocr-pool.js';

let LIMIT_MS = 3000;
const after = (what: string) => new RegExp(`OCR thread failed: ${what} after ${LIMIT_MS / 1000} s`);
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

beforeAll(async () => {
  const p = new OcrWorkerPool({ threads: 1, idleMs: 60_000, pageTimeoutMs: 0 });
  const t0 = performance.now();
  await p.readPage(NOT_AN_IMAGE);
  const startMs = performance.now() - t0;
  await p.close();
  LIMIT_MS = Math.max(3000, Math.ceil((5 * startMs) / 1000) * 1000);
}, 120_000);

describe('OcrWorkerPool when a thread hangs', { timeout: 240_000 }, () => {
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
    expect(String((first as PromiseRejectedResult).reason)).toMatch(after('no answer'));
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
    await expect(correctEssay({ title: '春游', grade: 5, images: [NOT_AN_IMAGE] }, { ocr: p })).rejects.toThrow(after('no answer'));
    await expect(p.readPage(NOT_AN_IMAGE)).resolves.toMatchObject({ check: { ok: false } });
    await p.close();
    expect(made.map((w) => w.exited)).toEqual([true, true]);
  });

  it('a late thread is not stopped while it works (terminate() during a native run aborts the process); it is stopped once it answers', async () => {
    made.length = 0;
    const late = LIMIT_MS * 2;
    const p = pool(thread.once(`parentPort.on('message', (m) => setTimeout(() => parentPort.postMessage({ id: m.id, ok: false, message: 'late' }), ${late})); parentPort.postMessage({ ready: true });`));
    await expect(p.readPage(NOT_AN_IMAGE)).rejects.toThrow(after('no answer'));
    // the page is failed and a new thread reads the next one, while the late one is left to finish
    await expect(p.readPage(NOT_AN_IMAGE)).resolves.toMatchObject({ check: { ok: false } });
    expect(made).toHaveLength(2);
    expect(made[0]!.exited).toBe(false);
    await vi.waitFor(() => expect(made[0]!.exited).toBe(true), { timeout: late * 3, interval: 100 });
    await p.close();
    expect(made.map((w) => w.exited)).toEqual([true, true]);
  });

  it('a thread that never gets ready (hangs while loading) fails its page after the same limit', async () => {
    made.length = 0;
    const p = pool(thread.once('setInterval(() => {}, 60_000);'));
    await expect(p.recognize(NOT_AN_IMAGE)).rejects.toThrow(after('not ready'));
    await expect(p.readPage(NOT_AN_IMAGE)).resolves.toMatchObject({ check: { ok: false } });
    await p.close();
    expect(made.map((w) => w.exited)).toEqual([true, true]);
  });

  it('takes the limit it is given (OCR_PAGE_TIMEOUT_SECONDS, parsed by the config), default 120 s, 0 = none', () => {
    expect(new OcrWorkerPool().pageTimeoutMs).toBe(120_000);
    expect(new OcrWorkerPool({ pageTimeoutMs: 45_000 }).pageTimeoutMs).toBe(45_000);
    expect(new OcrWorkerPool({ pageTimeoutMs: 0 }).pageTimeoutMs).toBe(0);
  });
});

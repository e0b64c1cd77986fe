// OCR threads that cannot start or die: the page fails with a clear error (which the correction job
// retries, then flags), nothing hangs, and the next page gets a new, working thread. The broken
// threads are small modules (data: URLs) that misbehave once, while a flag file exists, and otherwise
// run the real ocr-thread. `new Worker` itself failing (no thread or memory for it: it throws
// ERR_WORKER_INIT_FAILED) cannot be caused from here, so that one case arms the constructor to throw.
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { correctEssay } from '../correct-essay.js';
import { misbehavingThread } from './misbehaving-thread.js';
import { OcrWorkerPool } from './ocr-pool.js';

/** errors for the next `new Worker` calls (undefined: start the thread) */
const constructorFailures = vi.hoisted((): Array<Error | undefined> => []);
vi.mock('node:worker_threads', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:worker_threads')>();
  class Worker extends real.Worker {
    constructor(...args: ConstructorParameters<typeof real.Worker>) {
      const failure = constructorFailures.shift();
      if (failure) throw failure;
      super(...args);
    }
  }
  return { ...real, Worker, default: { ...real, Worker } };
});

const thread = misbehavingThread('zhipi-ocr-pool-');
const NOT_AN_IMAGE = new Uint8Array([1, 2, 3]);

describe('OcrWorkerPool when a thread cannot start or dies', { timeout: 60_000 }, () => {
  const pools: OcrWorkerPool[] = [];
  const pool = (threadModule: string): OcrWorkerPool => {
    const p = new OcrWorkerPool({ threads: 1, idleMs: 60_000, threadModule });
    pools.push(p);
    return p;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });
  afterAll(() => thread.cleanUp());

  it('a thread that throws on load fails the page; correctEssay rejects with the reason; the next page is read', async () => {
    const p = pool(thread.once(`throw new Error('onnxruntime could not be loaded');`));
    await expect(correctEssay({ title: '春游', grade: 5, images: [NOT_AN_IMAGE] }, { ocr: p })).rejects.toThrow(/OCR thread failed: onnxruntime could not be loaded/);
    expect(p.size).toBe(0);
    // a new thread, the real one: the page comes back (as an unreadable image) instead of hanging
    const again = await p.readPage(NOT_AN_IMAGE);
    expect(again.check.ok).toBe(false);
    expect(p.size).toBe(1);
  });

  it('a thread that exits on load fails the page it was given, and the page queued behind it is read by a new thread', async () => {
    const p = pool(thread.once('process.exit(7);'));
    const [first, second] = await Promise.allSettled([p.readPage(NOT_AN_IMAGE), p.readPage(NOT_AN_IMAGE)]);
    expect(first.status).toBe('rejected');
    expect((first as PromiseRejectedResult).reason).toBeInstanceOf(Error);
    expect(String((first as PromiseRejectedResult).reason)).toMatch(/OCR thread failed: exited with code 7/);
    expect(second).toMatchObject({ status: 'fulfilled', value: { check: { ok: false } } });
  });

  it('a Worker that cannot be created fails the page, also when the pool replaces a dead thread; the next page is read', async () => {
    const p = pool(thread.once('process.exit(7);'));
    // the first thread starts and exits; its replacement, for the queued page, cannot be created
    constructorFailures.push(undefined, Object.assign(new Error('Worker initialization failure: 11'), { code: 'ERR_WORKER_INIT_FAILED' }));
    const [first, second] = await Promise.allSettled([p.readPage(NOT_AN_IMAGE), p.readPage(NOT_AN_IMAGE)]);
    expect(String((first as PromiseRejectedResult).reason)).toMatch(/OCR thread failed: exited with code 7/);
    expect(String((second as PromiseRejectedResult).reason)).toMatch(/OCR thread failed: Worker initialization failure/);
    expect(p.size).toBe(0);
    await expect(p.readPage(NOT_AN_IMAGE)).resolves.toMatchObject({ check: { ok: false } });
  });

  it('a thread that dies while reading fails that page; the next page is read', async () => {
    const p = pool(thread.once(`parentPort.on('message', () => process.exit(3)); parentPort.postMessage({ ready: true });`));
    await expect(p.recognize(NOT_AN_IMAGE)).rejects.toThrow(/OCR thread failed: exited with code 3/);
    await expect(p.readPage(NOT_AN_IMAGE)).resolves.toMatchObject({ check: { ok: false } });
  });
});

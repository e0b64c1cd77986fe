import type { Worker } from 'node:worker_threads';
import { startThread } from '../../correction/threads/start-thread';

/** Why an off-thread task gave no answer: too slow, over its memory, or it failed to start or crashed. */
export class OffThreadError extends Error {
  constructor(readonly reason: 'timeout' | 'memory' | 'failed', message: string) {
    super(message);
  }
}

export interface OffThreadLimits {
  timeoutMs: number;
  /** V8 heap of the worker; a task over it is ended (ERR_WORKER_OUT_OF_MEMORY), the server is not. */
  maxHeapMb: number;
}

/**
 * Runs `moduleUrl`'s worker with `input` on its own thread, under a time and heap limit, and resolves
 * with its one message. For untrusted files (rosters, uploaded PDFs) there is deliberately no fallback
 * to this thread: a file that cannot be handled off the event loop is refused, never parsed here.
 */
export function runOffThread<T>(moduleUrl: string, input: unknown, limits: OffThreadLimits, transfer: ArrayBuffer[] = []): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = startThread(moduleUrl, { workerData: input, transferList: transfer, resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 32 } });
    } catch (e) {
      reject(new OffThreadError('failed', `worker did not start: ${(e as Error).message}`));
      return;
    }
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new OffThreadError('timeout', `worker gave no answer within ${limits.timeoutMs} ms`))), limits.timeoutMs);
    worker.once('message', (msg: T) => settle(() => resolve(msg)));
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() => reject(new OffThreadError(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'failed', err.message))),
    );
    worker.once('exit', (code) => settle(() => reject(new OffThreadError('failed', `worker exited with code ${code}`))));
  });
}

import { OffThreadError, runOffThread } from '../../off-thread/run-off-thread';
import { threadModuleUrl } from '../../../correction/threads/start-thread';
import type { ParseResult } from './parse-roster';

const WORKER_URL = threadModuleUrl('parse-roster-worker', import.meta.url);

/** Time and heap for one roster: a 2,000-line roster takes well under a second; a hostile one is cut off. */
export const ROSTER_THREAD_LIMITS = { timeoutMs: 15_000, maxHeapMb: 256 };

/**
 * Parses a roster (CSV or xlsx) on a worker thread, so that the server keeps answering while it is
 * read; a file that runs over the time or memory limit is refused as too large.
 */
export async function parseRosterOffThread(fileName: string, content: Buffer, limits = ROSTER_THREAD_LIMITS): Promise<ParseResult> {
  try {
    return await runOffThread<ParseResult>(WORKER_URL, { fileName, bytes: new Uint8Array(content) }, limits);
  } catch (e) {
    if (e instanceof OffThreadError && e.reason !== 'failed') return { ok: false, reason: 'tooLarge' };
    throw e;
  }
}

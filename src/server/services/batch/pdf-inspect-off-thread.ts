import { OffThreadError, runOffThread } from '../../off-thread/run-off-thread';
import { threadModuleUrl } from '../../../correction/threads/start-thread';
import { BatchInputError, type BatchInputReason } from './batch-input-error';

const WORKER_URL = threadModuleUrl('pdf-inspect-worker', import.meta.url);

/** MuPDF reads even a 100 MB PDF's structure in a few seconds; one that takes longer is refused. */
export const PDF_INSPECT_LIMITS = { timeoutMs: 30_000, maxHeapMb: 256 };

type Answer = { ok: true; pageCount: number } | { ok: false; reason: BatchInputReason; params: Record<string, number> };

/**
 * Opens an uploaded PDF on a worker thread (a large or corrupt PDF kept the event loop busy for
 * seconds) and answers its page count, or throws the BatchInputError the file deserves; a PDF over
 * the time or memory limit counts as corrupt.
 */
export async function inspectPdfOffThread(bytes: Buffer, limits = PDF_INSPECT_LIMITS): Promise<number> {
  let answer: Answer;
  try {
    answer = await runOffThread<Answer>(WORKER_URL, { bytes: new Uint8Array(bytes) }, limits);
  } catch (e) {
    if (e instanceof OffThreadError && e.reason !== 'failed') throw new BatchInputError('pdfCorrupt');
    throw e;
  }
  if (!answer.ok) throw new BatchInputError(answer.reason, answer.params);
  return answer.pageCount;
}

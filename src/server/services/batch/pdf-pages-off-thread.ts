import { OffThreadError, runOffThread } from '../../off-thread/run-off-thread';
import { threadModuleUrl } from '../../../correction/threads/start-thread';
import type { SplitPage } from './split';

const WORKER_URL = threadModuleUrl('pdf-render-worker', import.meta.url);

/** Pages rendered per worker: a worker's start (loader, WASM) is paid once per chunk, memory stays bounded. */
export const PDF_RENDER_CHUNK = 16;
/** ~0.1 s per page on a quiet machine; a chunk past the limit is set aside as unrenderable, never fatal. */
export const PDF_RENDER_LIMITS = { timeoutMs: 180_000, maxHeapMb: 512 };

/**
 * The PDF's pages as JPEGs, rendered on worker threads a chunk at a time (MuPDF on the job's own thread
 * kept the API's event loop busy ~0.1 s per page). A chunk whose worker fails or runs out of time or
 * memory yields its pages as rejected (renderFailed), as a page MuPDF cannot draw does.
 */
export async function* pdfPagesOffThread(bytes: Buffer, pageCount: number, limits = PDF_RENDER_LIMITS): AsyncGenerator<SplitPage> {
  const shared = new Uint8Array(bytes);
  for (let from = 0; from < pageCount; from += PDF_RENDER_CHUNK) {
    const count = Math.min(PDF_RENDER_CHUNK, pageCount - from);
    let pages: Array<Omit<SplitPage, 'image'> & { image?: Uint8Array }>;
    try {
      pages = await runOffThread(WORKER_URL, { bytes: shared, from, count }, limits);
    } catch (e) {
      if (!(e instanceof OffThreadError)) throw e;
      pages = Array.from({ length: count }, (_, i) => ({ pageNo: from + i + 1, entryName: null, rejected: 'renderFailed' as const }));
    }
    for (const p of pages) yield { ...p, ...(p.image ? { image: Buffer.from(p.image.buffer, p.image.byteOffset, p.image.byteLength) } : {}) } as SplitPage;
  }
}

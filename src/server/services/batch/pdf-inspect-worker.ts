// Worker thread: opens an uploaded PDF with MuPDF and posts its page count or why it is refused.
import { parentPort, workerData } from 'node:worker_threads';
import { BatchInputError, openPdf } from './split';

const { bytes } = workerData as { bytes: Uint8Array };
try {
  const { doc, pageCount } = openPdf(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  doc.destroy();
  parentPort!.postMessage({ ok: true, pageCount });
} catch (e) {
  if (!(e instanceof BatchInputError)) throw e;
  parentPort!.postMessage({ ok: false, reason: e.reason, params: e.params });
}

// Worker thread: renders pages [from, from + count) of a PDF to JPEGs and posts them (buffers transferred).
import { parentPort, workerData } from 'node:worker_threads';
import { pdfPages, type SplitPage } from './split';

const { bytes, from, count } = workerData as { bytes: Uint8Array; from: number; count: number };
const pages: SplitPage[] = [];
for await (const page of pdfPages(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), from, count)) pages.push(page);
const transfer = pages.flatMap((p) => (p.image ? [p.image.buffer as ArrayBuffer] : []));
parentPort!.postMessage(
  pages.map((p) => ({ ...p, image: p.image ? new Uint8Array(p.image.buffer, p.image.byteOffset, p.image.byteLength) : undefined })),
  transfer,
);

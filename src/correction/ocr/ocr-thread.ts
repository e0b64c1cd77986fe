// Worker-thread side of OcrWorkerPool (ocr-pool.ts): loads the PaddleOCR models once for this thread,
// then reads pages (and corrects transcripts: analysis, spelling, scoring) one message at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { PaddleOcrProvider, setPaddleThreads } from './paddle.js';
import { readPage } from './page-reader.js';
import { correctText } from '../correct-text.js';
import type { ThreadReply, ThreadRequest } from './ocr-pool.js';

setPaddleThreads(Number((workerData as { onnxThreads?: number } | undefined)?.onnxThreads ?? 0));
const provider = new PaddleOcrProvider();
const port = parentPort!;

port.on('message', (req: ThreadRequest) => {
  const work = req.op === 'correct-text' ? correctText(req.text) : req.op === 'read' ? readPage(req.image, provider) : provider.recognize(req.image);
  work.then(
    (result) => port.postMessage({ id: req.id, ok: true, result } satisfies ThreadReply),
    (err: unknown) => port.postMessage({ id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) } satisfies ThreadReply),
  );
});
port.postMessage({ ready: true });

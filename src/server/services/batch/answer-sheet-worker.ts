import { parentPort, workerData } from 'node:worker_threads';
import { renderAnswerSheets, type AnswerSheetInput } from './answer-sheet';

// Runs in a worker thread: text shaping of a class's sheets takes seconds and must not stall the API.
const input = workerData as AnswerSheetInput;
renderAnswerSheets(input)
  .then((pdf) => parentPort!.postMessage({ ok: true, pdf }, [pdf.buffer as ArrayBuffer]))
  .catch((err: unknown) => parentPort!.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) }));

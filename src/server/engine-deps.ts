import type { EngineConfig } from './config';
import { ModelServiceReviewer, OcrWorkerPool, withVisionModel, type OcrProvider, type ServiceLogger } from '../correction/index';

/** The correction engine's parts, as the server, the worker and the CLI use them. */
export interface EngineDeps {
  /** AI_BASE_URL + AI_MODEL: the model-service review; none = the local engine only */
  modelService?: ModelServiceReviewer;
  /**
   * What reads the pages: the vision model with the local OCR behind it (AI_OCR_MODEL), the OCR threads,
   * or none = the engine's local OCR in the calling thread.
   */
  ocr?: OcrProvider;
  /** OCR threads of the pool (0 = none) */
  ocrThreads: number;
  /** Stops the OCR threads. */
  close(): Promise<void>;
}

/**
 * `slots` is how many jobs the process runs at once: one OCR thread per slot unless OCR_THREADS says
 * otherwise, so pages are read in parallel and the event loop stays free for requests and lease
 * heartbeats (on PGlite the jobs run in the server process). The CLI passes 0: it reads in its own thread.
 */
export function createEngineDeps(config: EngineConfig, slots: number, logger?: ServiceLogger): EngineDeps {
  const ocrThreads = config.ocrThreads ?? Math.max(0, slots);
  const pool = ocrThreads > 0 ? new OcrWorkerPool({ threads: ocrThreads, onnxThreads: config.ocrOnnxThreads, pageTimeoutMs: config.ocrPageTimeoutMs }) : undefined;
  const ocr = withVisionModel(config.visionOcr, pool, logger);
  return {
    ...(config.modelService ? { modelService: new ModelServiceReviewer(config.modelService, logger) } : {}),
    ...(ocr ? { ocr } : {}),
    ocrThreads,
    close: async () => {
      await pool?.close();
    },
  };
}

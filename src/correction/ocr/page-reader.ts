// Reading one page image: the image checks (decode, lighting, skew, ink) and the OCR, the CPU-heavy
// half of correctEssay. It runs in this thread (readPage) or in a worker thread (ocr-pool.ts), which
// implements PageReader so correctEssay hands it whole pages and the caller's event loop stays free.
import { checkImage, type ImageCheck } from '../image/checks.js';
import type { OcrPage, OcrProvider } from '../ocr.js';
import type { CorrectionResult, CorrectTextInput } from '../correct-text.js';
import { ocrDecoded, PaddleOcrProvider, type LocalOcrPage } from './paddle.js';

/** A page as read: the image measurements (serialisable, no pixel buffers) and the OCR, when the image decoded. */
export interface PageRead {
  check: Omit<ImageCheck, 'decoded' | 'normalized'>;
  page?: OcrPage | LocalOcrPage;
  /** the provider that read the page, when not the reader's own (a vision model or its local fallback) */
  provider?: string;
  /** the vision model failed on this page and the local OCR read it instead */
  fallback?: { from: string; reason: string };
}

/**
 * An OCR provider that can also do the image checks of a page (correctEssay then hands it the whole
 * page) and, optionally, the local text correction (analysis, spelling, scoring, comments) off the caller's thread.
 */
export interface PageReader {
  readPage(image: Uint8Array, options?: { signal?: AbortSignal }): Promise<PageRead>;
  correctText?(input: CorrectTextInput, options?: { signal?: AbortSignal }): Promise<CorrectionResult>;
}

export function isPageReader(p: unknown): p is PageReader {
  return typeof (p as Partial<PageReader> | undefined)?.readPage === 'function';
}

/**
 * Checks and reads a page in this thread. The local PaddleOCR reuses the check's decoded, normalised
 * image and skew estimate instead of decoding the page twice.
 */
export async function readPage(image: Uint8Array, provider: OcrProvider, options: { signal?: AbortSignal } = {}): Promise<PageRead> {
  const { decoded, normalized, ...check } = await checkImage(image);
  if (!check.ok || !decoded || !normalized) return { check };
  options.signal?.throwIfAborted();
  const page = provider instanceof PaddleOcrProvider ? await ocrDecoded(decoded, { normalized, skewDegrees: check.skewDegrees, skewSharpness: check.skewSharpness }) : await provider.recognize(image, options.signal ? { signal: options.signal } : {});
  return { check, page };
}

// A school's vision model reads the pages, the local OCR stands behind it. Any failure of the model
// service (down, slow past its timeout, invalid JSON, an empty answer for a page with ink) reads that
// page locally instead: the essay is never lost to the service, and the page says so (which provider
// read it, and why the model did not), so correctEssay can flag it and store the provider with the
// transcript. Whole pages only: parts of pages (recognize) stay local.
import { checkImage } from '../image/checks.js';
import type { OcrPage, OcrProvider } from '../ocr.js';
import type { CorrectionResult, CorrectTextInput } from '../correct-text.js';
import { isPageReader, readPage, type PageRead, type PageReader } from './page-reader.js';
import { PaddleOcrProvider } from './paddle.js';
import { VisionOcrProvider, type VisionOcrConfig } from './vision.js';
import type { ServiceLogger } from '../model-service.js';

export class VisionWithLocalFallback implements OcrProvider, PageReader {
  readonly name: string;
  constructor(
    private readonly vision: OcrProvider,
    private readonly local: OcrProvider,
  ) {
    this.name = vision.name;
    if (isPageReader(local) && local.correctText) this.correctText = local.correctText.bind(local);
  }

  /** the local text correction off the caller's thread, when the local reader offers it */
  correctText?: (input: CorrectTextInput, options?: { signal?: AbortSignal }) => Promise<CorrectionResult>;

  async readPage(image: Uint8Array, options: { signal?: AbortSignal } = {}): Promise<PageRead> {
    const { decoded: _decoded, normalized: _normalized, ...check } = await checkImage(image);
    if (!check.ok) return { check };
    let reason: string;
    try {
      const page = await this.vision.recognize(image, options);
      // a page with ink the model read as nothing is a failure of the model, not an empty page
      if (page.lines.some((l) => l.text.trim()) || check.blank) return { check, page, provider: this.vision.name };
      reason = 'empty answer';
    } catch (e) {
      options.signal?.throwIfAborted();
      reason = e instanceof Error ? e.message : String(e);
    }
    const local = isPageReader(this.local) ? await this.local.readPage(image, options) : await readPage(image, this.local, options);
    return { ...local, provider: this.local.name, fallback: { from: this.vision.name, reason: reason.slice(0, 200) } };
  }

  /**
   * Parts of pages (batch intake's header strips, which match a page to a pupil) stay with the local OCR:
   * the model is asked for whole essay pages only (readPage).
   */
  recognize(image: Uint8Array, options: { signal?: AbortSignal } = {}): Promise<OcrPage> {
    return this.local.recognize(image, options);
  }
}

/**
 * The page reader a server runs: the vision model in front of the local reader when one is configured
 * (one retry: a page is slow, and the local reading is there), else the local reader as given.
 */
export function withVisionModel(config: VisionOcrConfig | undefined, local: OcrProvider | undefined, logger?: ServiceLogger): OcrProvider | undefined {
  if (!config) return local;
  return new VisionWithLocalFallback(new VisionOcrProvider({ retries: 1, ...config }, logger), local ?? new PaddleOcrProvider());
}

/** The vision model's name when this page reader puts one in front of the local OCR (the teacher's "read again with the vision model"). */
export function visionModelOf(reader: unknown): string | undefined {
  return reader instanceof VisionWithLocalFallback ? reader.name : undefined;
}

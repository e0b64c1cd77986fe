// correctEssay: the whole AI correction of an essay from its page images, as the server and the CLI
// run it. Pages are checked (image flags), read by the OCR provider (local PP-OCRv4 by default), joined
// into one transcript whose every character keeps its page and box, corrected by correctText, and
// optionally reviewed by the model service. Notes and flags carry transcript offsets AND page boxes,
// so a UI can draw them on the images. With the local engine the same input gives the same output.
import { boxesForRange as mergedBoxes } from '../core/geometry/page-boxes.js';
import { correctText, type CorrectionResult, type CorrectTextInput } from './correct-text.js';
import { flagLabel, type FlagHit } from './flags.js';
import type { Note } from './comments/notes.js';
import { essayImageFlags, pageFlags, pageNumberOf, type ImageCheck } from './image/checks.js';
import { buildTranscript, type Box, type OcrLine, type OcrPage, type OcrProvider, type TranscriptChar } from './ocr.js';
import { PaddleOcrProvider, type LocalOcrPage } from './ocr/paddle.js';
import { isPageReader, readPage } from './ocr/page-reader.js';
import { PAGE_NUMBER_LINE } from './ocr/page-furniture.js';
import { transcriptDoubts, withoutDoubt, type TranscriptDoubt } from './ocr-doubt.js';
import type { ModelServiceReviewer, ServiceInfo } from './model-service.js';
import type { EssayScorer } from './scoring/local-scorer.js';

export interface CorrectEssayInput extends Omit<CorrectTextInput, 'transcript'> {
  /** page images in order (png, jpg, webp...) */
  images: Uint8Array[];
  /** pages the task expects; fewer readable pages raise MISSING_PAGE */
  expectedPages?: number;
  /** a few of the teacher's library comments, so a model service writes in their voice */
  commentStyle?: string[];
}

export interface CorrectEssayOptions {
  /**
   * OCR provider; default the local PaddleOCR (one model instance per process, in this thread). A
   * provider that is also a PageReader (OcrWorkerPool) gets whole pages: image checks and OCR off this thread.
   */
  ocr?: OcrProvider;
  /** optional model-service review on top of the local result */
  modelService?: ModelServiceReviewer;
  scorer?: EssayScorer;
  signal?: AbortSignal;
}

export interface PageBox {
  page: number;
  box: Box;
}

export interface EssayPage {
  index: number;
  ok: boolean;
  width: number;
  height: number;
  /** image measurements (skew, ink, brightness, paper share) */
  check: Omit<ImageCheck, 'decoded' | 'normalized'>;
  layout?: string;
  skewDegrees?: number;
  upsideDown?: boolean;
  /** mean OCR character confidence, 0..1 */
  confidence: number;
  pageNumber?: number;
  lines: OcrLine[];
}

export interface EssayCorrection extends CorrectionResult {
  transcript: string;
  ocr: { provider: string; confidence: number };
  pages: EssayPage[];
  notes: Array<Note & { boxes: PageBox[] }>;
  flags: Array<FlagHit & { boxes?: PageBox[] }>;
  service?: ServiceInfo;
  /** characters the OCR read with doubt: confidence and other readings, by transcript offsets */
  doubts: TranscriptDoubt[];
}


let defaultOcr: PaddleOcrProvider | undefined;

/** Character boxes of transcript range [start, end), merged per page line. */
export function boxesForRange(chars: TranscriptChar[], start: number, end: number): PageBox[] {
  return mergedBoxes(chars, start, end);
}

export async function correctEssay(input: CorrectEssayInput, options: CorrectEssayOptions = {}): Promise<EssayCorrection> {
  const lang = input.lang === 'en' ? 'en' : 'zh';
  const provider = options.ocr ?? (defaultOcr ??= new PaddleOcrProvider());
  const pages: EssayPage[] = [];
  const ocrPages: OcrPage[] = [];
  const imageFlags: FlagHit[] = [];
  /** the providers that read the pages (a vision model, or the local OCR where it failed) */
  const readers = new Set<string>();
  const n = input.images.length;
  for (let i = 0; i < n; i++) {
    options.signal?.throwIfAborted();
    const signal = options.signal ? { signal: options.signal } : {};
    const { check, page, provider: readBy, fallback } = isPageReader(provider) ? await provider.readPage(input.images[i]!, signal) : await readPage(input.images[i]!, provider, signal);
    if (page) readers.add(readBy ?? provider.name);
    if (fallback) {
      const at = n > 1 ? { zh: `第${i + 1}页：`, en: `page ${i + 1}: ` } : { zh: '', en: '' };
      // the model service's failure, as for the review: flagged (and retried by the server), the local reading stands
      const evidence = lang === 'zh' ? `${at.zh}视觉模型识别失败（${fallback.reason}），已改用本地识别` : `${at.en}the vision model failed (${fallback.reason}); read by the local OCR instead`;
      imageFlags.push({ code: 'AI_SERVICE_FAILED', label: flagLabel('AI_SERVICE_FAILED', lang), evidence, ranges: [], page: i });
    }
    const local = page as LocalOcrPage | undefined;
    const pageNumber = page ? pageNumberOf(page) : undefined;
    const lines = page ? page.lines.filter((l) => !PAGE_NUMBER_LINE.test(l.text)) : [];
    const pageFlagsHere = pageFlags(check, page ? { ...page, lines } : undefined, i, n, lang);
    imageFlags.push(...pageFlagsHere);
    // a flag warns and never stops the reading: what was read of a small, faint or odd image is kept (a
    // line crop reading 8 characters is 8 characters, not nothing); only a blank page reads as nothing
    const readable = !!page && !pageFlagsHere.some((f) => f.code === 'ABNORMAL_IMAGE' && /空白页|blank page/.test(f.evidence));
    pages.push({
      index: i,
      ok: check.ok,
      width: check.width,
      height: check.height,
      check,
      ...(local?.layout ? { layout: local.layout } : {}),
      ...(local?.skewDegrees !== undefined ? { skewDegrees: local.skewDegrees } : {}),
      ...(local?.upsideDown !== undefined ? { upsideDown: local.upsideDown } : {}),
      confidence: page?.confidence ?? 0,
      ...(pageNumber !== undefined ? { pageNumber } : {}),
      lines,
    });
    ocrPages.push({ lines: readable ? lines : [], width: check.width, height: check.height, confidence: page?.confidence ?? 0 });
  }
  imageFlags.push(...essayImageFlags(pages.map((p, i) => ({ ...(p.pageNumber !== undefined ? { pageNumber: p.pageNumber } : {}), readable: ocrPages[i]!.lines.length > 0 })), input.expectedPages, lang));

  const { text: transcript, chars } = buildTranscript(ocrPages);
  // characters read with doubt are shown as such and never judged as the pupil's wrong characters
  const doubts = transcriptDoubts(chars);
  const doubtful = doubts.map((d) => d.start);
  const { images: _images, expectedPages: _expected, ...rest } = input;
  const task = { ...rest, ...(doubtful.length ? { doubtful } : {}) };
  // The pool corrects the text in a thread too (the default local scorer only: a custom scorer runs here).
  const offThread = isPageReader(provider) && provider.correctText && !options.scorer ? provider.correctText.bind(provider) : undefined;
  let result: CorrectionResult & { service?: ServiceInfo } = offThread ? await offThread({ ...task, transcript }, options.signal ? { signal: options.signal } : {}) : await correctText({ ...task, transcript }, options.scorer);
  if (options.modelService) result = await options.modelService.review(result, transcript, task, options.signal);

  // image flags first; the text flag for unreadable text is redundant when a page flag already says why
  const pageSaysUnreadable = imageFlags.some((f) => f.code === 'TEXT_RECOGNITION_FAILED' || f.code === 'NOT_ESSAY_PICTURE' || f.code === 'RENDER_FAILED');
  const flags = [...imageFlags, ...result.flags.filter((f) => !(pageSaysUnreadable && f.code === 'TEXT_RECOGNITION_FAILED' && imageFlags.some((g) => g.code === 'TEXT_RECOGNITION_FAILED')))].map((f) => {
    const boxes = f.ranges.flatMap(([s, e]) => boxesForRange(chars, s, e));
    return boxes.length ? { ...f, boxes } : f;
  });
  const counted = chars.length ? chars.reduce((a, c) => a + c.confidence, 0) / chars.length : 0;
  return {
    ...result,
    transcript,
    ocr: { provider: readers.size ? [...readers].join('+') : provider.name, confidence: Math.round(counted * 1000) / 1000 },
    pages,
    // (a model-service review may add wrong-character notes of its own: the same gate applies)
    notes: result.notes
      .filter((n) => n.kind !== 'wrongChar' || withoutDoubt([n], doubtful).length)
      .map((note) => ({ ...note, boxes: boxesForRange(chars, note.start, note.end) })),
    doubts,
    flags,
  };
}

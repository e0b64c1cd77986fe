// The teacher corrects the transcript (OCR mistakes): the local text analysis runs again on the
// corrected text, so scores, comments, notes and text flags follow it, while the OCR pages stay and
// notes are drawn on the images again — every unchanged character keeps its OCR box through an
// alignment of the OCR text with the teacher's text. The model service is not called here: the
// teacher is waiting on the screen, and the local engine answers in well under a second. The AI job
// uses the same analysis, with the model service's review, when it runs on an essay whose transcript
// the teacher corrected (correction-service.ts).
import { ABNORMAL_FLAGS, boxesForRange, buildTranscript, correctText, type CorrectEssayInput, type FlagHit, type ModelServiceReviewer, type OcrLine, type TranscriptChar } from '../../correction/index';
import type { ReviewAnnotation } from '../../core/api/contracts/review';
import { mapRange, offsetMap } from './transcript-alignment';

/** The stored AI result (corrections.result) as far as this module reads it. */
export interface StoredResult {
  pages?: { index: number; width: number; height: number; confidence?: number; lines?: OcrLine[] }[];
  flags?: (FlagHit & { boxes?: unknown[] })[];
  ocr?: { provider: string; confidence: number };
  [key: string]: unknown;
}

/** The OCR characters with their boxes, re-addressed to offsets of `text` (characters the teacher deleted drop out). */
export function charsOnto(result: StoredResult, text: string): TranscriptChar[] {
  const pages = (result.pages ?? []).map((p) => ({ lines: p.lines ?? [], width: p.width, height: p.height, confidence: p.confidence ?? 0 }));
  const ocr = buildTranscript(pages);
  const map = offsetMap(ocr.text, text);
  return ocr.chars.flatMap((c) => {
    const at = map[c.offset] ?? -1;
    return at < 0 ? [] : [{ ...c, offset: at }];
  });
}

/** Annotations made on `before`, moved onto `after` (their excerpt re-read from the new text). */
export function moveAnnotations(annotations: ReviewAnnotation[], before: string, after: string): ReviewAnnotation[] {
  if (before === after || !annotations.length) return annotations;
  const map = offsetMap(before, after);
  return annotations.map((a) => {
    const [start, end] = mapRange(map, a.start, a.end, after.length);
    return { ...a, start, end, excerpt: after.slice(start, end).slice(0, 500) };
  });
}

/** Flags that come from the images or from another pupil's essay (kept as they are); text and service flags are recomputed or gone. */
const imageFlag = (f: FlagHit) => {
  const source = ABNORMAL_FLAGS[f.code]?.source;
  return source === 'image' || source === 'render' || source === 'copy';
};

/**
 * Re-analyses the corrected transcript; the new stored result keeps the OCR pages and image flags.
 * With `modelService` (the AI job) the model reviews the teacher's text on top of the local analysis.
 */
export async function analyseCorrectedTranscript(previous: StoredResult, transcript: string, task: Omit<CorrectEssayInput, 'images'>, opts: { modelService?: ModelServiceReviewer; signal?: AbortSignal } = {}) {
  const { images: _images, expectedPages: _expected, ...input } = task as CorrectEssayInput;
  const local = await correctText({ ...input, transcript });
  const text = opts.modelService ? await opts.modelService.review(local, transcript, input, opts.signal) : { ...local, service: null };
  const chars = charsOnto(previous, transcript);
  const withBoxes = <T extends { start: number; end: number }>(x: T) => ({ ...x, boxes: boxesForRange(chars, x.start, x.end) });
  const textFlags = text.flags.map((f) => {
    const boxes = f.ranges.flatMap(([s, e]) => boxesForRange(chars, s, e));
    return boxes.length ? { ...f, boxes } : f;
  });
  const flags = [...(previous.flags ?? []).filter(imageFlag), ...textFlags];
  const result = {
    ...text,
    transcript,
    ocr: previous.ocr ?? { provider: 'none', confidence: 0 },
    service: text.service,
    pages: previous.pages ?? [],
    notes: text.notes.map(withBoxes),
    flags,
    /** the analysis ran on the teacher's corrected transcript, not the OCR text */
    transcriptSource: 'teacher',
  };
  return { result, flags, aiScore: text.score?.label ?? null, wordCount: text.wordCount };
}

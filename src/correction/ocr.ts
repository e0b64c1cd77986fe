// The OCR provider contract. A provider turns a page image into lines and characters with boxes and
// confidence (local default: ocr/paddle.ts; optional: ocr/vision.ts). The transcript handed to
// correctText joins the lines, with '\n' only where a paragraph starts (a grid row or a ruled line
// is not a paragraph), so character offsets in notes map back to OCR characters and boxes.

import type { Box } from '../core/geometry/box.js';

export type { Box } from '../core/geometry/box.js';

export interface OcrAlternative {
  text: string;
  /** 0..1 */
  confidence: number;
}

export interface OcrChar {
  text: string;
  box: Box;
  /** 0..1 */
  confidence: number;
  /** other readings of this character, best first (local OCR: the recogniser's runner-up classes) */
  alternatives?: OcrAlternative[];
}

export interface OcrLine {
  text: string;
  box: Box;
  confidence: number;
  chars: OcrChar[];
  /** the page's title line */
  isTitle?: boolean;
  /** the line continues the previous line's paragraph (no paragraph break before it) */
  continues?: boolean;
}

export interface OcrPage {
  /** lines in reading order */
  lines: OcrLine[];
  width: number;
  height: number;
  /** mean character confidence, 0..1 */
  confidence: number;
  /**
   * The printed header (姓名 … 学号 …) the provider set aside from the essay's lines, as read: batch intake
   * matches the page to a pupil with it.
   */
  header?: { text: string };
}

export interface OcrProvider {
  readonly name: string;
  recognize(image: Uint8Array, options?: { signal?: AbortSignal }): Promise<OcrPage>;
}

/** Where one transcript character came from. */
export interface TranscriptChar {
  /** UTF-16 offset in the transcript */
  offset: number;
  page: number;
  line: number;
  box: Box;
  confidence: number;
  /** the character as read, and its other readings (OcrChar.alternatives) */
  text?: string;
  alternatives?: OcrAlternative[];
}

/**
 * Transcript of OCR pages with the source of every character: lines joined, a '\n' before every line
 * that does not continue its paragraph (and after a title line), pages one after another.
 */
export function buildTranscript(pages: OcrPage[]): { text: string; chars: TranscriptChar[] } {
  let text = '';
  const chars: TranscriptChar[] = [];
  pages.forEach((p, pi) => {
    p.lines.forEach((l, li) => {
      if (text && !l.continues) text += '\n';
      const parts: OcrChar[] = l.chars.length ? l.chars : [{ text: l.text, box: l.box, confidence: l.confidence }];
      for (const c of parts) {
        chars.push({ offset: text.length, page: pi, line: li, box: c.box, confidence: c.confidence, text: c.text, ...(c.alternatives?.length ? { alternatives: c.alternatives } : {}) });
        text += c.text;
      }
    });
  });
  return { text, chars };
}

/** Transcript of OCR pages (see buildTranscript). */
export function transcriptFromPages(pages: OcrPage[]): string {
  return buildTranscript(pages).text;
}

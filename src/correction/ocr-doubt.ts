// OCR doubt: transcript characters the recogniser was not sure of. They are shown to the teacher (a
// dotted underline, the other readings on hover) and never turned into a verdict: a wrong-character
// (错别字) note or its score penalty needs a character read with confidence, since "弹" read for a
// written "石" is the machine's slip, not the pupil's.
import type { OcrAlternative, TranscriptChar } from './ocr.js';

/** below this recogniser confidence a character is in doubt */
export const DOUBT_CONFIDENCE = 0.8;
/** a runner-up reading this strong also puts the character in doubt */
export const DOUBT_ALTERNATIVE = 0.2;

export interface TranscriptDoubt {
  /** UTF-16 offsets [start, end) of the character in the transcript */
  start: number;
  end: number;
  /** the character as read */
  text: string;
  confidence: number;
  /** other readings, best first */
  alternatives: OcrAlternative[];
}

const HAN = /\p{Script=Han}/u;

/** Is a character read with doubt? */
export function isDoubtful(c: Pick<TranscriptChar, 'confidence' | 'alternatives'>): boolean {
  return c.confidence < DOUBT_CONFIDENCE || (c.alternatives ?? []).some((a) => a.confidence >= DOUBT_ALTERNATIVE);
}

/** The doubtful Han characters of a transcript (marks and digits are left to the punctuation checks). */
export function transcriptDoubts(chars: TranscriptChar[]): TranscriptDoubt[] {
  return chars
    .filter((c) => c.text !== undefined && HAN.test(c.text) && isDoubtful(c))
    .map((c) => ({ start: c.offset, end: c.offset + c.text!.length, text: c.text!, confidence: c.confidence, alternatives: c.alternatives ?? [] }));
}

/** Drop items whose range [start, end) covers a doubtful character (wrong-character fixes, notes). */
export function withoutDoubt<T extends { start: number; end: number }>(items: T[], doubtful: readonly number[] | undefined): T[] {
  if (!doubtful?.length) return items;
  return items.filter((it) => !doubtful.some((o) => o >= it.start && o < it.end));
}

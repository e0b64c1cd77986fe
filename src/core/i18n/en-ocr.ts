import type { zhOcr } from './zh-ocr';

/** English text of OCR doubt in the correction panel (product-rules.md#ocr). */
export const enOcr: Record<keyof typeof zhOcr, string> = {
  'ocr.doubt': 'Uncertain reading ({confidence}% sure)',
  'ocr.doubtHint': 'Characters with a dotted underline were not read with confidence and are never marked as wrong characters; pick the right one to correct it',
  'ocr.accept': 'Change to “{text}”',
  'ocr.noAlternatives': 'No other reading: edit the transcript to correct it',
  'ocr.doubtCount': '{count} uncertain characters',
};

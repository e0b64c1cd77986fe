import type { zhOcr } from './zh-ocr';

/** English text of OCR doubt in the correction panel (product-rules.md#ocr). */
export const enOcr: Record<keyof typeof zhOcr, string> = {
  'ocr.doubt': 'Uncertain reading ({confidence}% sure)',
  'ocr.doubtHint': 'Characters with a dotted underline were not read with confidence and are never marked as wrong characters; pick the right one to correct it',
  'ocr.accept': 'Change to “{text}”',
  'ocr.noAlternatives': 'No other reading: edit the transcript to correct it',
  'ocr.approveDoubtContent': 'Check the dotted-underlined characters against the page before approving. They are never quoted in comments, good sentences or samples, nor marked as wrong characters.',
  'ocr.doubtCount': '{count} uncertain characters',
  'ocr.stepLabel': 'Check the uncertain characters one by one',
  'ocr.stepStart': 'Tab to check',
  'ocr.stepAt': '{n} of {count}: “{text}” ({confidence}% sure)',
  'ocr.stepBest': 'alternative “{text}” ({confidence}%)',
  'ocr.stepKeys': 'Tab next · Shift+Tab previous · type to replace · Enter takes the alternative · analysed again when you pause',
  'ocr.fixesPending': 'Changes waiting: {count} (analysed again when you pause)',
};

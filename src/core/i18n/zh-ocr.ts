/** Chinese text of OCR doubt in the correction panel (product-rules.md#ocr): characters the machine could not read with confidence. */
export const zhOcr = {
  'ocr.doubt': '识别存疑（把握 {confidence}%）',
  'ocr.doubtHint': '虚线下划的字识别把握不大，不会判为错别字；点选正确的字即可改正',
  'ocr.accept': '改为“{text}”',
  'ocr.noAlternatives': '没有其他候选字，可编辑原文改正',
  'ocr.doubtCount': '{count} 个字识别存疑',
} as const;

/** Chinese text of OCR doubt in the correction panel (product-rules.md#ocr): characters the machine could not read with confidence. */
export const zhOcr = {
  'ocr.doubt': '识别存疑（把握 {confidence}%）',
  'ocr.doubtHint': '虚线下划的字识别把握不大，不会判为错别字；点选正确的字即可改正',
  'ocr.accept': '改为“{text}”',
  'ocr.noAlternatives': '没有其他候选字，可编辑原文改正',
  'ocr.approveDoubtContent': '虚线下划的字机器没有把握，请对照原稿核对后再审核。这些字不会出现在评语、好句和范文里，也不会判为错别字。',
  'ocr.doubtCount': '{count} 个字识别存疑',
  'ocr.stepLabel': '逐个核对存疑的字',
  'ocr.stepStart': '按 Tab 核对',
  'ocr.stepAt': '第 {n}/{count} 个：“{text}”（把握 {confidence}%）',
  'ocr.stepBest': '候选“{text}”（{confidence}%）',
  'ocr.stepKeys': 'Tab 下一个 · Shift+Tab 上一个 · 直接输入替换 · Enter 采用候选 · 停顿后重新分析',
  'ocr.fixesPending': '{count} 处改动，停顿后重新分析',
} as const;

// The twelve abnormal flags of product-rules.md#states as stable string codes with zh/en labels. Only the text-based
// ones are raised in src/correction/text-flags.ts; image, OCR, render and model-service flags are
// raised by their own stages but share these codes so the server stores one vocabulary.

export const ABNORMAL_FLAGS = {
  AI_SERVICE_FAILED: { zh: 'AI服务调用失败', en: 'AI service call failed', source: 'service' },
  MISSING_PAGE: { zh: '缺页', en: 'Missing page', source: 'image' },
  FLIPPED_PAGE: { zh: '疑似翻页', en: 'Suspected flipped page', source: 'image' },
  OFF_TOPIC: { zh: '疑似偏题', en: 'Suspected off-topic', source: 'text' },
  SKEWED_IMAGE: { zh: '图片歪斜', en: 'Skewed image', source: 'image' },
  ABNORMAL_IMAGE: { zh: '疑似非正常作文图片', en: 'Possibly not a normal essay image', source: 'image' },
  MISSING_COMMENT_INFO: { zh: '评语信息缺失', en: 'Missing comment info', source: 'text' },
  TEXT_RECOGNITION_FAILED: { zh: '文字识别失败', en: 'Text recognition failed', source: 'text' },
  GENRE_MISMATCH: { zh: '文体与写作要求不符', en: 'Genre mismatch with writing requirements', source: 'text' },
  RENDER_FAILED: { zh: '渲染失败', en: 'Render failed', source: 'render' },
  INCOMPLETE_ESSAY: { zh: '疑似语文作文不完整', en: 'Suspected incomplete Chinese essay', source: 'text' },
  NOT_ESSAY_PICTURE: { zh: '非作文图片', en: 'Not an essay picture', source: 'image' },
  // Beyond product-rules.md#states: a page or a text that is another pupil's (copy/…, services/copy-check.ts).
  DUPLICATE_PAGE: { zh: '疑似他人作文页', en: 'Page handed in by another pupil', source: 'copy' },
  COPIED_TEXT: { zh: '疑似抄袭', en: 'Text largely matches another essay', source: 'copy' },
} as const satisfies Record<string, { zh: string; en: string; source: 'text' | 'image' | 'service' | 'render' | 'copy' }>;

export type AbnormalFlagCode = keyof typeof ABNORMAL_FLAGS;

export const ABNORMAL_FLAG_CODES = Object.keys(ABNORMAL_FLAGS) as AbnormalFlagCode[];

export interface FlagHit {
  code: AbnormalFlagCode;
  label: string;
  /** what in the essay raised the flag, in the result's language */
  evidence: string;
  /** transcript ranges behind the flag, UTF-16 [start, end) */
  ranges: Array<[number, number]>;
  /** image flags: the 0-based page the flag is about */
  page?: number;
  /** where the flag's ranges sit on the page images (essays corrected from images) */
  boxes?: Array<{ page: number; box: { x: number; y: number; width: number; height: number } }>;
  /** copy flags: what the essay matches, with the matching passages side by side */
  match?: CopyMatch;
}

/** The other essay (or published sample) a copy flag points at, and the evidence. */
export interface CopyMatch {
  /** class: same task and class; school: another essay of the school; sample: a published excellent sample */
  source: 'class' | 'school' | 'sample';
  essayId: number;
  studentName: string;
  className: string;
  taskTitle: string;
  /** COPIED_TEXT: share of this essay's characters found in the other, 0..1 */
  share?: number;
  /** DUPLICATE_PAGE: this essay's page and the other's (0-based), and how many hash bits differ */
  page?: number;
  otherPage?: number;
  distance?: number;
  passages?: Array<{ mine: [number, number]; theirs: [number, number]; mineText: string; theirsText: string }>;
}

export function flagLabel(code: AbnormalFlagCode, lang: 'zh' | 'en'): string {
  return ABNORMAL_FLAGS[code][lang];
}

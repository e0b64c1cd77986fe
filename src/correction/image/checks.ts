// Image checks of an essay submission, each raising a flag code of flags.ts with its evidence:
// render failed, size limits, blank page, skew, upside-down page, not an essay picture / not a normal
// essay image, text recognition failed, missing pages. checkImage works on the buffer alone (sharp
// decodes); pageFlags adds what the OCR saw; essayImageFlags looks at the pages together.
import { flagLabel, type AbnormalFlagCode, type FlagHit } from '../flags.js';
import type { OcrPage } from '../ocr.js';
import { decodeImage, estimateSkew, IMAGE_LIMITS, ImageDecodeError, inkMask, normalizeLighting, type DecodedImage, type Gray } from './raster.js';

type Lang = 'zh' | 'en';

export const IMAGE_CHECK_THRESHOLDS = {
  /** tilt in degrees above which the page is flagged (it is still levelled and read) */
  skewDegrees: 4,
  /** share of dark pixels below which a page counts as blank */
  blankInk: 0.0025,
  /** fewer Chinese characters than this on a page: nothing usable was read */
  minChars: 10,
  /** fewer characters than this on a single-page essay: too little text for an essay page */
  fewChars: 40,
  /** mean recogniser confidence below this: the reading is not trustworthy */
  minConfidence: 0.6,
  /** share of paper-like pixels (bright, unsaturated) below which a picture is a photo of something else */
  minPaperShare: 0.45,
  /** mean colour saturation above which a picture is colourful (a photo, a drawing) */
  maxSaturation: 0.22,
  /** mean brightness (0..255) below which the picture is too dark */
  minBrightness: 60,
};

export interface ImageCheck {
  ok: boolean;
  error?: { reason: ImageDecodeError['reason']; message: string };
  width: number;
  height: number;
  format?: string;
  /** estimated tilt in degrees (positive: clockwise) and how clear the estimate is (≥ 1.5: clear) */
  skewDegrees: number;
  skewSharpness: number;
  /** share of dark pixels after lighting normalisation */
  inkShare: number;
  /** share of any visible marks (also faint or blurred ones) after lighting normalisation */
  markShare: number;
  blank: boolean;
  brightness: number;
  saturation: number;
  paperShare: number;
  /** decoded working copy and its normalised grey, for the OCR (not serialisable) */
  decoded?: DecodedImage;
  normalized?: Gray;
}

/** Decode and measure one image. Never throws: an undecodable image comes back with ok false. */
export async function checkImage(buf: Uint8Array): Promise<ImageCheck> {
  let decoded: DecodedImage;
  try {
    decoded = await decodeImage(buf);
  } catch (e) {
    const err = e instanceof ImageDecodeError ? e : new ImageDecodeError(String(e), 'decode');
    return { ok: false, error: { reason: err.reason, message: err.message }, width: 0, height: 0, skewDegrees: 0, skewSharpness: 0, inkShare: 0, markShare: 0, blank: false, brightness: 0, saturation: 0, paperShare: 0 };
  }
  const normalized = normalizeLighting(decoded.gray);
  const mask = inkMask(normalized, 165);
  // (indexed loops: an iterator over millions of pixels costs tens of milliseconds per page)
  let ink = 0;
  for (let i = 0; i < mask.length; i++) ink += mask[i]!;
  const inkShare = ink / mask.length;
  let marks = 0;
  const nd = normalized.data;
  for (let i = 0; i < nd.length; i++) if (nd[i]! < 225) marks++;
  const markShare = marks / normalized.data.length;
  const skew = estimateSkew(mask, normalized.width, normalized.height);
  let sum = 0;
  const gd = decoded.gray.data;
  for (let i = 0; i < gd.length; i++) sum += gd[i]!;
  return {
    ok: true,
    width: decoded.width,
    height: decoded.height,
    format: decoded.format,
    skewDegrees: skew.degrees,
    skewSharpness: Math.round(skew.sharpness * 100) / 100,
    inkShare: Math.round(inkShare * 10000) / 10000,
    markShare: Math.round(markShare * 10000) / 10000,
    blank: inkShare < IMAGE_CHECK_THRESHOLDS.blankInk && markShare < IMAGE_CHECK_THRESHOLDS.blankInk * 4,
    brightness: Math.round(sum / decoded.gray.data.length),
    saturation: Math.round(decoded.saturation * 1000) / 1000,
    paperShare: Math.round(decoded.paperShare * 1000) / 1000,
    decoded,
    normalized,
  };
}

/** What the flags need from an OCR page (local pages carry more; any provider's page works). */
export type OcrSummary = Pick<OcrPage, 'lines' | 'confidence'> & { upsideDown?: boolean; layout?: string; unreadCells?: number; orientation?: { upright: number; turned: number } };

const HAN = /\p{Script=Han}/gu;
const hanCount = (page: Pick<OcrPage, 'lines'>): number => page.lines.reduce((n, l) => n + (l.text.match(HAN)?.length ?? 0), 0);

function flag(code: AbnormalFlagCode, lang: Lang, zh: string, en: string, page?: number): FlagHit {
  return { code, label: flagLabel(code, lang), evidence: lang === 'zh' ? zh : en, ranges: [], ...(page !== undefined ? { page } : {}) };
}

/** Flags of one page from its image check and (when it could be read) its OCR. `index` is 0-based. */
export function pageFlags(check: ImageCheck, ocr: OcrSummary | undefined, index: number, pageCount: number, lang: Lang = 'zh'): FlagHit[] {
  const T = IMAGE_CHECK_THRESHOLDS;
  const n = index + 1;
  const P = pageCount > 1 ? { zh: `第${n}页：`, en: `page ${n}: ` } : { zh: '', en: '' };
  const out: FlagHit[] = [];
  const add = (code: AbnormalFlagCode, zh: string, en: string): void => void out.push(flag(code, lang, P.zh + zh, P.en + en, index));
  if (!check.ok) {
    const e = check.error!;
    const why = { decode: ['无法解码图片', 'the image cannot be decoded'], bytes: ['文件过大', 'the file is too large'], pixels: ['像素过多', 'the image has too many pixels'], empty: ['文件为空', 'the file is empty'] }[e.reason];
    add('RENDER_FAILED', `${why[0]}（${e.message}）`, `${why[1]} (${e.message})`);
    return out;
  }
  const minSide = Math.min(check.width, check.height);
  if (minSide < IMAGE_LIMITS.minSide) add('ABNORMAL_IMAGE', `图片较小（${check.width}×${check.height}像素），已放大识别，请核对文字`, `the image is small (${check.width}×${check.height} px); it was scaled up and read: check the text`);
  if (check.brightness < T.minBrightness) add('ABNORMAL_IMAGE', `图片过暗（平均亮度${check.brightness}/255）`, `the image is too dark (mean brightness ${check.brightness}/255)`);
  if (Math.abs(check.skewDegrees) > T.skewDegrees && check.skewSharpness >= 1.5) {
    add('SKEWED_IMAGE', `图片倾斜约${Math.abs(check.skewDegrees).toFixed(1)}°（已自动校正后识别）`, `the page is tilted by about ${Math.abs(check.skewDegrees).toFixed(1)}° (levelled before reading)`);
  }
  const chars = ocr ? hanCount(ocr) : 0;
  const written = ocr ? ocr.lines.reduce((k, l) => k + l.chars.length, 0) + (ocr.unreadCells ?? 0) : 0;
  if (check.blank && chars < T.minChars) {
    add('ABNORMAL_IMAGE', `空白页：几乎没有字迹（深色像素${(check.inkShare * 100).toFixed(2)}%）`, `blank page: almost no writing (${(check.inkShare * 100).toFixed(2)}% dark pixels)`);
    return out;
  }
  if (ocr?.upsideDown) {
    const o = ocr.orientation;
    add(
      'FLIPPED_PAGE',
      `页面上下颠倒，已旋转180°后识别${o ? `（识别置信度：正向${o.upright.toFixed(2)}，旋转后${o.turned.toFixed(2)}）` : ''}`,
      `the page is upside down and was read turned by 180°${o ? ` (recogniser confidence ${o.upright.toFixed(2)} as given, ${o.turned.toFixed(2)} turned)` : ''}`,
    );
  }
  const photoLike = check.paperShare < T.minPaperShare || check.saturation > T.maxSaturation;
  if (chars < T.minChars) {
    if (photoLike) {
      add(
        'NOT_ESSAY_PICTURE',
        `未识别到作文文字（${chars}个汉字），画面不像作文纸（纸张区域${Math.round(check.paperShare * 100)}%，色彩饱和度${check.saturation.toFixed(2)}）`,
        `no essay text found (${chars} Chinese characters) and the picture does not look like a sheet of paper (${Math.round(check.paperShare * 100)}% paper-like pixels, colour saturation ${check.saturation.toFixed(2)})`,
      );
    } else if (ocr?.layout && ocr.layout !== 'plain' && written === 0) {
      add('ABNORMAL_IMAGE', `空白页：${ocr.layout === 'grid' ? '作文格' : '横线'}内没有字迹`, `blank page: nothing written on the ${ocr.layout === 'grid' ? 'grid' : 'lines'}`);
    } else {
      add('TEXT_RECOGNITION_FAILED', `页面有字迹（笔迹像素${(check.markShare * 100).toFixed(1)}%），但只识别出${chars}个汉字`, `the page has writing (${(check.markShare * 100).toFixed(1)}% marked pixels) but only ${chars} Chinese characters were read`);
    }
    return out;
  }
  if (ocr && ocr.confidence < T.minConfidence) {
    add('TEXT_RECOGNITION_FAILED', `识别置信度过低（${ocr.confidence.toFixed(2)}），文字可能模糊`, `recognition confidence is too low (${ocr.confidence.toFixed(2)}); the writing may be blurred`);
  }
  if (photoLike) {
    add(
      'ABNORMAL_IMAGE',
      `作文纸只占画面的一部分（纸张区域${Math.round(check.paperShare * 100)}%，色彩饱和度${check.saturation.toFixed(2)}），疑似拍摄了其他内容`,
      `the paper fills only part of the picture (${Math.round(check.paperShare * 100)}% paper-like pixels, colour saturation ${check.saturation.toFixed(2)}); something else is in the photo`,
    );
  } else if (pageCount === 1 && chars < T.fewChars) {
    add('ABNORMAL_IMAGE', `整页只识别出${chars}个汉字，不像一页作文`, `only ${chars} Chinese characters on the page: not like an essay page`);
  }
  return out;
}

/** Page numbers written on the pages ("第 2 页", "- 2 -", "2/3"), or undefined. */
export function pageNumberOf(page: Pick<OcrPage, 'lines'>): number | undefined {
  for (const l of [...page.lines].reverse().slice(0, 3)) {
    const m = /^\s*(?:第\s*(\d{1,2})\s*页|[-—]\s*(\d{1,2})\s*[-—]|(\d{1,2})\s*\/\s*\d{1,2})\s*$/u.exec(l.text);
    if (m) return Number(m[1] ?? m[2] ?? m[3]);
  }
  return undefined;
}

/** Flags of the submission as a whole: pages missing (the task's count, gaps in page numbers), pages out of order. */
export function essayImageFlags(pages: Array<{ pageNumber?: number; readable: boolean }>, expectedPages: number | undefined, lang: Lang = 'zh'): FlagHit[] {
  const out: FlagHit[] = [];
  const readable = pages.filter((p) => p.readable).length;
  if (expectedPages && expectedPages > 0 && readable < expectedPages) {
    out.push(flag('MISSING_PAGE', lang, `应交${expectedPages}页，只收到${readable}页可识别的作文`, `${expectedPages} pages expected, ${readable} readable page${readable === 1 ? '' : 's'} received`));
  }
  const nums = pages.map((p) => p.pageNumber).filter((x): x is number => x !== undefined);
  if (nums.length >= 1) {
    const sorted = [...nums].sort((a, b) => a - b);
    const missing: number[] = [];
    for (let k = 1; k <= sorted[sorted.length - 1]!; k++) if (!sorted.includes(k)) missing.push(k);
    if (missing.length && !out.some((f) => f.code === 'MISSING_PAGE')) {
      out.push(flag('MISSING_PAGE', lang, `页码不连续，缺少第${missing.join('、')}页`, `page numbers skip page ${missing.join(', ')}`));
    }
    if (nums.some((v, i) => i > 0 && v < nums[i - 1]!)) {
      out.push(flag('FLIPPED_PAGE', lang, `页面顺序颠倒（页码依次为${nums.join('、')}）`, `pages are out of order (page numbers ${nums.join(', ')})`));
    }
  }
  return out;
}

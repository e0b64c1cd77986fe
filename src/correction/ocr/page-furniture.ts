// What is printed on the paper, not written as the essay: the header (姓名 班级 学号 …, with the pupil's
// name and number written into it), the paper's word-count marks ("（20×18=360字）", "400字") and page
// numbers. They stay out of the essay text (read as text they became a last paragraph "cut off
// mid-sentence", or words of the essay); the header's name and number are kept for matching the page
// to a pupil. Page numbers are left in the OCR lines (the image checks order pages by them) and dropped
// by correctEssay with PAGE_NUMBER_LINE.
import type { OcrLine } from '../ocr.js';

export const PAGE_NUMBER_LINE = /^\s*(?:第\s*\d{1,2}\s*页(?:\s*共\s*\d{1,2}\s*页)?|[-—–一]\s*\d{1,2}\s*[-—–一]|\d{1,2}\s*\/\s*\d{1,2})\s*$/u;

/** the paper's own marks: "（20×18=360字）", "20×20=400", "400字", "第 1 页 共 2 页" */
const WORD_COUNT_MARK = /^[（(]?\s*(?:\d{1,3}\s*[×xX*✕]\s*\d{1,3}\s*=?\s*\d{0,4}\s*字?|\d{2,4}\s*字)\s*[)）]?$/u;
const LABEL = '姓\\s*名|学\\s*号|班\\s*级|考\\s*号|座\\s*号|日\\s*期|学\\s*校';
const LABEL_WITH_COLON = new RegExp(`(?:${LABEL})\\s*[:：]`, 'u');
const LABELS = new RegExp(LABEL, 'gu');

export interface PageHeader {
  /** the header line as read */
  text: string;
  name?: string;
  studentNo?: string;
  className?: string;
}

const after = (text: string, label: RegExp, value: RegExp): string | undefined => {
  const m = text.match(new RegExp(`${label.source}\\s*[:：]?\\s*(${value.source})`, 'u'));
  const v = m?.[1]?.replace(/[_＿\s]/g, '');
  return v || undefined;
};

/**
 * Does a line read as a header: a label (姓名, 学号 …) with its colon, or two labels? One label word alone is
 * running text: an essay line "星期五下午学校开始了拔河比赛" at the top of a line crop was taken for the
 * header and the crop read as nothing.
 */
export const isHeaderText = (text: string): boolean => {
  if (LABEL_WITH_COLON.test(text)) return true;
  return new Set([...text.matchAll(LABELS)].map((m) => m[0].replace(/\s/gu, ''))).size >= 2;
};

/** The name, student number and class written into a header line. */
export function parseHeader(text: string): PageHeader {
  const name = after(text, /姓\s*名/u, /[\p{Script=Han}·]{2,4}?(?=班\s*级|学\s*号|考\s*号|座\s*号|日\s*期|[^\p{Script=Han}·]|$)/u);
  // a handwritten 1 often reads as 丨, l or I
  const studentNo = after(text.replace(/[丨lI|]/gu, '1'), /(?:学\s*号|考\s*号)/u, /[.．]?[0-9０-９]{2,12}/u)?.replace(/^[.．]/u, '');
  const className = after(text, /班\s*级/u, /[\p{Script=Han}0-9０-９]{1,8}?班/u);
  return { text, ...(name ? { name } : {}), ...(studentNo ? { studentNo } : {}), ...(className ? { className } : {}) };
}

/**
 * Split a page's lines into the essay's lines and the printed furniture. A header is a line in the top
 * quarter of the page that reads as one (isHeaderText) before any essay line; word-count marks are
 * dropped wherever they are.
 */
export function splitFurniture<L extends OcrLine>(lines: L[], pageHeight: number): { lines: L[]; header?: PageHeader } {
  const out: L[] = [];
  let header: PageHeader | undefined;
  for (const l of lines) {
    const text = l.text.trim();
    if (WORD_COUNT_MARK.test(text)) continue;
    const top = l.box.y + l.box.height / 2 < pageHeight * 0.25;
    if (top && !out.length && isHeaderText(text)) {
      const h = parseHeader(text);
      header = header ? { ...h, ...header, text: `${header.text} ${text}` } : h;
      continue;
    }
    out.push(l);
  }
  return { lines: out, ...(header ? { header } : {}) };
}

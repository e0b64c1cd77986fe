// The printable parents' sheet: one A4 PDF per class, eight cards a page (two columns, four rows), each
// with a pupil's name, class and number, the QR code of the parents' page and the link's expiry; crop
// marks at every card corner so the teacher cuts the cards apart on a guillotine. Drawn straight into a
// PDF with MuPDF like the answer sheets (vector QR codes, Noto Sans SC subset): a class of 45 in well
// under a second, so it runs on the request.
import * as mupdf from 'mupdf';
import QRCode from 'qrcode';
import { translate, type Lang, type MessageKey } from '../../../core/i18n';
import { cjkFont, fitText, glyphHex, textWidth } from '../fonts/cjk-font';

const PAGE = { width: 595, height: 842 };
const MARGIN = 36;
const HEADER = 50;
const COLS = 2;
const ROWS = 4;
export const CARDS_PER_PAGE = COLS * ROWS;
const QR_SIDE = 118;
/** crop-mark arm length and the gap it keeps from the corner */
const MARK = { arm: 10, gap: 3 };

export interface SheetCard {
  name: string;
  studentNo: string;
  /** the parents' page, absolute (the phone opens it) */
  url: string;
  /** YYYY-MM-DD */
  expires: string;
}

export interface ParentSheetInput {
  className: string;
  cards: SheetCard[];
  lang: Lang;
}

function qrOps(text: string, x: number, yTop: number, side: number): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const unit = side / (n + 2);
  let d = '';
  for (let y = 0; y < n; y++) for (let c = 0; c < n; c++) if (qr.modules.get(c, y)) d += `${(x + (c + 1) * unit).toFixed(3)} ${(yTop - (y + 2) * unit).toFixed(3)} ${unit.toFixed(3)} ${unit.toFixed(3)} re `;
  return `q 0 g ${d}f Q`;
}

/** Crop marks outside each corner of every card (shared corners drawn once). */
function cropMarks(x0: number, yTop: number, w: number, h: number): string {
  let d = '';
  const xs = Array.from({ length: COLS + 1 }, (_, i) => x0 + i * w);
  const ys = Array.from({ length: ROWS + 1 }, (_, i) => yTop - i * h);
  for (const x of xs) {
    for (const y of ys) {
      // a cross with a hole at the corner itself, so no line is printed on a card
      d += `${x - MARK.gap - MARK.arm} ${y} m ${x - MARK.gap} ${y} l ${x + MARK.gap} ${y} m ${x + MARK.gap + MARK.arm} ${y} l `;
      d += `${x} ${y - MARK.gap - MARK.arm} m ${x} ${y - MARK.gap} l ${x} ${y + MARK.gap} m ${x} ${y + MARK.gap + MARK.arm} l `;
    }
  }
  return `q 0.35 G 0.5 w ${d}S Q`;
}

/** The PDF bytes of the class's parents' sheet (an empty class gives one page saying so). */
export function renderParentSheet(input: ParentSheetInput): Buffer {
  const font = cjkFont();
  const t = (k: MessageKey, p?: Record<string, string | number>) => translate(input.lang, k, p);
  const doc = new mupdf.PDFDocument();
  try {
    const resources = doc.addObject({ Font: { F: doc.addFont(font) } });
    const text = (s: string, size: number, x: number, baseline: number, width: number, grey = 0) => {
      const fit = fitText(font, s, size, width);
      return `BT ${grey} g /F ${fit.size} Tf ${x} ${baseline} Td ${glyphHex(font, fit.text)} Tj ET`;
    };
    const centred = (s: string, size: number, cx: number, baseline: number, width: number, grey = 0) => {
      const fit = fitText(font, s, size, width);
      return text(fit.text, fit.size, cx - textWidth(font, fit.text, fit.size) / 2, baseline, width, grey);
    };
    const cardW = (PAGE.width - 2 * MARGIN) / COLS;
    const cardH = (PAGE.height - 2 * MARGIN - HEADER) / ROWS;
    const gridTop = PAGE.height - MARGIN - HEADER;
    const pages = Math.max(1, Math.ceil(input.cards.length / CARDS_PER_PAGE));
    for (let p = 0; p < pages; p++) {
      const ops: string[] = [
        text(t('parentSheet.title', { className: input.className }), 14, MARGIN, PAGE.height - MARGIN - 14, PAGE.width - 2 * MARGIN - 80),
        text(t('parentSheet.page', { page: p + 1, pages }), 9, PAGE.width - MARGIN - 70, PAGE.height - MARGIN - 14, 70, 0.4),
        text(t('parentSheet.cutHint'), 8, MARGIN, PAGE.height - MARGIN - 31, PAGE.width - 2 * MARGIN, 0.4),
      ];
      const cards = input.cards.slice(p * CARDS_PER_PAGE, (p + 1) * CARDS_PER_PAGE);
      if (!cards.length) ops.push(centred(t('parentSheet.empty'), 12, PAGE.width / 2, gridTop - 60, PAGE.width - 2 * MARGIN));
      else ops.push(cropMarks(MARGIN, gridTop, cardW, cardH));
      for (const [i, card] of cards.entries()) {
        const x = MARGIN + (i % COLS) * cardW;
        const top = gridTop - Math.floor(i / COLS) * cardH;
        const inner = cardW - 24;
        ops.push(
          qrOps(card.url, x + 12, top - 14, QR_SIDE),
          text(card.name, 18, x + 12 + QR_SIDE + 8, top - 40, inner - QR_SIDE - 8),
          text(t('parentSheet.classLine', { className: input.className, studentNo: card.studentNo }), 9, x + 12 + QR_SIDE + 8, top - 58, inner - QR_SIDE - 8, 0.3),
          text(t('parentSheet.scan'), 9, x + 12 + QR_SIDE + 8, top - 84, inner - QR_SIDE - 8),
          text(t('parentSheet.scan2'), 9, x + 12 + QR_SIDE + 8, top - 97, inner - QR_SIDE - 8),
          text(t('parentLink.expires', { date: card.expires }), 8, x + 12 + QR_SIDE + 8, top - 120, inner - QR_SIDE - 8, 0.4),
          text(t('parentSheet.private'), 7.5, x + 12, top - cardH + 16, inner, 0.45),
        );
      }
      doc.insertPage(-1, doc.addPage([0, 0, PAGE.width, PAGE.height], 0, resources, ops.join('\n')));
    }
    doc.getTrailer().put('Info', doc.addObject({ Title: doc.newString(t('parentSheet.title', { className: input.className })), Creator: doc.newString('zhipi'), Producer: doc.newString('zhipi') }));
    doc.subsetFonts();
    return Buffer.from(doc.saveToBuffer('compress,garbage').asUint8Array());
  } finally {
    doc.destroy();
  }
}

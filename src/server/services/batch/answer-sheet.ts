// Printable answer sheets (作文纸): one A4 page per student and sheet page, 20 × 20 squares, the student's
// name, id and class in the header with a QR code `ZP1:<task>:<student>:<page>` that batch intake reads.
// Drawn straight into a PDF with MuPDF: the grid and the QR code are vector paths, the text is Noto Sans
// SC with only the used glyphs embedded. A class of 45 takes well under a second (the React-PDF layout it
// replaced took 15–40 s on a busy machine), so it runs on the request.
import * as mupdf from 'mupdf';
import QRCode from 'qrcode';
import { translate, type Lang } from '../../../core/i18n';
import { cjkFont, fitText, glyphHex } from '../fonts/cjk-font';
import { sheetQrPayload } from './match';

export const SHEET = { cols: 20, rows: 20, cell: 25, rowGap: 6, margin: 36 };
const PAGE = { width: 595, height: 842 };
const QR_SIDE = 64;
/** the header band above the grid (the title, the student line and the QR code) */
const HEADER_HEIGHT = QR_SIDE + 8;
const GRID_COLOUR = '0.180 0.490 0.196'; // #2e7d32

/** The 20 × 20 grid as PDF path operators, top-left at (x, yTop) in PDF coordinates (y grows upwards). */
function gridOps(x: number, yTop: number): string {
  const { cols, rows, cell, rowGap } = SHEET;
  const width = cols * cell;
  let d = '';
  for (let r = 0; r < rows; r++) {
    const top = yTop - r * (cell + rowGap);
    d += `${x} ${top} m ${x + width} ${top} l ${x} ${top - cell} m ${x + width} ${top - cell} l `;
    for (let c = 0; c <= cols; c++) d += `${x + c * cell} ${top} m ${x + c * cell} ${top - cell} l `;
  }
  return `q ${GRID_COLOUR} RG 0.6 w ${d}S Q`;
}

/** The QR code as filled squares in a `side`-point box whose top-left is (x, yTop), with a 2-module quiet zone. */
function qrOps(text: string, x: number, yTop: number, side: number): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const unit = side / (n + 4);
  let d = '';
  for (let y = 0; y < n; y++) for (let c = 0; c < n; c++) if (qr.modules.get(c, y)) d += `${(x + (c + 2) * unit).toFixed(3)} ${(yTop - (y + 3) * unit).toFixed(3)} ${unit.toFixed(3)} ${unit.toFixed(3)} re `;
  return `q 0 g ${d}f Q`;
}

export interface SheetStudent {
  id: number;
  name: string;
  studentNo: string;
}

export interface AnswerSheetInput {
  taskId: number;
  taskTitle: string;
  className: string;
  students: SheetStudent[];
  pagesPerStudent: number;
  lang: Lang;
}

/** The PDF bytes of the class's answer sheets. */
export function renderAnswerSheets(input: AnswerSheetInput): Buffer {
  const font = cjkFont();
  const t = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate(input.lang, k, p);
  const doc = new mupdf.PDFDocument();
  try {
    const { margin } = SHEET;
    const top = PAGE.height - margin;
    // the grid is the same on every page: one form XObject, drawn by each page
    const grid = doc.addStream(gridOps(margin, top - HEADER_HEIGHT - 6), { Type: doc.newName('XObject'), Subtype: doc.newName('Form'), BBox: [0, 0, PAGE.width, PAGE.height] });
    const resources = doc.addObject({ Font: { F: doc.addFont(font) }, XObject: { G: grid } });
    const textWidth = PAGE.width - 2 * margin - QR_SIDE - 12;
    const text = (s: string, size: number, x: number, baseline: number) => {
      const fit = fitText(font, s, size, textWidth);
      return `BT /F ${fit.size} Tf ${x} ${baseline} Td ${glyphHex(font, fit.text)} Tj ET`;
    };
    const title = `${input.taskTitle} · ${t('batch.sheet.title')}`;
    for (const s of input.students) {
      for (let i = 0; i < input.pagesPerStudent; i++) {
        const field = (label: Parameters<typeof translate>[1], value: string) => t('common.labelValue', { label: t(label), value });
        const line = [field('batch.sheet.name', s.name), field('batch.sheet.studentNo', s.studentNo), field('batch.sheet.class', input.className), t('batch.sheet.page', { page: i + 1 })].join('\u3000\u3000');
        const ops = [
          text(title, 15, margin, top - 15),
          text(line, 11, margin, top - 15 - 8 - 13),
          qrOps(sheetQrPayload(input.taskId, s.id, i + 1), PAGE.width - margin - QR_SIDE, top, QR_SIDE),
          '/G Do',
        ].join('\n');
        doc.insertPage(-1, doc.addPage([0, 0, PAGE.width, PAGE.height], 0, resources, ops));
      }
    }
    doc.getTrailer().put('Info', doc.addObject({ Title: doc.newString(`${input.taskTitle} ${input.className}`), Creator: doc.newString('zhipi'), Producer: doc.newString('zhipi') }));
    doc.subsetFonts();
    return Buffer.from(doc.saveToBuffer('compress,garbage').asUint8Array());
  } finally {
    doc.destroy();
  }
}

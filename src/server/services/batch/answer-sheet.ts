// Printable answer sheets (作文纸): one A4 page per student and sheet page, 20 × 20 squares, the student's
// name, id and class in the header with a QR code `ZP1:<task>:<student>:<page>` that batch intake reads.
// Drawn with @react-pdf/renderer; the grid and the QR code are vector paths (one per page), the text is
// Noto Sans SC (the fontsource "chinese-simplified" cut, ~8,000 glyphs; react-pdf embeds only the glyphs used).
import { createRequire } from 'node:module';
import path from 'node:path';
import { createElement as h } from 'react';
import { Document, Font, Page, Path, Svg, Text, View, renderToBuffer } from '@react-pdf/renderer';
import QRCode from 'qrcode';
import { translate, type Lang } from '../../../core/i18n';
import { sheetQrPayload } from './match';

const FONT = 'NotoSansSC';
let fontReady = false;
function ensureFont() {
  if (fontReady) return;
  const dir = path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/LICENSE'));
  Font.register({ family: FONT, src: path.join(dir, 'files/noto-sans-sc-chinese-simplified-400-normal.woff') });
  // Chinese has no hyphenation: break anywhere, never insert hyphens.
  Font.registerHyphenationCallback((word) => [...word]);
  fontReady = true;
}

export const SHEET = { cols: 20, rows: 20, cell: 25, rowGap: 6, margin: 36 };

/** One path for the whole grid: every row is a band of 20 squares, with a gap between bands. */
function gridPath(): { d: string; width: number; height: number } {
  const { cols, rows, cell, rowGap } = SHEET;
  const width = cols * cell;
  const height = rows * cell + (rows - 1) * rowGap;
  let d = '';
  for (let r = 0; r < rows; r++) {
    const y = r * (cell + rowGap);
    d += `M0 ${y}H${width}M0 ${y + cell}H${width}`;
    for (let c = 0; c <= cols; c++) d += `M${c * cell} ${y}V${y + cell}`;
  }
  return { d, width, height };
}

function qrPath(text: string): { d: string; size: number } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  let d = '';
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (qr.modules.get(x, y)) d += `M${x} ${y}h1v1h-1z`;
  return { d, size };
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
export async function renderAnswerSheets(input: AnswerSheetInput): Promise<Buffer> {
  ensureFont();
  const t = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate(input.lang, k, p);
  const grid = gridPath();
  const qrSide = 64;
  const pages = input.students.flatMap((s) =>
    Array.from({ length: input.pagesPerStudent }, (_, i) => {
      const qr = qrPath(sheetQrPayload(input.taskId, s.id, i + 1));
      return h(
        Page,
        { key: `${s.id}-${i}`, size: 'A4', style: { padding: SHEET.margin, fontFamily: FONT, fontSize: 11 } },
        h(
          View,
          { style: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start', height: qrSide + 8 } },
          h(
            View,
            { style: { flexGrow: 1, paddingRight: 12 } },
            h(Text, { style: { fontSize: 15, marginBottom: 8 } }, `${input.taskTitle} · ${t('batch.sheet.title')}`),
            h(Text, null, `${t('batch.sheet.name')}：${s.name}\u3000\u3000${t('batch.sheet.studentNo')}：${s.studentNo}\u3000\u3000${t('batch.sheet.class')}：${input.className}\u3000\u3000${t('batch.sheet.page', { page: i + 1 })}`),
          ),
          h(Svg, { width: qrSide, height: qrSide, viewBox: `-2 -2 ${qr.size + 4} ${qr.size + 4}` }, h(Path, { d: qr.d, fill: '#000' })),
        ),
        h(
          Svg,
          { width: grid.width + 1, height: grid.height + 1, viewBox: `-0.5 -0.5 ${grid.width + 1} ${grid.height + 1}`, style: { marginTop: 6 } },
          h(Path, { d: grid.d, stroke: '#2e7d32', strokeWidth: 0.6, fill: 'none' }),
        ),
      );
    }),
  );
  const doc = h(Document, { title: `${input.taskTitle} ${input.className}`, creator: 'zhipi', producer: 'zhipi' }, ...pages);
  return renderToBuffer(doc as Parameters<typeof renderToBuffer>[0]);
}

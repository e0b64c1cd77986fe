import ExcelJS from 'exceljs';
import type { ImportRowInput } from '../../../core/api/contracts/students';

export const MAX_IMPORT_ROWS = 2000;

/** A roster line: its number in the file (header = 1) and the fields read from it. */
export type ParsedRow = ImportRowInput & { line: number; genderText: string };
export type ParseResult = { ok: true; rows: ParsedRow[] } | { ok: false; reason: 'unreadable' | 'noHeader' | 'empty' | 'tooMany' };

/** Header names (zh and en) of each column; matched without spaces and case. */
const HEADERS: Record<keyof Omit<ImportRowInput, 'gender'> | 'gender', string[]> = {
  name: ['姓名', '学生姓名', 'name', 'studentname'],
  studentNo: ['学号', 'studentid', 'studentno', 'id'],
  gender: ['性别', 'gender', 'sex'],
  identificationNo: ['唯一识别号', '识别号', '学籍号', 'identificationno', 'identificationnumber', 'uniqueid'],
  phone: ['手机号', '关联手机号', '家长手机号', '联系电话', '手机', 'phone', 'mobile'],
};
const norm = (s: string) => s.replace(/[\s_\-*（）()]/g, '').toLowerCase();

/** Splits CSV text (RFC 4180: quotes, doubled quotes, CRLF, newlines inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const sep = (text.split('\n', 1)[0]!.match(/;/g)?.length ?? 0) > (text.split('\n', 1)[0]!.match(/,/g)?.length ?? 0) ? ';' : ',';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep || ch === '\t') {
      row.push(cell);
      cell = '';
    }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** UTF-8 (with or without BOM), or GBK as Excel for Chinese Windows saves CSV. */
function decode(buf: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(buf).replace(/^\uFEFF/, '');
  if (!utf8.includes('\uFFFD')) return utf8;
  try {
    return new TextDecoder('gbk').decode(buf);
  } catch {
    return utf8;
  }
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if (v instanceof Date) return v.toISOString().slice(0, 10);
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return v.result === undefined ? '' : String(v.result);
    return '';
  }
  return String(v);
}

async function xlsxRows(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const rows: string[][] = [];
  for (let r = 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= Math.max(row.cellCount, 1); c++) cells.push(cellText(row.getCell(c).value));
    rows.push(cells);
  }
  return rows;
}

const isXlsx = (name: string, buf: Buffer) => /\.xlsx$/i.test(name) || (buf[0] === 0x50 && buf[1] === 0x4b);

/** Reads a CSV or xlsx roster: finds the header row's columns and returns one entry per non-blank line. */
export async function parseRoster(fileName: string, buf: Buffer): Promise<ParseResult> {
  let table: string[][];
  try {
    table = isXlsx(fileName, buf) ? await xlsxRows(buf) : parseCsv(decode(buf));
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const headerIndex = table.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (headerIndex < 0) return { ok: false, reason: 'empty' };
  const header = table[headerIndex]!.map((h) => norm(h));
  const col = Object.fromEntries(Object.entries(HEADERS).map(([field, names]) => [field, header.findIndex((h) => names.includes(h))])) as Record<keyof typeof HEADERS, number>;
  if (col.name < 0 || col.studentNo < 0) return { ok: false, reason: 'noHeader' };
  const rows: ParsedRow[] = [];
  for (let i = headerIndex + 1; i < table.length; i++) {
    const r = table[i]!;
    if (r.every((c) => c.trim() === '')) continue;
    const get = (c: number) => (c >= 0 ? (r[c] ?? '').trim() : '');
    const genderText = get(col.gender);
    rows.push({
      line: i + 1,
      name: get(col.name),
      studentNo: get(col.studentNo),
      genderText,
      gender: /^(男|m|male|1)$/i.test(genderText) ? 1 : /^(女|f|female|2)$/i.test(genderText) ? 2 : 0,
      identificationNo: get(col.identificationNo) || null,
      phone: get(col.phone).replace(/[\s-]/g, '') || null,
    });
  }
  if (!rows.length) return { ok: false, reason: 'empty' };
  if (rows.length > MAX_IMPORT_ROWS) return { ok: false, reason: 'tooMany' };
  return { ok: true, rows };
}

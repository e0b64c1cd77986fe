import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../excel-lazy';
import yauzl from 'yauzl';
import type { ImportRowInput } from '../../../core/api/contracts/students';

export const MAX_IMPORT_ROWS = 2000;

/** Limits enforced while an xlsx is read, so that a small file declaring a huge sheet is refused early. */
export const ROSTER_LIMITS = {
  /** sum of the declared uncompressed sizes of the xlsx's parts */
  maxUncompressedBytes: 50 * 1024 * 1024,
  maxZipEntries: 200,
  /** columns read per row; a roster's columns are the first few, later ones are ignored */
  maxColumns: 64,
  /** cells in all, counted up to each row's last cell (a row reaching column XFD counts 16,384) */
  maxCells: 300_000,
};

/** A roster line: its number in the file (header = 1) and the fields read from it. */
export type ParsedRow = ImportRowInput & { line: number; genderText: string };
export type ParseResult = { ok: true; rows: ParsedRow[] } | { ok: false; reason: 'unreadable' | 'noHeader' | 'empty' | 'tooMany' | 'tooLarge' };

/** A limit was passed while reading: the file is refused as too large, whatever else it holds. */
class RosterTooLarge extends Error {}
/** More non-blank lines than can be imported: stop reading, the answer is known. */
class RosterTooMany extends Error {}

/** A line of the table and its number in the file (header = 1). */
type Line = { line: number; cells: string[] };

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

/** Checks the zip's central directory before anything is inflated: part count and declared total size. */
async function checkXlsxZip(buf: Buffer): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(buf, { lazyEntries: true, validateEntrySizes: true }, (err, z) => (err || !z ? reject(err ?? new Error('no zip')) : resolve(z))));
  let entries = 0;
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        total += entry.uncompressedSize;
        if (entries > ROSTER_LIMITS.maxZipEntries || total > ROSTER_LIMITS.maxUncompressedBytes) return reject(new RosterTooLarge());
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/**
 * The first sheet's lines, streamed: only cells that exist are visited (a single cell at XFD1048576
 * costs one row, not a million), at most `maxColumns` per row, `maxCells` in all, and reading stops as
 * soon as there are more non-blank lines than can be imported.
 */
async function xlsxLines(buf: Buffer): Promise<Line[]> {
  await checkXlsxZip(buf);
  const reader = new (await loadExcel()).stream.xlsx.WorkbookReader(Readable.from([buf]), { worksheets: 'emit', sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', entries: 'ignore' });
  const lines: Line[] = [];
  let cells = 0;
  let nonBlank = 0;
  for await (const sheet of reader) {
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      // The reader holds a row as an array up to its last cell, so that is what the limit counts.
      cells += Math.max(values.length - 1, 1);
      const width = Math.min(values.length - 1, ROSTER_LIMITS.maxColumns);
      if (cells > ROSTER_LIMITS.maxCells) throw new RosterTooLarge();
      const texts: string[] = [];
      for (let c = 1; c <= width; c++) texts.push(cellText(values[c]));
      if (texts.some((t) => t.trim() !== '')) nonBlank += 1;
      // The header line plus the most that can be imported; one more means "too many".
      if (nonBlank > MAX_IMPORT_ROWS + 1) throw new RosterTooMany();
      lines.push({ line: row.number, cells: texts });
    }
    break; // the first sheet only
  }
  return lines;
}

const isXlsx = (name: string, buf: Buffer) => /\.xlsx$/i.test(name) || (buf[0] === 0x50 && buf[1] === 0x4b);

/** Reads a CSV or xlsx roster: finds the header row's columns and returns one entry per non-blank line. */
export async function parseRoster(fileName: string, buf: Buffer): Promise<ParseResult> {
  let table: Line[];
  try {
    table = isXlsx(fileName, buf) ? await xlsxLines(buf) : parseCsv(decode(buf)).map((cells, i) => ({ line: i + 1, cells }));
  } catch (e) {
    if (e instanceof RosterTooLarge) return { ok: false, reason: 'tooLarge' };
    if (e instanceof RosterTooMany) return { ok: false, reason: 'tooMany' };
    return { ok: false, reason: 'unreadable' };
  }
  const headerIndex = table.findIndex((r) => r.cells.some((c) => c.trim() !== ''));
  if (headerIndex < 0) return { ok: false, reason: 'empty' };
  const header = table[headerIndex]!.cells.map((h) => norm(h));
  const col = Object.fromEntries(Object.entries(HEADERS).map(([field, names]) => [field, header.findIndex((h) => names.includes(h))])) as Record<keyof typeof HEADERS, number>;
  if (col.name < 0 || col.studentNo < 0) return { ok: false, reason: 'noHeader' };
  const rows: ParsedRow[] = [];
  for (let i = headerIndex + 1; i < table.length; i++) {
    const { line, cells: r } = table[i]!;
    if (r.every((c) => c.trim() === '')) continue;
    const get = (c: number) => (c >= 0 ? (r[c] ?? '').trim() : '');
    const genderText = get(col.gender);
    rows.push({
      line,
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

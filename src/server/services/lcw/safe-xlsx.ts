// Reading an uploaded xlsx without letting it stall or flood the server. An xlsx is a ZIP of XML
// parts; ExcelJS builds objects for what the parts declare — a cell at XFD1048576, a merged range or
// data validation over whole columns makes it allocate or loop over billions of cells. So before
// ExcelJS sees the file, every part is inflated under a byte cap (yauzl checks real sizes against the
// declared ones) and every cell reference in the worksheets (r, ref, sqref) is checked against the
// rows and columns the import can use, and the number of cells is counted.
import type ExcelJS from 'exceljs';
import { loadExcel } from '../excel-lazy';
import yauzl from 'yauzl';

export interface XlsxLimits {
  maxBytes: number;
  maxUncompressed: number;
  maxEntries: number;
  maxRows: number;
  maxCols: number;
  maxCells: number;
}

export type XlsxRefusal = 'unreadable' | 'tooLarge' | 'outOfRange' | 'tooManyCells';
export class XlsxRefused extends Error {
  constructor(readonly reason: XlsxRefusal) {
    super(`xlsx refused: ${reason}`);
  }
}

const openZip = (bytes: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip))),
  );

/** Column letters to a 1-based index (A → 1, XFD → 16384). */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

const REF_ATTR = /\s(?:r|ref|sqref)="([^"]*)"/g;
const CELL = /^\$?([A-Z]{1,3})?\$?(\d+)?$/;

/** Throws unless every cell reference of a worksheet part lies within the limits. */
export function checkWorksheetXml(xml: string, limits: Pick<XlsxLimits, 'maxRows' | 'maxCols' | 'maxCells'>): void {
  const cells = xml.match(/<c[\s>/]/g)?.length ?? 0;
  if (cells > limits.maxCells) throw new XlsxRefused('tooManyCells');
  for (const m of xml.matchAll(REF_ATTR)) {
    for (const ref of m[1]!.split(/[\s:]+/)) {
      if (!ref) continue;
      const cell = CELL.exec(ref.toUpperCase());
      if (!cell) throw new XlsxRefused('outOfRange');
      // A row number alone (<row r="3">, or 3:3) is bounded by maxRows; a whole column (A:A) reaches the sheet's last row.
      if (!cell[2]) throw new XlsxRefused('outOfRange');
      if ((cell[1] && columnIndex(cell[1]) > limits.maxCols) || Number(cell[2]) > limits.maxRows) throw new XlsxRefused('outOfRange');
    }
  }
}

/** Inflates every part under the caps and checks the worksheets; throws XlsxRefused. */
export async function inspectXlsx(bytes: Buffer, limits: XlsxLimits): Promise<void> {
  if (bytes.length > limits.maxBytes) throw new XlsxRefused('tooLarge');
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    throw new XlsxRefused('unreadable');
  }
  let entries = 0;
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries++;
        total += entry.uncompressedSize;
        if (entries > limits.maxEntries || total > limits.maxUncompressed) return reject(new XlsxRefused('tooLarge'));
        if (!/^xl\/worksheets\/[^/]+\.xml$/.test(entry.fileName)) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(new XlsxRefused('unreadable'));
          const chunks: Buffer[] = [];
          let n = 0;
          stream.on('data', (c: Buffer) => {
            n += c.length;
            if (n > limits.maxUncompressed) {
              stream.destroy();
              reject(new XlsxRefused('tooLarge'));
            } else chunks.push(c);
          });
          stream.on('error', () => reject(new XlsxRefused('unreadable')));
          stream.on('end', () => {
            try {
              checkWorksheetXml(Buffer.concat(chunks).toString('utf8'), limits);
              zip.readEntry();
            } catch (e) {
              reject(e);
            }
          });
        });
      });
      zip.on('end', () => resolve());
      zip.on('error', () => reject(new XlsxRefused('unreadable')));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (!entries) throw new XlsxRefused('unreadable');
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

/** The first worksheet's rows (1-based line numbers) as trimmed texts of the first `maxCols` columns. */
export async function readXlsxRows(bytes: Buffer, limits: XlsxLimits): Promise<{ line: number; cells: string[] }[]> {
  await inspectXlsx(bytes, limits);
  const wb = new (await loadExcel()).Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new XlsxRefused('unreadable');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new XlsxRefused('unreadable');
  const rows: { line: number; cells: string[] }[] = [];
  ws.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    for (let c = 1; c <= limits.maxCols; c++) cells.push(cellText(row.getCell(c).value).trim());
    if (cells.some((c) => c !== '')) rows.push({ line, cells });
  });
  return rows;
}

import { describe, expect, it } from 'vitest';
import { checkWorksheetXml, columnIndex, XlsxRefused } from './safe-xlsx';

const limits = { maxRows: 501, maxCols: 15, maxCells: 8000 };
const refused = (xml: string) => {
  try {
    checkWorksheetXml(xml, limits);
    return null;
  } catch (e) {
    return e instanceof XlsxRefused ? e.reason : 'other';
  }
};

describe('worksheet limits before ExcelJS reads a file', () => {
  it('reads column letters', () => {
    expect([columnIndex('A'), columnIndex('Z'), columnIndex('AA'), columnIndex('XFD')]).toEqual([1, 26, 27, 16384]);
  });
  it('lets an ordinary sheet through', () => {
    expect(refused('<dimension ref="A1:K6"/><sheetData><row r="1" spans="1:11"><c r="A1"/><c r="K1"/></row></sheetData><selection sqref="A1 B2:C3"/>')).toBeNull();
  });
  it('refuses far cells, whole-column ranges, far merges and too many cells', () => {
    expect(refused('<row r="1048576"><c r="XFD1048576"/></row>')).toBe('outOfRange');
    expect(refused('<row r="2"><c r="A2"/></row><mergeCell ref="A1:XFD1"/>')).toBe('outOfRange');
    expect(refused('<dataValidation sqref="A:A"/>')).toBe('outOfRange');
    expect(refused('<row r="600"><c r="A600"/></row>')).toBe('outOfRange');
    expect(refused('<c>'.repeat(8001))).toBe('tooManyCells');
  });
});

import JSZip from 'jszip';

/** A minimal xlsx whose one sheet has the given <sheetData> rows (and optional <dimension>). */
export async function xlsxWithSheet(sheetData: string, dimension = 'A1'): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>');
  zip.file('xl/workbook.xml', '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>');
  zip.file('xl/_rels/workbook.xml.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>');
  zip.file('xl/worksheets/sheet1.xml', `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="${dimension}"/><sheetData>${sheetData}</sheetData></worksheet>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** product-rules.md#security's file: a header, one student, and one cell at the sheet's last address (about 1.5 kB). */
export const farCellXlsx = () =>
  xlsxWithSheet(`<row r="1">${inline('A1', '姓名')}${inline('B1', '学号')}</row><row r="2">${inline('A2', '张三')}${inline('B2', '1')}</row><row r="1048576"><c r="XFD1048576"><v>1</v></c></row>`, 'A1:XFD1048576');

/** Rows that each reach the last column (16,384 cells a row for a reader): the cell limit stops the reading. */
export const manyCellsXlsx = (rows = 20_000) => {
  const parts: string[] = [`<row r="1">${inline('A1', '姓名')}${inline('B1', '学号')}</row>`];
  for (let r = 2; r <= rows; r++) parts.push(`<row r="${r}"><c r="XFD${r}"><v>1</v></c></row>`);
  return xlsxWithSheet(parts.join(''));
};

/** A sheet part that inflates past the declared-size limit (padding in an XML comment). */
export const inflatingXlsx = (mb = 60) => xlsxWithSheet(`<row r="1">${inline('A1', '姓名')}${inline('B1', '学号')}</row><!--${' '.repeat(mb * 1024 * 1024)}-->`);

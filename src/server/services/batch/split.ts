// Splitting a batch upload into page images: PDF pages rendered with MuPDF (WASM), ZIP entries read one
// by one with yauzl under limits. Whole-file problems (encrypted or corrupt PDF, zip bomb, too many
// entries) throw BatchInputError before anything is stored; a bad entry is a rejected page, never fatal.
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { sniff } from '../file-sniff';
import { BatchInputError } from './batch-input-error';
import { inspectPdfOffThread } from './pdf-inspect-off-thread';
import { pdfPagesOffThread } from './pdf-pages-off-thread';

export { BatchInputError, type BatchInputReason } from './batch-input-error';

export const BATCH_LIMITS = {
  /** pages of a PDF or entries of a ZIP */
  maxPages: 500,
  /** sum of the declared uncompressed sizes of a ZIP */
  maxTotalUncompressed: 300 * 1024 * 1024,
  /** uncompressed / compressed size of one entry */
  maxEntryRatio: 100,
  /** one entry's uncompressed size */
  maxEntryBytes: 30 * 1024 * 1024,
  /** render resolution of PDF pages (A4 → 1654 × 2339 px) and the cap of the longer side */
  renderDpi: 200,
  maxRenderSide: 2800,
};

export type RejectCode = 'unsafePath' | 'ratio' | 'entryTooLarge' | 'encryptedEntry' | 'nestedArchive' | 'notImage' | 'entryCorrupt' | 'renderFailed' | 'blank' | 'notEssay';

export interface SplitPage {
  pageNo: number;
  entryName: string | null;
  image?: Buffer;
  rejected?: RejectCode;
}

/** Opens a PDF, refusing encrypted, corrupt, empty and over-long ones. Caller destroys the document. */
export function openPdf(bytes: Buffer): { doc: mupdf.Document; pageCount: number } {
  let doc: mupdf.Document;
  try {
    doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch {
    throw new BatchInputError('pdfCorrupt');
  }
  try {
    if (doc.needsPassword()) throw new BatchInputError('pdfEncrypted');
    let pageCount: number;
    try {
      pageCount = doc.countPages();
    } catch {
      throw new BatchInputError('pdfCorrupt');
    }
    if (pageCount === 0) throw new BatchInputError('pdfEmpty');
    if (pageCount > BATCH_LIMITS.maxPages) throw new BatchInputError('tooManyPages', { max: BATCH_LIMITS.maxPages });
    return { doc, pageCount };
  } catch (e) {
    doc.destroy();
    throw e;
  }
}

/** Renders pages [from, from + count) to JPEGs, one at a time (WASM memory is freed page by page). */
export async function* pdfPages(bytes: Buffer, from = 0, count = Number.POSITIVE_INFINITY): AsyncGenerator<SplitPage> {
  const { doc, pageCount } = openPdf(bytes);
  try {
    for (let i = from; i < Math.min(pageCount, from + count); i++) {
      let image: Buffer | undefined;
      try {
        const page = doc.loadPage(i);
        const [x0, y0, x1, y1] = page.getBounds();
        const side = Math.max(x1 - x0, y1 - y0);
        const zoom = Math.min(BATCH_LIMITS.renderDpi / 72, BATCH_LIMITS.maxRenderSide / Math.max(1, side));
        const pix = page.toPixmap(mupdf.Matrix.scale(zoom, zoom), mupdf.ColorSpace.DeviceRGB, false, true);
        const raw = Buffer.from(pix.getPixels());
        const info = { width: pix.getWidth(), height: pix.getHeight(), channels: 3 as const };
        const stride = pix.getStride();
        pix.destroy();
        page.destroy();
        const packed = stride === info.width * 3 ? raw : packRows(raw, stride, info.width * 3, info.height);
        image = await sharp(packed, { raw: info }).jpeg({ quality: 85 }).toBuffer();
      } catch {
        yield { pageNo: i + 1, entryName: null, rejected: 'renderFailed' };
        continue;
      }
      yield { pageNo: i + 1, entryName: null, image };
    }
  } finally {
    doc.destroy();
  }
}

function packRows(raw: Buffer, stride: number, rowBytes: number, height: number): Buffer {
  const out = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) raw.copy(out, y * rowBytes, y * stride, y * stride + rowBytes);
  return out;
}

const openZip = (bytes: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: false }, (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip))),
  );

/** Entry names: UTF-8 when flagged or valid, else GBK (Chinese Windows archivers), never trusted as paths. */
export function decodeEntryName(raw: Buffer, utf8Flag: boolean): string {
  if (utf8Flag) return raw.toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return new TextDecoder('gbk').decode(raw);
  }
}

/** An absolute path, a drive letter or a `..` segment: such an entry is never used. */
export function unsafeEntryPath(name: string): boolean {
  return /^[/\\]/.test(name) || /^[A-Za-z]:/.test(name) || name.split(/[/\\]/).includes('..') || name.includes('\0');
}

const skipped = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || (name.split('/').pop() ?? '').startsWith('.');

interface ZipListing {
  entries: Array<{ entry: yauzl.Entry; name: string }>;
}

/** Reads the central directory and refuses the archive when it is corrupt, empty or too big in total. */
export async function inspectZip(bytes: Buffer): Promise<ZipListing> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    throw new BatchInputError('zipCorrupt');
  }
  const entries: ZipListing['entries'] = [];
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = decodeEntryName(entry.fileName as unknown as Buffer, (entry.generalPurposeBitFlag & 0x800) !== 0);
        if (!skipped(name)) {
          entries.push({ entry, name });
          total += entry.uncompressedSize;
        }
        if (entries.length > BATCH_LIMITS.maxPages) return reject(new BatchInputError('tooManyPages', { max: BATCH_LIMITS.maxPages }));
        if (total > BATCH_LIMITS.maxTotalUncompressed) return reject(new BatchInputError('zipTooLarge', { mb: BATCH_LIMITS.maxTotalUncompressed / 1024 / 1024 }));
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', () => reject(new BatchInputError('zipCorrupt')));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (!entries.length) throw new BatchInputError('zipEmpty');
  return { entries };
}

async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) => zip.openReadStream(entry, (err, s) => (err || !s ? reject(err ?? new Error('no stream')) : resolve(s))));
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    n += chunk.length;
    if (n > BATCH_LIMITS.maxEntryBytes || n > entry.uncompressedSize) throw new Error('entry larger than declared');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The pages of a ZIP in archive order; unsafe, oversized, encrypted, nested and non-image entries come back rejected. */
export async function* zipPages(bytes: Buffer): AsyncGenerator<SplitPage> {
  const { entries } = await inspectZip(bytes);
  const zip = await openZip(bytes);
  try {
    for (const [i, { entry, name }] of entries.entries()) {
      const base = { pageNo: i + 1, entryName: name.slice(0, 500) };
      if (unsafeEntryPath(name)) yield { ...base, rejected: 'unsafePath' };
      else if (entry.generalPurposeBitFlag & 0x1) yield { ...base, rejected: 'encryptedEntry' };
      else if (entry.uncompressedSize > BATCH_LIMITS.maxEntryBytes) yield { ...base, rejected: 'entryTooLarge' };
      else if (entry.uncompressedSize > BATCH_LIMITS.maxEntryRatio * Math.max(1, entry.compressedSize)) yield { ...base, rejected: 'ratio' };
      else {
        let data: Buffer;
        try {
          data = await readEntry(zip, entry);
        } catch {
          yield { ...base, rejected: 'entryCorrupt' };
          continue;
        }
        const kind = sniff(data);
        if (kind === 'application/zip' || /\.(zip|rar|7z|tar|gz|tgz)$/i.test(name)) yield { ...base, rejected: 'nestedArchive' };
        else if (kind === 'image/jpeg' || kind === 'image/png' || kind === 'image/webp') yield { ...base, image: data };
        else yield { ...base, rejected: 'notImage' };
      }
    }
  } finally {
    zip.close();
  }
}

/** Pages of either kind, and how many there will be. */
export async function splitBatch(kind: 'pdf' | 'zip', bytes: Buffer): Promise<{ total: number; pages: AsyncGenerator<SplitPage> }> {
  if (kind === 'pdf') {
    // MuPDF parses and renders on worker threads: a class's PDF takes seconds of CPU the API must not wait on
    const pageCount = await inspectPdfOffThread(bytes);
    return { total: pageCount, pages: pdfPagesOffThread(bytes, pageCount) };
  }
  const { entries } = await inspectZip(bytes);
  return { total: entries.length, pages: zipPages(bytes) };
}

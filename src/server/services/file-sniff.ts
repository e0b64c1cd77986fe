import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, UPLOAD_MAX_MB_DEFAULT, type FileMime } from '../../core/api/contracts/file';
import { AppError, badRequest } from '../errors';

export type SniffedKind = FileMime | 'image/heic' | null;

const startsWith = (b: Buffer, bytes: number[], at = 0) => b.length >= at + bytes.length && bytes.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, from: number, to: number) => (b.length >= to ? b.toString('latin1', from, to) : '');
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/** The file type from its magic bytes only (never the name or the client's Content-Type). */
export function sniff(b: Buffer): SniffedKind {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(b, 0, 5) === '%PDF-') return 'application/pdf';
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) return 'application/zip';
  if (ascii(b, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(b, 8, 12))) return 'image/heic';
  return null;
}

export interface InspectedFile {
  mime: FileMime;
  bytes: Buffer;
  width: number | null;
  height: number | null;
}

export function maxBytesOf(uploadMaxBytes: number | undefined): number {
  return uploadMaxBytes ?? UPLOAD_MAX_MB_DEFAULT * 1024 * 1024;
}

export const tooLarge = (maxBytes: number) => new AppError(413, 'FILE_TOO_LARGE', 'intake.fileTooLarge', { mb: Math.round(maxBytes / 1024 / 1024) }, { show: true });
const tooManyPixels = () => new AppError(413, 'IMAGE_TOO_MANY_PIXELS', 'intake.fileTooManyPixels', { mp: MAX_IMAGE_PIXELS / 1_000_000, side: MAX_IMAGE_SIDE }, { show: true });

/**
 * Checks an upload before anything is stored: not empty, within the byte limit, a known type by its
 * magic bytes, and for images within the pixel limits and fully decodable (a truncated or corrupt
 * image is refused here, not later in the AI pipeline). HEIC is converted to JPEG when this build of
 * sharp can decode it, else refused with advice.
 */
export async function inspectUpload(bytes: Buffer, maxBytes: number): Promise<InspectedFile> {
  if (bytes.length === 0) throw badRequest('FILE_EMPTY', 'intake.fileEmpty');
  if (bytes.length > maxBytes) throw tooLarge(maxBytes);
  const kind = sniff(bytes);
  if (!kind) throw new AppError(415, 'FILE_UNSUPPORTED', 'intake.fileUnsupported', undefined, { show: true });
  if (kind === 'application/pdf' || kind === 'application/zip') return { mime: kind, bytes, width: null, height: null };

  let meta: Metadata;
  try {
    // Header only: the pixel limit is ours, checked below, so sharp's own limit is off here.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    if (kind === 'image/heic') throw new AppError(415, 'HEIC_UNSUPPORTED', 'intake.heicUnsupported', undefined, { show: true });
    throw badRequest('FILE_CORRUPT', 'intake.fileCorrupt');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw badRequest('FILE_CORRUPT', 'intake.fileCorrupt');
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) throw tooManyPixels();
  try {
    // A full decode (to a thumbnail) with warnings as errors: catches truncated and corrupt data.
    const decoder = sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true });
    if (kind === 'image/heic') {
      const jpeg = await decoder.autoOrient().jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });
      return { mime: 'image/jpeg', bytes: jpeg.data, width: jpeg.info.width, height: jpeg.info.height };
    }
    await decoder.resize(256, 256, { fit: 'inside' }).raw().toBuffer();
  } catch {
    if (kind === 'image/heic') throw new AppError(415, 'HEIC_UNSUPPORTED', 'intake.heicUnsupported', undefined, { show: true });
    throw badRequest('FILE_CORRUPT', 'intake.fileCorrupt');
  }
  return { mime: kind, bytes, width, height };
}

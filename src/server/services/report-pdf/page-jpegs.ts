// Essay pages as the small JPEGs the report PDF embeds, kept in memory by file and rotation: turning a
// 1654×2339 PNG into a 900 px JPEG costs 25–100 ms of sharp per page, most of a 50-student report, and a
// teacher often downloads the simple and then the full report, or the same report twice. Bounded by bytes
// (oldest out first); a stored file never changes under its key, so an entry never goes stale.
import sharp from 'sharp';

const MAX_BYTES = 64 * 1024 * 1024;
const entries = new Map<string, Uint8Array>();
let bytes = 0;

export async function pageJpeg(storageKey: string, rotation: number, read: () => Promise<Buffer>): Promise<Uint8Array> {
  const key = `${storageKey}:${rotation}`;
  const hit = entries.get(key);
  if (hit) {
    entries.delete(key);
    entries.set(key, hit);
    return hit;
  }
  const jpeg = new Uint8Array(await sharp(await read()).rotate(rotation || undefined).resize({ width: 900, withoutEnlargement: true }).jpeg({ quality: 68 }).toBuffer());
  entries.set(key, jpeg);
  bytes += jpeg.length;
  for (const [k, v] of entries) {
    if (bytes <= MAX_BYTES) break;
    entries.delete(k);
    bytes -= v.length;
  }
  return jpeg;
}

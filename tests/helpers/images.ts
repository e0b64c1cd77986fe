import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A small solid image made with sharp (fast); `seed` varies the colour so the bytes differ. */
export function solidImage(width: number, height: number, seed = 0, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  const background = { r: (seed * 37) % 256, g: (seed * 91 + 80) % 256, b: (seed * 53 + 160) % 256 };
  const img = sharp({ create: { width, height, channels: 3, background } });
  return (format === 'png' ? img.png() : format === 'jpeg' ? img.jpeg({ quality: 80 }) : img.webp()).toBuffer();
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A PNG whose header claims width × height (with one row of data): what a decompression bomb looks like to a header reader. */
export function craftedPngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(width + 1))), chunk('IEND', Buffer.alloc(0))]);
}

/** A multipart body with text fields first, then several files. */
export function multipartFiles(fields: Record<string, string>, files: { field?: string; name: string; type?: string; content: Buffer }[]) {
  const boundary = `----zhipi${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`), f.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

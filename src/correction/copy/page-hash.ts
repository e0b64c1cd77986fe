import sharp from 'sharp';

/** Side of the grey thumbnail the transform runs on. */
const N = 32;
/** Low frequencies kept per axis: K × K − 1 coefficients (the DC term says only how dark the page is). */
const K = 16;
/** Bits in a page hash. */
export const PAGE_HASH_BITS = K * K - 1;
/**
 * Most bits two hashes may differ by and still be one sheet. Measured on the 18 demo pages
 * (copy/page-hash.test.ts): a rescaled, recompressed, darker or re-encoded copy differs by ≤ 26 bits,
 * a 20–30 px crop by ≤ 66 (mean 37), a 1–1.5° re-photograph by up to 68; two different pages never
 * by fewer than 72. 48 keeps a margin of 24 bits from any two different demo pages; a copy turned
 * or cropped more than that is left to the text comparison, which reads the same words on it.
 * The hash sees layout, not strokes: the same text written out line for line on the same grid in
 * another hand came 36 bits from the original, so such a copy is flagged as that page too.
 */
export const SAME_PAGE_MAX_BITS = 48;

const COS = Array.from({ length: K }, (_, u) => Float64Array.from({ length: N }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * N))));

/**
 * Perceptual hash of a page image: the signs (above or below the median) of the lowest 16 × 16
 * frequencies of a 2-D cosine transform of a 32 × 32 grey thumbnail, as hex. Low frequencies carry the
 * page's layout (where lines and paragraphs end), which survives rescaling, recompression and light
 * changes; 8 × 8 is too coarse on grid paper, where every page looks alike at that size.
 */
export async function pageHash(image: Uint8Array): Promise<string> {
  const { data } = await sharp(image).rotate().grayscale().normalise().resize(N, N, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  // separable transform: rows first, then columns
  const rows: Float64Array[] = [];
  for (let y = 0; y < N; y++) {
    const r = new Float64Array(K);
    for (let v = 0; v < K; v++) {
      let s = 0;
      for (let x = 0; x < N; x++) s += data[y * N + x]! * COS[v]![x]!;
      r[v] = s;
    }
    rows.push(r);
  }
  const coef: number[] = [];
  for (let u = 0; u < K; u++) {
    for (let v = 0; v < K; v++) {
      if (u === 0 && v === 0) continue;
      let s = 0;
      for (let y = 0; y < N; y++) s += rows[y]![v]! * COS[u]![y]!;
      coef.push(s);
    }
  }
  const median = [...coef].sort((a, b) => a - b)[coef.length >> 1]!;
  let hex = '';
  for (let i = 0; i < coef.length; i += 4) {
    let nibble = 0;
    for (let b = 0; b < 4; b++) nibble = (nibble << 1) | (i + b < coef.length && coef[i + b]! > median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

/** Bits that differ between two page hashes (PAGE_HASH_BITS when they cannot be compared). */
export function hashDistance(a: string, b: string): number {
  if (a.length !== b.length || !a.length) return PAGE_HASH_BITS;
  let d = 0;
  for (let i = 0; i < a.length; i++) {
    let x = parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16);
    for (; x; x &= x - 1) d++;
  }
  return d;
}

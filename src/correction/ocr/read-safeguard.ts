// Nothing returns empty while ink is on the page. Two checks after a page is read (paddle.ts):
// - a photographed sheet is warped upright before reading; when the warp is wrong (a shadow taken for the
//   table, a corner off the frame) the straightened page reads far less text than the photo shows. The
//   text the photo shows is estimated from the detector's text boxes on the unwarped photo (characters are
//   about as wide as high, so a box holds width / height of them); when the straightened reading has under
//   half of that, the page is read again only levelled, and the better reading is kept.
// - a page or line crop whose rows all read as nothing (no row found, or every row dropped as a smudge)
//   is read once more as one line over its ink: a low-confidence reading is shown as doubtful, never dropped.

export interface TextBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A warped reading with under this share of the characters the photo shows is read again unwarped. */
export const UNWARPED_RETRY_SHARE = 0.5;

/** Characters the detector's text boxes hold: a box holds width / height characters (at least one). */
export function charsInBoxes(boxes: TextBox[]): number {
  let n = 0;
  for (const b of boxes) {
    const w = b.x1 - b.x0;
    const h = b.y1 - b.y0;
    if (w <= 0 || h <= 0) continue;
    n += Math.max(1, Math.round(w / h));
  }
  return n;
}

/** Did the straightened page read far less than the photo shows? */
export function readsFarLess(readChars: number, shownChars: number): boolean {
  return shownChars > 0 && readChars < UNWARPED_RETRY_SHARE * shownChars;
}

interface Reading {
  lines: Array<{ chars: Array<{ confidence: number }> }>;
}

/** A reading's weight: its characters, each counted by its confidence (a reading of noise counts little). */
export function readingWeight(r: Reading): number {
  let s = 0;
  for (const l of r.lines) for (const c of l.chars) s += c.confidence;
  return s;
}

/** The better of two readings of one page (the first on a tie). */
export function betterReading<T extends Reading>(a: T, b: T): T {
  return readingWeight(b) > readingWeight(a) ? b : a;
}

/**
 * The extent of the ink on a page (dark pixels of `mask`), ignoring specks: columns and rows with fewer
 * than `min` dark pixels do not count. Undefined when there is no such ink.
 */
export function inkExtent(mask: Uint8Array, width: number, height: number, min = 2): TextBox | undefined {
  const cols = new Int32Array(width);
  const rows = new Int32Array(height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue;
      cols[x]!++;
      rows[y]!++;
    }
  }
  const first = (a: Int32Array): number => a.findIndex((v) => v >= min);
  const last = (a: Int32Array): number => {
    for (let i = a.length - 1; i >= 0; i--) if (a[i]! >= min) return i;
    return -1;
  };
  const x0 = first(cols);
  const y0 = first(rows);
  if (x0 < 0 || y0 < 0) return undefined;
  return { x0, y0, x1: last(cols) + 1, y1: last(rows) + 1 };
}

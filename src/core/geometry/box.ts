/** Axis-aligned box in image pixels: x, y of the top-left corner, width, height. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A box on one page of an essay (0-based page index). */
export interface PageBox {
  page: number;
  box: Box;
}

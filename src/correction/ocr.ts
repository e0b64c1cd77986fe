// The OCR provider contract for the later image work (not implemented here). A provider turns a page
// image into lines and characters with boxes and confidence; the transcript handed to correctText is
// the lines joined with '\n', so character offsets in notes map back to OCR characters and boxes.

/** Axis-aligned box in image pixels: x, y of the top-left corner, width, height. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface OcrChar {
  text: string;
  box: Box;
  /** 0..1 */
  confidence: number;
}

export interface OcrLine {
  text: string;
  box: Box;
  confidence: number;
  chars: OcrChar[];
  /** the page's title line */
  isTitle?: boolean;
}

export interface OcrPage {
  /** lines in reading order */
  lines: OcrLine[];
  width: number;
  height: number;
  /** mean character confidence, 0..1 */
  confidence: number;
}

export interface OcrProvider {
  readonly name: string;
  recognize(image: Uint8Array, options?: { signal?: AbortSignal }): Promise<OcrPage>;
}

/** Transcript of OCR pages: one line per OCR line, pages one after another. */
export function transcriptFromPages(pages: OcrPage[]): string {
  return pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n');
}

// The CJK font every PDF the server draws with MuPDF uses: Noto Sans SC, the @fontsource "chinese-simplified"
// cut (~8,000 glyphs with Latin), loaded once per process. PDFs embed only the glyphs used (subsetFonts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as mupdf from 'mupdf';
import { woffToSfnt } from './woff-to-sfnt';

let file: Uint8Array | undefined;
let font: mupdf.Font | undefined;

/** The font file (sfnt bytes), unwrapped from the WOFF once per process; worker threads are sent these. */
export function cjkFontFile(): Uint8Array {
  if (!file) {
    const dir = path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/LICENSE'));
    file = new Uint8Array(woffToSfnt(readFileSync(path.join(dir, 'files/noto-sans-sc-chinese-simplified-400-normal.woff'))));
  }
  return file;
}

export function cjkFont(): mupdf.Font {
  return (font ??= new mupdf.Font('NotoSansSC', cjkFontFile()));
}

/** The text as a PDF hex string of glyph ids (Identity-H); a character the font lacks draws as .notdef. */
export function glyphHex(f: mupdf.Font, text: string): string {
  return `<${[...text].map((c) => f.encodeCharacter(c.codePointAt(0)!).toString(16).padStart(4, '0')).join('')}>`;
}

/** Width of the text at `size` points. */
export function textWidth(f: mupdf.Font, text: string, size: number): number {
  let em = 0;
  for (const c of text) em += f.advanceGlyph(f.encodeCharacter(c.codePointAt(0)!), 0);
  return em * size;
}

/** The largest size ≤ `size` (not below `min`) at which the text fits `width`; past `min` the text is cut with "…". */
export function fitText(f: mupdf.Font, text: string, size: number, width: number, min = 8): { text: string; size: number } {
  const w = textWidth(f, text, size);
  if (w <= width) return { text, size };
  const shrunk = Math.max(min, Math.floor(((size * width) / w) * 10) / 10);
  if (textWidth(f, text, shrunk) <= width) return { text, size: shrunk };
  let cut = [...text];
  while (cut.length > 1 && textWidth(f, `${cut.join('')}…`, shrunk) > width) cut = cut.slice(0, -1);
  return { text: `${cut.join('')}…`, size: shrunk };
}

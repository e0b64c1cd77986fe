import * as mupdf from 'mupdf';

export type Rgb = [number, number, number];
const BLACK: Rgb = [0.15, 0.15, 0.15];
/** A4 in points. */
export const PAGE = { width: 595, height: 842, margin: 40 };

/** Per font, kept across documents: each lookup is a call into mupdf's WASM, several per character drawn. */
const glyphTables = new WeakMap<mupdf.Font, Map<number, { gid: number; advance: number }>>();

/**
 * A small drawing surface over mupdf's PDF writer: pages, wrapped CJK text (a break may fall between
 * any two characters), filled boxes and JPEG images. Coordinates from the top left, in points (fitz's
 * device space is y-down, so glyphs take the [size, 0, 0, -size, x, baseline] matrix).
 */
export class PdfCanvas {
  private readonly buffer = new mupdf.Buffer();
  // Streams are compressed once, at the end, after the font is cut to the glyphs used: compressing
  // while writing deflated the whole 2.5 MB font and every content stream a second time (≈ half the time).
  private readonly writer = new mupdf.DocumentWriter(this.buffer, 'pdf', '');
  /** glyph id and advance per code point of this font (see glyphTables) */
  private readonly glyphs: Map<number, { gid: number; advance: number }>;
  private device: mupdf.Device | null = null;
  /** where the next flowing block goes */
  y = PAGE.margin;

  constructor(private readonly font: mupdf.Font) {
    let table = glyphTables.get(font);
    if (!table) glyphTables.set(font, (table = new Map()));
    this.glyphs = table;
  }

  /** Characters the font lacks (the simplified-Chinese cut has no arrows) drawn as a near ASCII sign. */
  private static readonly FALLBACK: Record<string, string> = { '→': '>', '←': '<', '×': 'x', '—': '-', '…': '...' };
  private clean(text: string): string {
    return [...text].map((ch) => (this.glyph(ch).gid === 0 && /\S/.test(ch) ? (PdfCanvas.FALLBACK[ch] ?? '?') : ch)).join('');
  }

  private glyph(ch: string): { gid: number; advance: number } {
    const uni = ch.codePointAt(0)!;
    let g = this.glyphs.get(uni);
    if (!g) {
      const gid = this.font.encodeCharacter(uni);
      g = { gid, advance: this.font.advanceGlyph(gid, 0) };
      this.glyphs.set(uni, g);
    }
    return g;
  }

  newPage() {
    if (this.device) this.writer.endPage();
    this.device = this.writer.beginPage([0, 0, PAGE.width, PAGE.height]);
    this.y = PAGE.margin;
  }

  private get dev(): mupdf.Device {
    if (!this.device) this.newPage();
    return this.device!;
  }

  /** A new page when fewer than `height` points are left. */
  ensure(height: number) {
    if (!this.device || this.y + height > PAGE.height - PAGE.margin) this.newPage();
  }

  /** Width of a string at a size. */
  measure(text: string, size: number): number {
    let w = 0;
    for (const ch of this.clean(text)) w += this.glyph(ch).advance * size;
    return w;
  }

  /** Lines of `text` that fit `width` at `size` (explicit newlines kept). */
  wrap(text: string, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const para of this.clean(text).split('\n')) {
      let line = '';
      let w = 0;
      for (const ch of para) {
        const a = this.glyph(ch).advance * size;
        if (w + a > width && line) {
          lines.push(line);
          line = '';
          w = 0;
        }
        line += ch;
        w += a;
      }
      lines.push(line);
    }
    return lines;
  }

  /** Text at (x, y = top of the first line), wrapped to `width`; returns the height used. */
  text(text: string, x: number, y: number, opts: { size?: number; width?: number; color?: Rgb; lineHeight?: number } = {}): number {
    const size = opts.size ?? 10;
    const lh = size * (opts.lineHeight ?? 1.5);
    const lines = opts.width ? this.wrap(text, size, opts.width) : [this.clean(text)];
    const t = new mupdf.Text();
    lines.forEach((line, i) => {
      let cx = x;
      const baseline = y + i * lh + size;
      for (const ch of line) {
        const g = this.glyph(ch);
        t.showGlyph(this.font, [size, 0, 0, -size, cx, baseline], g.gid, ch.codePointAt(0)!);
        cx += g.advance * size;
      }
    });
    this.dev.fillText(t, mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, opts.color ?? BLACK, 1);
    return lines.length * lh;
  }

  /** Flowing paragraph at the left margin (new page when needed); advances `y`. */
  para(text: string, opts: { size?: number; color?: Rgb; gap?: number; indent?: number } = {}) {
    const size = opts.size ?? 10;
    const width = PAGE.width - 2 * PAGE.margin - (opts.indent ?? 0);
    const lines = this.wrap(text, size, width);
    const lh = size * 1.5;
    for (const line of lines) {
      this.ensure(lh);
      this.text(line, PAGE.margin + (opts.indent ?? 0), this.y, { size, ...(opts.color ? { color: opts.color } : {}) });
      this.y += lh;
    }
    this.y += opts.gap ?? 4;
  }

  box(x: number, y: number, w: number, h: number, color: Rgb) {
    const path = new mupdf.Path();
    path.rect(x, y, x + w, y + h);
    this.dev.fillPath(path, false, mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, color, 1);
  }

  /** A JPEG fitted into the box (keeps its aspect ratio); returns the height drawn. */
  image(jpeg: Uint8Array, x: number, y: number, maxW: number, maxH: number): number {
    const img = new mupdf.Image(jpeg);
    const scale = Math.min(maxW / img.getWidth(), maxH / img.getHeight());
    const w = img.getWidth() * scale;
    const h = img.getHeight() * scale;
    this.dev.fillImage(img, [w, 0, 0, h, x, y], 1);
    return h;
  }

  /** Ends the document: fonts subset to the glyphs used, then streams compressed (once). */
  finish(): Uint8Array {
    if (!this.device) this.newPage();
    this.writer.endPage();
    this.writer.close();
    const doc = mupdf.Document.openDocument(this.buffer, 'application/pdf') as mupdf.PDFDocument;
    doc.subsetFonts();
    return doc.saveToBuffer('compress,garbage').asUint8Array();
  }
}

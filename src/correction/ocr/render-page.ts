// Renders essay text onto grid paper (作文纸, 20×20 squares), lined or blank paper in a Kai-style font, as a
// test and benchmark input for the OCR (pages are made, never downloaded). An SVG with every character
// positioned per cell is rasterised by sharp (librsvg + fontconfig, so the font must be installed:
// Debian `fonts-arphic-ukai`), then degraded on request: rotation, noise, blur, photo-like lighting,
// upside-down, JPEG.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';

export const KAI_FONT_FAMILY = 'AR PL UKai CN';
const KNOWN_KAI_PATHS = ['/usr/share/fonts/truetype/arphic/ukai.ttc', '/usr/share/fonts/truetype/arphic-ukai/ukai.ttc'];

/** Why the Kai font cannot be used, or undefined when it is installed (fc-list or a known path). */
export function kaiFontMissing(): string | undefined {
  try {
    const out = execFileSync('fc-list', [':family'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    if (out.includes('UKai')) return undefined;
  } catch {
    // no fontconfig tools: fall back to the known paths
  }
  if (KNOWN_KAI_PATHS.some((p) => existsSync(p))) return undefined;
  return 'Kai font missing: install Debian fonts-arphic-ukai (apt-get install -y fonts-arphic-ukai) to render test pages';
}

export interface RenderOptions {
  /** plain: blank paper, the text laid out as on lined paper */
  paper?: 'grid' | 'lined' | 'plain';
  /** degrees, counter-clockwise positive as in the image plane (sharp rotates clockwise for positive) */
  rotate?: number;
  /** gaussian noise amplitude, 0..60 grey levels */
  noise?: number;
  blur?: number;
  /** uneven lighting and a warm paper tint, like a phone photo */
  photo?: boolean;
  upsideDown?: boolean;
  jpeg?: boolean;
  /** deterministic noise */
  seed?: number;
  /** text lines are written as paragraphs; the first is the title unless title is false */
  title?: boolean;
  /** page number printed at the bottom ("第 n 页") */
  pageNumber?: number;
  /** grid: quotes, dashes and ellipses drawn as a pupil writes them in their cells (small ticks high in
   * the cell, a stroke across it, three dots), not as the font's glyphs */
  handMarks?: boolean;
}

export interface RenderedPage {
  image: Buffer;
  /** the text the page shows, paragraphs joined with '\n' (title first) */
  text: string;
  /** characters that did not fit on the page */
  overflow: string;
}

export const PAGE_W = 1240;
export const PAGE_H = 1754;
const GRID_COLS = 20;
const GRID_ROWS = 20;
const CELL = 54;
const ROW_GAP = 16;
const LINED_ROWS = 24;
const LINE_PITCH = 64;
const LINED_FONT = 40;

const esc = (c: string): string => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c);

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Lay paragraphs out on rows of `cols` cells: title centred, paragraphs indented by two cells. */
function layoutCells(paragraphs: string[], cols: number, rows: number, title: boolean): { cells: Array<Array<string | undefined>>; shown: string[]; overflow: string } {
  const cells: Array<Array<string | undefined>> = [];
  const shown: string[] = [];
  let overflow = '';
  paragraphs.forEach((para, pi) => {
    const chars = [...para];
    if (pi === 0 && title) {
      if (cells.length >= rows) return void (overflow += para);
      const row: Array<string | undefined> = new Array<string | undefined>(cols).fill(undefined);
      const start = Math.max(0, Math.floor((cols - chars.length) / 2));
      chars.slice(0, cols).forEach((c, i) => (row[start + i] = c));
      cells.push(row);
      shown.push(chars.slice(0, cols).join(''));
      return;
    }
    let col = 2;
    let row: Array<string | undefined> = new Array<string | undefined>(cols).fill(undefined);
    let text = '';
    for (let i = 0; i < chars.length; i++) {
      if (col >= cols) {
        cells.push(row);
        row = new Array<string | undefined>(cols).fill(undefined);
        col = 0;
      }
      if (cells.length >= rows) {
        overflow += chars.slice(i).join('');
        break;
      }
      row[col++] = chars[i];
      text += chars[i];
    }
    if (cells.length < rows) cells.push(row);
    if (text) shown.push(text);
  });
  return { cells: cells.slice(0, rows), shown, overflow };
}

/** A mark as a pupil writes it in a grid cell at (x, y): “ ” two small ticks high in the cell, — a stroke across it, … three dots. */
function handMark(ch: string, x: number, y: number, ink: string): string | undefined {
  const tick = (x0: number, y0: number, x1: number, y1: number): string => `<line x1="${x + x0}" y1="${y + y0}" x2="${x + x1}" y2="${y + y1}" stroke="${ink}" stroke-width="3.5" stroke-linecap="round"/>`;
  if (ch === '“') return tick(30, 8, 27, 18) + tick(39, 8, 36, 18);
  if (ch === '”') return tick(15, 8, 18, 18) + tick(24, 8, 27, 18);
  if (ch === '—') return tick(5, CELL / 2, CELL - 5, CELL / 2 - 1);
  if (ch === '…') return [13, 27, 41].map((cx) => `<circle cx="${x + cx}" cy="${y + CELL / 2}" r="2.6" fill="${ink}"/>`).join('');
  return undefined;
}

function gridSvg(cells: Array<Array<string | undefined>>, o: RenderOptions): string {
  const left = Math.round((PAGE_W - GRID_COLS * CELL) / 2);
  const top = 150;
  const ink = o.photo ? '#2a2a40' : '#111';
  const lineColor = o.photo ? '#3c8a4a' : '#4a9a5a';
  const parts: string[] = [];
  for (let r = 0; r < GRID_ROWS; r++) {
    const y = top + r * (CELL + ROW_GAP);
    parts.push(`<rect x="${left}" y="${y}" width="${GRID_COLS * CELL}" height="${CELL}" fill="none" stroke="${lineColor}" stroke-width="2"/>`);
    for (let c = 1; c < GRID_COLS; c++) parts.push(`<line x1="${left + c * CELL}" y1="${y}" x2="${left + c * CELL}" y2="${y + CELL}" stroke="${lineColor}" stroke-width="2"/>`);
    const row = cells[r];
    if (!row) continue;
    row.forEach((ch, c) => {
      if (ch === undefined) return;
      const fs = 42;
      const x = left + c * CELL + (CELL - fs) / 2;
      const hand = o.handMarks ? handMark(ch, left + c * CELL, y, ink) : undefined;
      if (hand) return void parts.push(hand);
      parts.push(`<text x="${x}" y="${y + CELL / 2 + fs * 0.36}" font-size="${fs}" fill="${ink}">${esc(ch)}</text>`);
    });
  }
  return parts.join('');
}

function linedSvg(paragraphs: string[], o: RenderOptions, rules = true): { svg: string; shown: string[]; overflow: string } {
  const left = 90;
  const right = PAGE_W - 90;
  const top = 170;
  const perLine = Math.floor((right - left) / LINED_FONT);
  const { cells, shown, overflow } = layoutCells(paragraphs, perLine, LINED_ROWS, o.title !== false);
  const ink = o.photo ? '#1c2a55' : '#151540';
  const parts: string[] = [];
  for (let r = 0; r < LINED_ROWS; r++) {
    const base = top + (r + 1) * LINE_PITCH;
    if (rules) parts.push(`<line x1="${left - 20}" y1="${base}" x2="${right + 20}" y2="${base}" stroke="#7d9cc8" stroke-width="2"/>`);
    const row = cells[r];
    if (!row) continue;
    row.forEach((ch, c) => {
      if (ch === undefined) return;
      parts.push(`<text x="${left + c * LINED_FONT}" y="${base - 12}" font-size="${LINED_FONT}" fill="${ink}">${esc(ch)}</text>`);
    });
  }
  return { svg: parts.join(''), shown, overflow };
}

/** Render one page. `text`: paragraphs separated by '\n', the first one the title (unless title: false). */
export async function renderEssayPage(text: string, o: RenderOptions = {}): Promise<RenderedPage> {
  const paragraphs = text.split('\n').map((p) => p.trim()).filter(Boolean);
  let body: string;
  let shown: string[];
  let overflow: string;
  if (o.paper === 'lined' || o.paper === 'plain') {
    ({ svg: body, shown, overflow } = linedSvg(paragraphs, o, o.paper === 'lined'));
  } else {
    const laid = layoutCells(paragraphs, GRID_COLS, GRID_ROWS, o.title !== false);
    body = gridSvg(laid.cells, o);
    shown = laid.shown;
    overflow = laid.overflow;
  }
  const footer = o.pageNumber !== undefined ? `<text x="${PAGE_W / 2 - 40}" y="${PAGE_H - 80}" font-size="28" fill="#555">第 ${o.pageNumber} 页</text>` : '';
  const bg = o.photo ? '#f3ead8' : '#ffffff';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_W}" height="${PAGE_H}"><rect width="100%" height="100%" fill="${bg}"/><g font-family="${KAI_FONT_FAMILY}">${body}${footer}</g></svg>`;
  const img = await sharp(Buffer.from(svg)).flatten({ background: bg }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let { data } = img;
  const { width, height, channels } = img.info;
  if (o.photo || o.noise) {
    const rnd = mulberry32(o.seed ?? 1);
    const out = Buffer.alloc(data.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // lighting: darker towards one corner and a soft vignette
        const light = o.photo ? 0.62 + 0.38 * (1 - (0.6 * x) / width - (0.4 * y) / height) * (1 - 0.25 * ((x / width - 0.5) ** 2 + (y / height - 0.5) ** 2)) : 1;
        const n = o.noise ? (rnd() + rnd() + rnd() - 1.5) * o.noise : 0;
        for (let c = 0; c < channels; c++) {
          const i = (y * width + x) * channels + c;
          out[i] = Math.max(0, Math.min(255, Math.round((data[i] ?? 0) * light + n)));
        }
      }
    }
    data = out;
  }
  let s = sharp(data, { raw: { width, height, channels } });
  if (o.blur) s = s.blur(o.blur);
  const bgFill = o.photo ? { r: 120, g: 110, b: 95 } : { r: 255, g: 255, b: 255 };
  if (o.rotate) s = sharp(await s.png().toBuffer()).rotate(o.rotate, { background: bgFill });
  if (o.upsideDown) s = sharp(await s.png().toBuffer()).rotate(180);
  const image = o.jpeg ? await s.jpeg({ quality: 82 }).toBuffer() : await s.png({ compressionLevel: 3 }).toBuffer();
  return { image, text: shown.join('\n'), overflow };
}

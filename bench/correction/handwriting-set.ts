// Development set of pages that look like pupils' handwriting (product-rules.md#ocr), made, never downloaded:
//   node --import tsx bench/correction/handwriting-set.ts [--out DIR] [--per-kind 2] [--lines 6] [--seed 13] [--fonts long-cang,ma-shan-zheng] [--photo-only] [--essays fresh]
// Essays (the demo essays and the aes-calibration essays) are written in the npm handwriting fonts
// (@fontsource/long-cang, ma-shan-zheng, zcool-kuaile, liu-jian-mao-cao) on 作文 grid, lined and plain
// paper, each glyph with its own jitter (offset, turn, size), uneven or pencil-grey ink, some characters
// crossed out (and written again after), a printed header (姓名 班级 学号, the name and number written
// in) and the paper's printed marks (word counts beside the grid, a "20×18=360字" footer, a page number).
// Photo-like pages: the page turned up to 10°, in perspective, not filling the frame, on a table (wood, a grey
// desk or a patterned cloth), with a
// shadow, warm paper, blur, noise and JPEG. Plus line crops (one written line, clean or photo-like) and strip
// crops (a line as a scanner cuts it, 45–80 px high, the fonts mixed per character: pupilGlyph).
// Chromium (playwright-core, /usr/bin/chromium) draws the pages: it loads the fonts' woff2 files.
// The layout is computed here, so the reference text is exact. The same seed gives the same set.
// Writes DIR/manifest.json: [{ file, kind, font, split, paper, photo, line, text, header }].
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { DEMO_ESSAYS, DEMO_ESSAY_TITLE } from '../../src/server/seed/demo-essays-data.js';
import { loadAes } from './aes-data.js';

export const FONTS = {
  'long-cang': 'Long Cang',
  'ma-shan-zheng': 'Ma Shan Zheng',
  'zcool-kuaile': 'ZCOOL KuaiLe',
  'liu-jian-mao-cao': 'Liu Jian Mao Cao',
} as const;
export type FontKey = keyof typeof FONTS;
/** fonts any tuning may look at; the others are held out and only reported */
export const TUNING_FONTS: FontKey[] = ['long-cang', 'ma-shan-zheng'];

export type Paper = 'grid' | 'lined' | 'plain';
export interface DevItem {
  file: string;
  /** e.g. "grid photo", "line crop" */
  kind: string;
  font: FontKey;
  /** dev: tuning font and dev titles; test: held-out font and other titles (devEssays) */
  split: 'dev' | 'test';
  paper: Paper;
  photo: boolean;
  line: boolean;
  /** what the essay text on the image is (paragraphs joined with '\n'); header and printed marks excluded */
  text: string;
  /** the header's written name and student number (pages only) */
  header?: { name: string; studentNo: string };
}

const W = 1240;
const H = 1754;
const CELL = 54;
const ROW_GAP = 16;
const GRID_COLS = 20;
const GRID_ROWS = 18;
const GRID_LEFT = (W - GRID_COLS * CELL) / 2;
const GRID_TOP = 190;
const LINE_PITCH = 66;
const LINED_ROWS = 21;
const LINED_LEFT = 100;
const LINED_RIGHT = W - 100;
const LINED_TOP = 200;

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

const esc = (c: string): string => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c);
const PUNCT = /[，。、；：！？“”‘’（）《》…—]/u;
const NAMES = ['王雨桐', '李浩然', '张子涵', '刘思远', '陈欣怡', '杨博文', '赵一鸣', '黄诗琪', '周子轩', '吴佳宁'];

interface Pen {
  color: string;
  /** ink opacity range: pencil and a drying pen vary */
  alpha: [number, number];
  jitter: number;
}

function penFor(rnd: () => number): Pen {
  const r = rnd();
  if (r < 0.3) return { color: '#5e5e5e', alpha: [0.5, 0.9], jitter: 1 }; // pencil
  if (r < 0.65) return { color: '#1b2a5a', alpha: [0.75, 1], jitter: 1 }; // blue-black
  return { color: '#1a1a1a', alpha: [0.8, 1], jitter: 1 };
}

/** One written glyph: centre (cx, cy), nominal size; jittered per glyph. */
function glyph(ch: string, cx: number, cy: number, size: number, pen: Pen, rnd: () => number, font: string): string {
  const s = size * (0.9 + rnd() * 0.16);
  const dx = (rnd() - 0.5) * size * 0.12;
  const dy = (rnd() - 0.5) * size * 0.12;
  const rot = (rnd() - 0.5) * 8;
  const a = pen.alpha[0] + rnd() * (pen.alpha[1] - pen.alpha[0]);
  // punctuation sits low-left in its square, as written
  const p = PUNCT.test(ch) && !'“”‘’《》（）'.includes(ch);
  return `<span style="left:${(cx - s / 2 + dx).toFixed(1)}px;top:${(cy - s / 2 + dy).toFixed(1)}px;width:${s.toFixed(1)}px;height:${s.toFixed(1)}px;font-size:${s.toFixed(1)}px;line-height:${s.toFixed(1)}px;color:${pen.color};opacity:${a.toFixed(2)};transform:rotate(${rot.toFixed(1)}deg);font-family:'${font}','AR PL UKai CN';${p ? 'text-align:left;' : ''}">${esc(ch)}</span>`;
}

/**
 * A pupil's glyph in a strip: its own font (fonts mixed character by character), uneven size, written
 * across the cell border, its strokes leaned and stretched (skew and a squash: a cheap stand-in for
 * elastic distortion, which CSS cannot do per stroke).
 */
function pupilGlyph(ch: string, cx: number, cy: number, size: number, pen: Pen, rnd: () => number, font: string, across: number): string {
  const s = size * (0.75 + rnd() * 0.45);
  const dx = (rnd() - 0.5) * 2 * across * size;
  const dy = (rnd() - 0.5) * size * 0.2;
  const rot = (rnd() - 0.5) * 12;
  const skew = (rnd() - 0.5) * 24;
  const squash = 0.85 + rnd() * 0.3;
  const a = pen.alpha[0] + rnd() * (pen.alpha[1] - pen.alpha[0]);
  return `<span style="left:${(cx - s / 2 + dx).toFixed(1)}px;top:${(cy - s / 2 + dy).toFixed(1)}px;width:${s.toFixed(1)}px;height:${s.toFixed(1)}px;font-size:${s.toFixed(1)}px;line-height:${s.toFixed(1)}px;color:${pen.color};opacity:${a.toFixed(2)};transform:rotate(${rot.toFixed(1)}deg) skewX(${skew.toFixed(1)}deg) scaleY(${squash.toFixed(2)});font-family:'${font}','AR PL UKai CN';">${esc(ch)}</span>`;
}

/** Scribble lines over a crossed-out character. */
function crossOut(cx: number, cy: number, size: number, pen: Pen, rnd: () => number): string {
  const n = 2 + Math.floor(rnd() * 3);
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const y0 = cy - size * 0.3 + (i * size * 0.6) / Math.max(1, n - 1) + (rnd() - 0.5) * 6;
    const y1 = y0 + (rnd() - 0.5) * size * 0.5;
    lines.push(`<line x1="${(cx - size * 0.45).toFixed(1)}" y1="${y0.toFixed(1)}" x2="${(cx + size * 0.45).toFixed(1)}" y2="${y1.toFixed(1)}" stroke="${pen.color}" stroke-width="${(2.5 + rnd() * 2).toFixed(1)}" stroke-linecap="round"/>`);
  }
  return lines.join('');
}

interface Written {
  html: string[];
  svg: string[];
  text: string;
}

/** The essay's characters as the pupil writes them: a few crossed out (a wrong character, then the right one). */
function slips(chars: string[], rnd: () => number, pool: string[], rate = 1 / 120): Array<{ ch: string; crossed?: boolean }> {
  const out: Array<{ ch: string; crossed?: boolean }> = [];
  for (const ch of chars) {
    if (!PUNCT.test(ch) && rnd() < rate) out.push({ ch: pool[Math.floor(rnd() * pool.length)]!, crossed: true });
    out.push({ ch });
  }
  return out;
}

/** Grid: title centred, paragraphs indented two cells; punctuation in its own cell. */
function writeGrid(paras: string[], rnd: () => number, pen: Pen, font: string, pool: string[]): Written {
  const w: Written = { html: [], svg: [], text: '' };
  const shown: string[] = [];
  let r = 0;
  const cellXY = (row: number, col: number): [number, number] => [GRID_LEFT + col * CELL + CELL / 2, GRID_TOP + row * (CELL + ROW_GAP) + CELL / 2];
  paras.forEach((para, pi) => {
    if (r >= GRID_ROWS) return;
    const chars = [...para];
    if (pi === 0) {
      const start = Math.max(0, Math.floor((GRID_COLS - chars.length) / 2));
      chars.slice(0, GRID_COLS).forEach((ch, i) => w.html.push(glyph(ch, ...cellXY(r, start + i), 44, pen, rnd, font)));
      shown.push(chars.slice(0, GRID_COLS).join(''));
      r++;
      return;
    }
    let c = 2;
    let text = '';
    for (const s of slips(chars, rnd, pool)) {
      if (c >= GRID_COLS) {
        r++;
        c = 0;
      }
      if (r >= GRID_ROWS) break;
      const [x, y] = cellXY(r, c++);
      w.html.push(glyph(s.ch, x, y, 44, pen, rnd, font));
      if (s.crossed) w.svg.push(crossOut(x, y, 44, pen, rnd));
      else text += s.ch;
    }
    if (text) shown.push(text);
    r++;
  });
  w.text = shown.join('\n');
  return w;
}

/** Lined or plain paper: proportional handwriting, indented paragraphs; plain lines wander a little. */
function writeLines(paras: string[], rnd: () => number, pen: Pen, font: string, pool: string[], plain: boolean): Written {
  const w: Written = { html: [], svg: [], text: '' };
  const shown: string[] = [];
  const size = 40;
  let r = 0;
  const drift = plain ? (rnd() - 0.5) * 0.03 : 0;
  const baseY = (row: number, x: number): number => LINED_TOP + (row + 1) * LINE_PITCH - size * 0.62 + (plain ? (x - LINED_LEFT) * drift + Math.sin(row + x / 300) * 3 : 0);
  paras.forEach((para, pi) => {
    if (r >= LINED_ROWS) return;
    const chars = [...para];
    let x = LINED_LEFT + (pi === 0 ? Math.max(0, (LINED_RIGHT - LINED_LEFT - chars.length * size) / 2) : 2 * size);
    let text = '';
    for (const s of pi === 0 ? chars.map((ch) => ({ ch, crossed: false })) : slips(chars, rnd, pool)) {
      const adv = size * (PUNCT.test(s.ch) ? 0.75 : 0.92 + rnd() * 0.14);
      if (x + adv > LINED_RIGHT + (PUNCT.test(s.ch) ? size * 0.6 : 0)) {
        r++;
        x = LINED_LEFT;
      }
      if (r >= LINED_ROWS) break;
      const cx = x + adv / 2;
      const cy = baseY(r, cx);
      w.html.push(glyph(s.ch, cx, cy, size, pen, rnd, font));
      if (s.crossed) w.svg.push(crossOut(cx, cy, size, pen, rnd));
      else text += s.ch;
      x += adv;
    }
    if (text) shown.push(text);
    r++;
  });
  w.text = shown.join('\n');
  return w;
}

function printedMarks(paper: Paper, page: number, name: string, studentNo: string, rnd: () => number, pen: Pen, font: string): { html: string[]; svg: string[] } {
  const html: string[] = [];
  const svg: string[] = [];
  const pr = (x: number, y: number, size: number, t: string, color = '#444'): string => `<div class="pr" style="left:${x}px;top:${y}px;font-size:${size}px;color:${color}">${t}</div>`;
  html.push(pr(100, 70, 30, '姓名：<u>　　　　　</u>　班级：七年级1班　学号：<u>　　　　</u>'));
  // the name and number written into the header's blanks
  [...name].forEach((ch, i) => html.push(glyph(ch, 205 + i * 34, 88, 32, pen, rnd, font)));
  [...studentNo].forEach((ch, i) => html.push(glyph(ch, 770 + i * 22, 88, 28, pen, rnd, font)));
  if (paper === 'grid') {
    for (let r = 4; r < GRID_ROWS; r += 5) html.push(pr(GRID_LEFT + GRID_COLS * CELL - 60, GRID_TOP + r * (CELL + ROW_GAP) + CELL + 1, 13, `${(r + 1) * GRID_COLS}字`, '#3c8a4a'));
    html.push(pr(W / 2 - 200, H - 140, 22, `（20×${GRID_ROWS}=${20 * GRID_ROWS}字）`, '#3c8a4a'));
  }
  html.push(pr(W / 2 - 30, H - 90, 22, `— ${page} —`));
  return { html, svg };
}

function paperSvg(paper: Paper): string {
  const out: string[] = [];
  if (paper === 'grid') {
    for (let r = 0; r < GRID_ROWS; r++) {
      const y = GRID_TOP + r * (CELL + ROW_GAP);
      out.push(`<rect x="${GRID_LEFT}" y="${y}" width="${GRID_COLS * CELL}" height="${CELL}" fill="none" stroke="#4a9a5a" stroke-width="2"/>`);
      for (let c = 1; c < GRID_COLS; c++) out.push(`<line x1="${GRID_LEFT + c * CELL}" y1="${y}" x2="${GRID_LEFT + c * CELL}" y2="${y + CELL}" stroke="#4a9a5a" stroke-width="2"/>`);
    }
    out.push(`<rect x="${GRID_LEFT - 14}" y="${GRID_TOP - 14}" width="${GRID_COLS * CELL + 28}" height="${GRID_ROWS * (CELL + ROW_GAP) + 12}" fill="none" stroke="#4a9a5a" stroke-width="3"/>`);
  } else if (paper === 'lined') {
    for (let r = 0; r < LINED_ROWS; r++) {
      const y = LINED_TOP + (r + 1) * LINE_PITCH;
      out.push(`<line x1="${LINED_LEFT - 30}" y1="${y}" x2="${LINED_RIGHT + 30}" y2="${y}" stroke="#7d9cc8" stroke-width="2"/>`);
    }
  }
  return out.join('');
}

interface PhotoLook {
  turn: number;
  tiltX: number;
  tiltY: number;
  scale: number;
  shiftX: number;
  shiftY: number;
  shadow: number;
  shadowAngle: number;
  blur: number;
  noise: number;
  quality: number;
  /** the table under the sheet: wood, a grey desk, a patterned cloth */
  table: 'wood' | 'grey' | 'pattern';
}

const TABLES: Record<PhotoLook['table'], string> = {
  wood: 'radial-gradient(circle at 30% 20%,#8d7a62,#5b4a3a)',
  grey: 'radial-gradient(circle at 60% 40%,#9a9a98,#6c6c6a)',
  pattern: 'repeating-linear-gradient(45deg,#77808a 0 14px,#5d6670 14px 28px)',
};

function photoLook(rnd: () => number): PhotoLook {
  return {
    turn: (rnd() * 2 - 1) * 10,
    tiltX: (rnd() * 2 - 1) * 7,
    tiltY: (rnd() * 2 - 1) * 5,
    scale: 0.78 + rnd() * 0.14,
    shiftX: (rnd() - 0.5) * 80,
    shiftY: (rnd() - 0.5) * 80,
    shadow: 0.15 + rnd() * 0.3,
    shadowAngle: Math.floor(rnd() * 360),
    blur: 0.5 + rnd() * 0.8,
    noise: 8 + rnd() * 14,
    quality: 68 + Math.floor(rnd() * 20),
    table: (['wood', 'grey', 'pattern'] as const)[Math.floor(rnd() * 3)]!,
  };
}

function pageHtml(fontCss: string[], body: string, svg: string, photo: PhotoLook | undefined, w: number, h: number): string {
  const paper = photo ? '#f2ead8' : '#ffffff';
  const inner = `<div id="page" style="position:relative;width:${w}px;height:${h}px;background:${paper};overflow:hidden">${body}<svg width="${w}" height="${h}" style="position:absolute;left:0;top:0">${svg}</svg></div>`;
  const css = `${fontCss.join('\n')} body{margin:0} span{position:absolute;text-align:center;white-space:pre} .pr{position:absolute;font-family:'Noto Sans SC','AR PL UKai CN',sans-serif;white-space:pre}`;
  if (!photo) return `<html><head><style>${css}</style></head><body>${inner}</body></html>`;
  const stage = `position:relative;width:${w}px;height:${h}px;overflow:hidden;background:${TABLES[photo.table]};perspective:2200px`;
  const tf = `translate(${photo.shiftX}px,${photo.shiftY}px) scale(${photo.scale}) rotateX(${photo.tiltX}deg) rotateY(${photo.tiltY}deg) rotate(${photo.turn}deg)`;
  const shade = `<div style="position:absolute;inset:0;background:linear-gradient(${photo.shadowAngle}deg,rgba(0,0,0,${photo.shadow}) 0%,rgba(0,0,0,0) 55%)"></div>`;
  return `<html><head><style>${css}</style></head><body><div style="${stage}"><div style="position:absolute;left:0;top:0;transform-origin:50% 50%;transform:${tf};box-shadow:0 10px 40px rgba(0,0,0,.5)">${inner}</div>${shade}</div></body></html>`;
}

async function degrade(png: Buffer, look: PhotoLook, seed: number): Promise<Buffer> {
  const { data, info } = await sharp(png).blur(look.blur).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const rnd = mulberry32(seed);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(data[i]! + (rnd() + rnd() + rnd() - 1.5) * look.noise)));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).jpeg({ quality: look.quality }).toBuffer();
}

/** aes-calibration essays the set writes (the first SET_AES of the list); the OCR language model never reads them */
export const SET_AES = 40;

/**
 * Essays to write, split by title: the dev split (the demo essays and the first half of the set's
 * aes-calibration essays) is written in the tuning fonts only, the test split (the second half, minus any
 * essay whose title is also in the dev split) in the held-out fonts only. So a held-out figure is on a
 * font AND on titles no tuning looked at. Each essay: title first, then paragraphs.
 */
export function devEssays(): { dev: string[][]; test: string[][] } {
  const dev: string[][] = DEMO_ESSAYS.map((e) => [DEMO_ESSAY_TITLE, ...e.paragraphs]);
  const test: string[][] = [];
  try {
    const aes = loadAes('/work/shared/data/aes-calibration/').slice(0, SET_AES);
    const paras = (t: string): string[] => t.split('\n').map((p) => p.replace(/[ \t\u3000]+/g, '').trim()).filter(Boolean);
    aes.slice(0, SET_AES / 2).forEach((e) => dev.push(paras(e.transcript)));
    const devTitles = new Set(dev.map((e) => e[0]));
    for (const e of aes.slice(SET_AES / 2)) if (!devTitles.has(paras(e.transcript)[0])) test.push(paras(e.transcript));
  } catch {
    // the calibration essays are optional (the test split then reuses the demo essays: said in the manifest)
  }
  return { dev, test: test.length ? test : dev };
}

/**
 * Essays no tuning and no language model has read: the aes-calibration essays after the first SET_AES
 * whose title is one of theirs (build-ocr-lm.ts leaves those out of the model's corpus, and the set never
 * wrote them). Written by every font, for a final check run once (`--essays fresh`, with a new seed).
 */
export function freshEssays(): string[][] {
  const aes = loadAes('/work/shared/data/aes-calibration/');
  const heldTitles = new Set(aes.slice(0, SET_AES).map((e) => e.title));
  const paras = (t: string): string[] => t.split('\n').map((p) => p.replace(/[ \t\u3000]+/g, '').trim()).filter(Boolean);
  return aes.slice(SET_AES).filter((e) => heldTitles.has(e.title)).map((e) => paras(e.transcript));
}

function fontFaceCss(): string[] {
  const req = createRequire(import.meta.url);
  return Object.entries(FONTS).map(([key, family]) => {
    const file = join(dirname(req.resolve(`@fontsource/${key}/package.json`)), 'files', `${key}-chinese-simplified-400-normal.woff2`);
    return `@font-face{font-family:'${family}';src:url(file://${file}) format('woff2')}`;
  }).concat(`@font-face{font-family:'Noto Sans SC';src:url(file://${join(dirname(req.resolve('@fontsource/noto-sans-sc/package.json')), 'files', 'noto-sans-sc-chinese-simplified-400-normal.woff2')}) format('woff2')}`);
}

/** Load the page from a file (a file:// page may load the fonts' file:// URLs) and wait for its fonts. */
async function show(page: Page, out: string, html: string): Promise<void> {
  const file = join(out, '_page.html');
  writeFileSync(file, html);
  await page.goto(`file://${file}`);
  await page.evaluate(async () => {
    await Promise.all([...document.querySelectorAll('span')].map((s) => document.fonts.load(`40px ${getComputedStyle(s).fontFamily}`, s.textContent ?? '')));
    await document.fonts.ready;
  });
}

/** what to make besides the whole set: some fonts only, photo-like pages only (to look for failures on more pages of the tuning fonts) */
export interface SetFilter {
  fonts?: FontKey[];
  photoOnly?: boolean;
  /** write the fresh essays (freshEssays) in every font instead of the dev/test split's */
  fresh?: boolean;
}

export async function makeDevSet(out: string, perKind: number, linesPerFont: number, seed = 13, filter: SetFilter = {}): Promise<DevItem[]> {
  mkdirSync(out, { recursive: true });
  const css = fontFaceCss();
  const split = filter.fresh ? { dev: freshEssays(), test: freshEssays() } : devEssays();
  const pool = [...new Set([...split.dev, ...split.test].flat().join('').replace(/[^\u4e00-\u9fff]/gu, ''))].sort();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'], headless: true });
  const items: DevItem[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: W, height: H } });
    let n = 0;
    for (const [fi, [font, family]] of (Object.entries(FONTS) as Array<[FontKey, string]>).entries()) {
      const essays = TUNING_FONTS.includes(font) ? split.dev : split.test;
      if (filter.fonts && !filter.fonts.includes(font)) continue;
      for (const paper of ['grid', 'lined', 'plain'] as Paper[]) {
        for (const photo of [false, true]) {
          for (let k = 0; k < perKind; k++) {
            if (filter.photoOnly && !photo) {
              n++;
              continue;
            }
            const rnd = mulberry32(seed * 100003 + n * 7919);
            const essay = essays[(n * 7 + fi) % essays.length]!;
            const pen = penFor(rnd);
            const name = NAMES[Math.floor(rnd() * NAMES.length)]!;
            const studentNo = String(20260100 + Math.floor(rnd() * 60));
            const wr = paper === 'grid' ? writeGrid(essay, rnd, pen, family, pool) : writeLines(essay, rnd, pen, family, pool, paper === 'plain');
            const marks = printedMarks(paper, 1 + (k % 2), name, studentNo, rnd, pen, family);
            const look = photo ? photoLook(rnd) : undefined;
            await page.setViewportSize({ width: W, height: H });
            await show(page, out, pageHtml(css, [...marks.html, ...wr.html].join(''), paperSvg(paper) + wr.svg.join('') + marks.svg.join(''), look, W, H));
            let img = await page.screenshot({ type: 'png' });
            img = look ? await degrade(img, look, n + 1) : await sharp(img).removeAlpha().png().toBuffer();
            const file = `${font}-${paper}-${photo ? 'photo' : 'clean'}-${k}.${look ? 'jpg' : 'png'}`;
            writeFileSync(join(out, file), img);
            items.push({ file, kind: `${paper} ${photo ? 'photo' : 'clean'}`, font, split: TUNING_FONTS.includes(font) ? 'dev' : 'test', paper, photo, line: false, text: wr.text, header: { name, studentNo } });
            n++;
          }
        }
      }
      // line crops: one written line, on a strip of grid, lined or plain paper
      for (let k = 0; k < linesPerFont; k++) {
        const rnd = mulberry32(seed * 7 + n * 104729);
        const essay = essays[(n * 3 + k) % essays.length]!;
        const para = essay.slice(1).join('');
        const start = Math.floor(rnd() * Math.max(1, [...para].length - 20));
        const chars = [...para].slice(start, start + 12 + Math.floor(rnd() * 8));
        const paper = (['grid', 'lined', 'plain'] as Paper[])[k % 3]!;
        const photo = k % 2 === 1;
        const pen = penFor(rnd);
        const lw = paper === 'grid' ? chars.length * CELL + 40 : chars.length * 40 + 60;
        const lh = 110;
        const html: string[] = [];
        const svg: string[] = [];
        chars.forEach((ch, i) => {
          if (paper === 'grid') {
            const x = 20 + i * CELL;
            svg.push(`<rect x="${x}" y="28" width="${CELL}" height="${CELL}" fill="none" stroke="#4a9a5a" stroke-width="2"/>`);
            html.push(glyph(ch, x + CELL / 2, 28 + CELL / 2, 44, pen, rnd, family));
          } else html.push(glyph(ch, 30 + i * 40 + 20, 52, 40, pen, rnd, family));
        });
        if (paper === 'lined') svg.push(`<line x1="0" y1="80" x2="${lw}" y2="80" stroke="#7d9cc8" stroke-width="2"/>`);
        const look = photo ? { ...photoLook(rnd), turn: (rnd() - 0.5) * 4, tiltX: 0, tiltY: 0, scale: 0.92, shiftX: 0, shiftY: 0 } : undefined;
        await page.setViewportSize({ width: lw, height: lh });
        await show(page, out, pageHtml(css, html.join(''), svg.join(''), look, lw, lh));
        let img = await page.screenshot({ type: 'png' });
        img = look ? await degrade(img, look, n + 1) : await sharp(img).removeAlpha().png().toBuffer();
        const file = `${font}-line-${k}.${look ? 'jpg' : 'png'}`;
        writeFileSync(join(out, file), img);
        items.push({ file, kind: 'line crop', font, split: TUNING_FONTS.includes(font) ? 'dev' : 'test', paper, photo, line: true, text: chars.join('') });
        n++;
      }
      // strip crops as a scanner cuts pupils' lines: 45–80 px high, fonts mixed character by character
      // (within the split), uneven sizes, characters across the cell borders, leaned strokes, crossings-out
      const mates = (Object.keys(FONTS) as FontKey[]).filter((f) => TUNING_FONTS.includes(f) === TUNING_FONTS.includes(font));
      for (let k = 0; k < linesPerFont; k++) {
        const rnd = mulberry32(seed * 11 + n * 15485863);
        const essay = essays[(n * 5 + k) % essays.length]!;
        const para = essay.slice(1).join('');
        const start = Math.floor(rnd() * Math.max(1, [...para].length - 22));
        const chars = [...para].slice(start, start + 12 + Math.floor(rnd() * 10));
        const paper = (['grid', 'lined', 'plain'] as Paper[])[k % 3]!;
        const photo = k % 2 === 0;
        const pen = penFor(rnd);
        const html: string[] = [];
        const svg: string[] = [];
        let text = '';
        let x = 20;
        for (const s of slips(chars, rnd, pool, 1 / 15)) {
          const w = paper === 'grid' ? CELL : 40 * (0.85 + rnd() * 0.3);
          const fam = FONTS[rnd() < 0.5 ? font : mates[Math.floor(rnd() * mates.length)]!];
          if (paper === 'grid') svg.push(`<rect x="${x}" y="28" width="${CELL}" height="${CELL}" fill="none" stroke="#4a9a5a" stroke-width="2"/>`);
          html.push(pupilGlyph(s.ch, x + w / 2, 28 + CELL / 2, paper === 'grid' ? 44 : 40, pen, rnd, fam, paper === 'grid' ? 0.3 : 0.1));
          if (s.crossed) svg.push(crossOut(x + w / 2, 28 + CELL / 2, 44, pen, rnd));
          else text += s.ch;
          x += w;
        }
        const lw = Math.round(x + 20);
        const lh = 110;
        if (paper === 'lined') svg.push(`<line x1="0" y1="84" x2="${lw}" y2="84" stroke="#7d9cc8" stroke-width="2"/>`);
        const look = photo ? { ...photoLook(rnd), turn: (rnd() - 0.5) * 3, tiltX: 0, tiltY: 0, scale: 0.95, shiftX: 0, shiftY: 0 } : undefined;
        await page.setViewportSize({ width: lw, height: lh });
        await show(page, out, pageHtml(css, html.join(''), svg.join(''), look, lw, lh));
        const shot = await page.screenshot({ type: 'png' });
        // the scan's height: 45–80 px for the whole strip
        const height = 45 + Math.floor(rnd() * 36);
        const small = sharp(shot).removeAlpha().resize({ height });
        const img = look ? await degrade(await small.png().toBuffer(), { ...look, blur: 0.3 + look.blur / 2, noise: look.noise / 2 }, n + 1) : await small.png().toBuffer();
        const file = `${font}-strip-${k}.${look ? 'jpg' : 'png'}`;
        writeFileSync(join(out, file), img);
        items.push({ file, kind: 'strip crop', font, split: TUNING_FONTS.includes(font) ? 'dev' : 'test', paper, photo, line: true, text });
        n++;
      }
    }
  } finally {
    await browser.close();
  }
  rmSync(join(out, '_page.html'), { force: true });
  writeFileSync(join(out, 'manifest.json'), JSON.stringify(items, null, 1));
  return items;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: '/tmp/zhipi-handwriting-set' }, 'per-kind': { type: 'string', default: '2' }, lines: { type: 'string', default: '6' }, seed: { type: 'string', default: '13' }, fonts: { type: 'string' }, 'photo-only': { type: 'boolean', default: false }, essays: { type: 'string' } } });
  const fonts = values.fonts ? (values.fonts.split(',') as FontKey[]) : undefined;
  const items = await makeDevSet(values.out, Number(values['per-kind']), Number(values.lines), Number(values.seed), { ...(fonts ? { fonts } : {}), photoOnly: values['photo-only'], fresh: values.essays === 'fresh' });
  console.log(`${items.length} images in ${values.out}`);
}

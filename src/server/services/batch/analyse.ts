// What one batch page is: an answer sheet (QR code, certain), a plain page whose header names a student
// (OCR, with a confidence), a page named by its ZIP entry, or a page set aside (blank, not an essay,
// undecodable). Pure apart from the decoders: no database, no storage.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { checkImage, IMAGE_CHECK_THRESHOLDS, type OcrProvider } from '../../../correction';
import { fileNameParts, matchText, parseSheetQr, type Candidate, type MatchOutcome, type RosterStudent } from './match';
import type { RejectCode } from './split';

let zxingReady = false;
/** The ZXing WASM binary comes from node_modules (never fetched). */
function ensureZxing() {
  if (zxingReady) return;
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });
  zxingReady = true;
}

/** Decodes QR codes on the page (any rotation), at most 1600 px on the longer side. */
export async function decodeQr(image: Buffer): Promise<Array<{ text: string; orientation: number }>> {
  ensureZxing();
  const { data, info } = await sharp(image).rotate().resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const results = await readBarcodes({ data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, colorSpace: 'srgb' } as ImageData, {
    formats: ['QRCode'],
    tryHarder: true,
    tryRotate: true,
    maxNumberOfSymbols: 2,
  });
  return results.filter((r) => r.isValid).map((r) => ({ text: r.text, orientation: r.orientation }));
}

export interface PageAnalysis {
  state: 'matched' | 'unmatched' | 'rejected';
  method?: 'qr' | 'ocr' | 'filename';
  studentId?: number;
  confidence?: number;
  /** Page number printed in the sheet's QR code. */
  sheetPage?: number;
  /** Clockwise rotation that shows the page upright. */
  rotation: number;
  candidates: Candidate[];
  reject?: RejectCode;
  /** Why unmatched: catalogue key suffix (batch.reason.<key>) and what was read. */
  why?: 'otherTask' | 'notInClass' | 'lowConfidence' | 'nothingRead' | 'conflict';
  evidence?: string;
}

export interface AnalyseContext {
  taskId: number;
  roster: readonly RosterStudent[];
  ocr: OcrProvider;
}

/** Header strip of the page (top 20 %), or the bottom strip turned upright for an upside-down page. */
async function headerStrip(image: Buffer, upsideDown: boolean): Promise<Buffer> {
  const img = sharp(await sharp(image).rotate().toBuffer());
  const { width = 0, height = 0 } = await img.metadata();
  const h = Math.max(1, Math.round(height * 0.2));
  const strip = img.extract({ left: 0, top: upsideDown ? height - h : 0, width, height: h });
  return (upsideDown ? sharp(await strip.toBuffer()).rotate(180) : strip).png().toBuffer();
}

async function readHeader(image: Buffer, ctx: AnalyseContext): Promise<MatchOutcome> {
  let best: MatchOutcome | undefined;
  for (const upsideDown of [false, true]) {
    const page = await ctx.ocr.recognize(await headerStrip(image, upsideDown));
    // the OCR keeps the printed header out of the essay's lines: it is what names the pupil here
    const text = [page.header?.text ?? '', ...page.lines.map((l) => l.text)].join(' ').trim();
    const m = matchText(text, ctx.roster);
    if (!best || m.confidence > best.confidence) best = m;
    if (m.student || m.confidence >= 0.6) break;
  }
  return best!;
}

function mergeCandidates(...lists: Candidate[][]): Candidate[] {
  const by = new Map<number, Candidate>();
  for (const c of lists.flat()) if (!by.has(c.studentId) || by.get(c.studentId)!.score < c.score) by.set(c.studentId, c);
  return [...by.values()].sort((a, b) => b.score - a.score).slice(0, 3);
}

/** Analyses one page image. */
export async function analysePage(image: Buffer, entryName: string | null, ctx: AnalyseContext): Promise<PageAnalysis> {
  const check = await checkImage(image);
  if (!check.ok) return { state: 'rejected', reject: 'renderFailed', rotation: 0, candidates: [] };

  for (const qr of await decodeQr(image)) {
    const sheet = parseSheetQr(qr.text);
    if (!sheet) continue;
    const rotation = (360 - Math.round(qr.orientation / 90) * 90 + 360) % 360;
    const student = ctx.roster.find((s) => s.id === sheet.studentId);
    const cand = student ? [{ studentId: student.id, name: student.name, studentNo: student.studentNo, score: 1 }] : [];
    if (!student) return { state: 'unmatched', why: 'notInClass', rotation, candidates: [], sheetPage: sheet.page };
    if (sheet.taskId !== ctx.taskId) return { state: 'unmatched', why: 'otherTask', rotation, candidates: cand, sheetPage: sheet.page };
    return { state: 'matched', method: 'qr', studentId: student.id, confidence: 1, sheetPage: sheet.page, rotation, candidates: cand };
  }

  if (check.blank) return { state: 'rejected', reject: 'blank', rotation: 0, candidates: [] };
  if (check.paperShare < IMAGE_CHECK_THRESHOLDS.minPaperShare || check.saturation > IMAGE_CHECK_THRESHOLDS.maxSaturation) {
    return { state: 'rejected', reject: 'notEssay', rotation: 0, candidates: [] };
  }

  const ocr = await readHeader(image, ctx);
  const byName = entryName ? matchText(fileNameParts(entryName).text, ctx.roster, { allowLatin: true }) : undefined;
  const candidates = mergeCandidates(ocr.candidates, byName?.candidates ?? []);
  const evidence = [ocr.evidence, entryName ?? ''].filter(Boolean).join(' · ');
  if (ocr.student && byName?.student && ocr.student.id !== byName.student.id) return { state: 'unmatched', why: 'conflict', rotation: 0, candidates, evidence };
  if (ocr.student) return { state: 'matched', method: 'ocr', studentId: ocr.student.id, confidence: ocr.confidence, rotation: 0, candidates, evidence };
  if (byName?.student) return { state: 'matched', method: 'filename', studentId: byName.student.id, confidence: byName.confidence, rotation: 0, candidates, evidence };
  return { state: 'unmatched', why: candidates.length ? 'lowConfidence' : 'nothingRead', rotation: 0, candidates, evidence };
}

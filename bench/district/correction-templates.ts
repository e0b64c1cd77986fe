import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { correctEssay, type OcrLine, type OcrPage, type OcrProvider } from '../../src/correction/index';
import { DEMO_ESSAYS_DIR } from '../../src/server/seed/demo-essays';
import { DEMO_ESSAY_TITLE, DEMO_ESSAYS, demoEssayPageFile, demoEssayPages } from '../../src/server/seed/demo-essays-data';

/** One real AI result the generated essays share (each essay gets one of the ten, by its key). */
export interface CorrectionTemplate {
  transcript: string;
  result: unknown;
  /** the same result without the per-character boxes of its page lines (a quarter of the size), for older essays */
  compactResult: unknown;
  aiScore: string;
  percent: number;
  wordCount: number;
  /** the review's per-dimension scores, as the correction screen stores them */
  dimensionScores: { id: string; name: string; label: string }[];
  /** the growth entry's per-dimension percents */
  dimensionPercents: { id: string; percent: number }[];
}

const COLS = 20;

/**
 * Reads a demo page as the text it was rendered from, laid on the 20-column grid with a box per
 * character: the stored result then has the shape and size of a real run (pages, lines, character
 * boxes, notes with boxes) without loading the OCR models for a benchmark database.
 */
class TranscribingReader implements OcrProvider {
  readonly name = 'bench-transcript';
  private next = 0;
  constructor(private readonly pages: string[][]) {}
  async recognize(image: Uint8Array): Promise<OcrPage> {
    const { width = 2480, height = 3508 } = await sharp(image).metadata();
    const paragraphs = this.pages[this.next++] ?? [];
    const cell = (width * 0.84) / COLS;
    const left = width * 0.08;
    const lines: OcrLine[] = [];
    let row = 0;
    for (const [p, paragraph] of paragraphs.entries()) {
      const isTitle = this.next === 1 && p === 0;
      const chars = [...paragraph];
      let col = isTitle ? Math.floor((COLS - chars.length) / 2) : 2;
      let first = true;
      while (chars.length) {
        const take = chars.splice(0, COLS - col);
        const y = height * 0.1 + row * cell * 1.3;
        lines.push({
          text: take.join(''),
          box: { x: left + col * cell, y, width: take.length * cell, height: cell },
          confidence: 0.96,
          chars: take.map((text, i) => ({ text, box: { x: left + (col + i) * cell, y, width: cell, height: cell }, confidence: 0.96 })),
          ...(isTitle ? { isTitle: true } : {}),
          ...(!first ? { continues: true } : {}),
        });
        first = false;
        col = 0;
        row++;
      }
    }
    return { lines, width, height, confidence: 0.96 };
  }
}

/**
 * Runs the correction once on each demo essay's committed page images (grade 7, the default A/B/C
 * standard), stored as the job stores it (page measurements left out), so the district's results are
 * real in shape and size without running the engine a million times.
 */
export async function correctionTemplates(): Promise<CorrectionTemplate[]> {
  const out: CorrectionTemplate[] = [];
  for (const essay of DEMO_ESSAYS) {
    const pages = demoEssayPages(essay);
    const images = await Promise.all(pages.map((_, i) => readFile(path.join(DEMO_ESSAYS_DIR, demoEssayPageFile(essay, i)))));
    const r = await correctEssay({ images, title: DEMO_ESSAY_TITLE, grade: 7, genre: 'narrative', scoreType: 1, dimensions: ['立意', '内容', '结构', '语言', '书写'] }, { ocr: new TranscribingReader(pages) });
    const { pages: read, ...rest } = r;
    const stored = { ...rest, pages: read.map((p) => ({ index: p.index, ok: p.ok, width: p.width, height: p.height, layout: p.layout, skewDegrees: p.skewDegrees, upsideDown: p.upsideDown, confidence: p.confidence, pageNumber: p.pageNumber, lines: p.lines })) };
    const score = r.score;
    out.push({
      transcript: r.transcript,
      result: stored,
      compactResult: { ...stored, pages: stored.pages.map((p) => ({ ...p, lines: p.lines.map((l) => ({ ...l, chars: [] })) })) },
      aiScore: score?.label ?? 'B',
      percent: Math.round(score?.percent ?? 75),
      wordCount: r.wordCount,
      dimensionScores: (score?.dimensions ?? []).map((d) => ({ id: d.id, name: d.name, label: d.label })),
      dimensionPercents: (score?.dimensions ?? []).map((d) => ({ id: d.id, percent: Math.round(d.percent) })),
    });
  }
  return out;
}

import { correctText } from '../../src/correction/index';
import { DEMO_ESSAY_TITLE, DEMO_ESSAYS } from '../../src/server/seed/demo-essays-data';

/** One real AI result the generated essays share (each essay gets one of the ten, by its id). */
export interface CorrectionTemplate {
  transcript: string;
  result: unknown;
  aiScore: string;
  percent: number;
  wordCount: number;
  /** the review's per-dimension scores, as the correction screen stores them */
  dimensionScores: { id: string; name: string; label: string }[];
  /** the growth entry's per-dimension percents */
  dimensionPercents: { id: string; percent: number }[];
}

/**
 * Runs the local engine once on each demo essay (grade 7, the default A/B/C standard), so stored
 * results have the real shape and size (comments, notes, evidence) without running it a million times.
 */
export async function correctionTemplates(): Promise<CorrectionTemplate[]> {
  const out: CorrectionTemplate[] = [];
  for (const essay of DEMO_ESSAYS) {
    const transcript = essay.paragraphs.join('\n');
    const result = await correctText({ transcript, title: DEMO_ESSAY_TITLE, grade: 7, genre: 'narrative', scoreType: 1, dimensions: ['立意', '内容', '结构', '语言', '书写'] });
    const score = result.score;
    out.push({
      transcript,
      result: { ...result, transcript, engine: 'local' },
      aiScore: score?.label ?? 'B',
      percent: Math.round(score?.percent ?? 75),
      wordCount: [...transcript].filter((c) => /\p{Script=Han}/u.test(c)).length,
      dimensionScores: (score?.dimensions ?? []).map((d) => ({ id: d.id, name: d.name, label: d.label })),
      dimensionPercents: (score?.dimensions ?? []).map((d) => ({ id: d.id, percent: Math.round(d.percent) })),
    });
  }
  return out;
}

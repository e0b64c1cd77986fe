// correctText: the text side of the AI correction pipeline in one call. Transcript in, one typed
// result out: analysis, scores with evidence, comments, sentence notes and abnormal flags.
// Deterministic: the same input always gives the same output.
import { buildNotes, type Note } from './comments/notes.js';
import { dimensionComment, overallComment } from './comments/comments.js';
import { paragraphComments, type ParagraphComment } from './comments/paragraph-comments.js';
import { withConsistentComments } from './comments/consistency-gate.js';
import type { FlagHit } from './flags.js';
import { DEFAULT_DIMENSIONS, resolveDimension, type DimensionId } from './scoring/dimensions.js';
import { LocalEssayScorer, type EssayScorer, type ScoreResult } from './scoring/local-scorer.js';
import type { Difficulty, ScoreType } from './scoring/scales.js';
import { analyzeText, type TextAnalysis } from './text/analyze.js';
import type { Genre } from './text/genre.js';
import { recognitionFailed, textFlags } from './text-flags.js';

export type Lang = 'zh' | 'en';

export interface CorrectTextInput {
  transcript: string;
  title?: string;
  /** 1-9, and 10-12 for senior high 1-3 */
  grade?: number;
  /** the task's genre (narrative/argumentative/expository/poem, or 记叙文/议论文/说明文/诗歌) */
  genre?: string;
  /** writing requirements, at most 5 (product-rules.md#validation) */
  requirements?: string[];
  scoreType?: ScoreType;
  /** dimension ids or names (立意, 内容 ...); 4-8 for types 1, 2, 4; for type 3 one option: the full mark */
  dimensions?: string[];
  difficulty?: Difficulty;
  lang?: Lang;
  /** transcript offsets the OCR read with doubt (correctEssay): never a wrong-character note or penalty */
  doubtful?: number[];
  /** the length the teacher set in Han characters (practice writing); else the grade's expectation */
  lengthTarget?: number;
}

export type CorrectionStatus = 'scored' | 'unsupported' | 'failed';

export interface CorrectionResult {
  status: CorrectionStatus;
  /** why there is no score (poem, unreadable text) */
  message?: string;
  lang: Lang;
  title: string;
  grade: number;
  genre: Genre;
  wordCount: number;
  analysis: TextAnalysis;
  score?: ScoreResult;
  comments: {
    overall: string;
    dimensions: Array<{ id: DimensionId; name: string; text: string }>;
    paragraphs: ParagraphComment[];
  };
  notes: Note[];
  flags: FlagHit[];
}

export class CorrectionInputError extends Error {
  constructor(
    readonly zh: string,
    readonly en: string,
  ) {
    super(en);
    this.name = 'CorrectionInputError';
  }
}

export const POETRY_NOT_SUPPORTED = { zh: '暂不支持诗歌类作文的评语和评价', en: 'Poetry essays are not supported' };
const RECOGNITION_FAILED = { zh: '文字识别失败，无法评阅', en: 'Text recognition failed; the essay cannot be marked' };

/** Resolve the scoring standard, enforcing product-rules.md#validation: 4 to 8 dimensions for types 1, 2, 4; one option for type 3. */
export function resolveStandard(input: CorrectTextInput): { scoreType: ScoreType; dimensions: DimensionId[]; difficulty: Difficulty; fullMark?: number } {
  const scoreType = input.scoreType ?? 3;
  if (![1, 2, 3, 4].includes(scoreType)) throw new CorrectionInputError('评分类型须为1-4', 'score type must be 1-4');
  const difficulty = input.difficulty === 1 ? 1 : 0;
  const names = (input.dimensions ?? []).map((d) => d.trim()).filter(Boolean);
  if (scoreType === 3) {
    if (names.length > 1) throw new CorrectionInputError('分数制评分标准只能选择一项', 'a numeric score standard takes a single option');
    const full = names[0] !== undefined ? Number(names[0]) : 100;
    const dim = names[0] !== undefined && !Number.isFinite(full) ? resolveDimension(names[0]) : undefined;
    if (names[0] !== undefined && !Number.isFinite(full) && !dim) throw new CorrectionInputError(`未知的评分项：${names[0]}`, `unknown option: ${names[0]}`);
    return { scoreType, dimensions: DEFAULT_DIMENSIONS.slice(0, 4), difficulty, fullMark: Number.isFinite(full) && full > 0 ? full : 100 };
  }
  if (!names.length) return { scoreType, dimensions: DEFAULT_DIMENSIONS, difficulty };
  const ids = names.map((n) => {
    const id = resolveDimension(n);
    if (!id) throw new CorrectionInputError(`未知的评分维度：${n}`, `unknown dimension: ${n}`);
    return id;
  });
  const unique = [...new Set(ids)];
  if (unique.length < 4 || unique.length > 8) {
    throw new CorrectionInputError('评分标准维度最少选4个，最多选8个', 'the scoring standard must have at least 4 and at most 8');
  }
  return { scoreType, dimensions: unique, difficulty };
}

export async function correctText(input: CorrectTextInput, scorer: EssayScorer = new LocalEssayScorer()): Promise<CorrectionResult> {
  const lang: Lang = input.lang === 'en' ? 'en' : 'zh';
  const standard = resolveStandard(input);
  const transcript = input.transcript ?? '';
  const analysis = analyzeText({
    transcript,
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.grade !== undefined ? { grade: input.grade } : {}),
    requirements: input.requirements ?? [],
    ...(input.doubtful?.length ? { doubtful: input.doubtful } : {}),
    ...(input.lengthTarget ? { lengthTarget: input.lengthTarget } : {}),
  });
  const title = (input.title ?? analysis.titleLine?.text ?? '').trim();
  const flags = textFlags(analysis, input, lang);
  const base = {
    lang,
    title,
    grade: analysis.length.grade,
    genre: analysis.genre.genre,
    wordCount: analysis.hanCount,
    analysis,
    flags,
  };
  const failed = recognitionFailed(analysis);
  if (failed || analysis.genre.genre === 'poem') {
    const message = failed ? RECOGNITION_FAILED[lang] : POETRY_NOT_SUPPORTED[lang];
    return {
      ...base,
      status: failed ? 'failed' : 'unsupported',
      message,
      comments: { overall: message, dimensions: [], paragraphs: [] },
      notes: failed ? [] : buildNotes(analysis, transcript, lang).filter((n) => n.kind === 'wrongChar'),
    };
  }
  const score = await scorer.score(analysis, standard, lang);
  // The gate rewrites any field the consistency checker rejects (the templates pass it; a scorer's
  // new level must not make them contradict themselves unnoticed).
  return withConsistentComments({
    ...base,
    status: 'scored',
    score,
    comments: {
      overall: overallComment(analysis, score, title, lang),
      dimensions: score.dimensions.map((d) => ({ id: d.id, name: d.name, text: dimensionComment(d, analysis, score.percent, lang) })),
      paragraphs: paragraphComments(analysis, lang),
    },
    notes: buildNotes(analysis, transcript, lang),
  }).result;
}

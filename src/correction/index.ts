// Public surface of the correction engine (text side). The server and the CLI import from here only.
export { correctText, resolveStandard, CorrectionInputError, POETRY_NOT_SUPPORTED } from './correct-text.js';
export type { CorrectTextInput, CorrectionResult, CorrectionStatus, Lang } from './correct-text.js';
export { ABNORMAL_FLAGS, ABNORMAL_FLAG_CODES, flagLabel } from './flags.js';
export type { AbnormalFlagCode, FlagHit } from './flags.js';
export { LocalEssayScorer, calibratedScore } from './scoring/local-scorer.js';
export type { EssayScorer, ScoringStandard, ScoreResult, DimensionScore } from './scoring/local-scorer.js';
export { DIMENSIONS, DEFAULT_DIMENSIONS, resolveDimension } from './scoring/dimensions.js';
export type { DimensionId, Evidence } from './scoring/dimensions.js';
export { GRADE_BANDS, gradeBand, showScore } from './scoring/scales.js';
export type { ScoreType, Difficulty, GradeBand } from './scoring/scales.js';
export { analyzeText } from './text/analyze.js';
export type { TextAnalysis } from './text/analyze.js';
export { findWrongChars, correctSpelling, DEFAULT_SPELL_PARAMS, ESSAY_SPELL_PARAMS } from './spelling/spellcheck.js';
export type { SpellFix } from './spelling/spellcheck.js';
export type { Note, NoteKind } from './comments/notes.js';
export type { OcrProvider, OcrPage, OcrLine, OcrChar, Box } from './ocr.js';
export { transcriptFromPages } from './ocr.js';

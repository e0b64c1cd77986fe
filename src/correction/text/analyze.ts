// The whole text analysis of one transcript: the single source every score, comment, note and flag
// is derived from. Offsets are UTF-16 indexes [start, end) into the transcript as given.
import { ESSAY_SPELL_PARAMS, findWrongChars, type SpellFix } from '../spelling/spellcheck.js';
import { analyzeDialogueAndDescription, type DialogueAndDescription } from './description.js';
import { detectGenre, type GenreResult } from './genre.js';
import { expectedLength, longSentenceLimit, type LengthExpectation } from './grade.js';
import { findPunctuationIssues, type PunctuationIssue } from './punctuation.js';
import { analyzeRelevance, type Relevance } from './relevance.js';
import { findRhetoric, type RhetoricHit } from './rhetoric.js';
import { countHan, splitStructure, type Paragraph, type Sentence, type Span } from './split.js';
import { analyzeVocabulary, round, tokenize, type Vocabulary, type WordHit } from './vocabulary.js';
import { withoutDoubt } from '../ocr-doubt.js';

export interface SentenceStats {
  count: number;
  meanHan: number;
  sdHan: number;
  /** sentences longer than the grade's limit */
  long: number[];
  /** share of sentences under 8 characters */
  shortShare: number;
  /** sentence types used among statement, question, exclamation, ellipsis */
  types: number;
  /** 0..1 from length spread and types */
  variety: number;
}

export interface GoodSentence {
  sentence: number;
  start: number;
  end: number;
  reasons: Array<'rhetoric' | 'idiom' | 'goodWords' | 'description'>;
  /** the words or devices behind the reasons */
  cues: string[];
}

export interface TextAnalysis {
  /** the title line inside the transcript, if the transcript repeats it */
  titleLine?: Span;
  hanCount: number;
  /** Han characters / non-space characters; low values mean the text is not Chinese prose */
  hanShare: number;
  length: LengthExpectation & { ratio: number };
  paragraphs: Paragraph[];
  sentences: Sentence[];
  sentenceStats: SentenceStats;
  vocabulary: Vocabulary;
  rhetoric: RhetoricHit[];
  dialogue: DialogueAndDescription;
  punctuation: PunctuationIssue[];
  wrongChars: SpellFix[];
  relevance: Relevance;
  genre: GenreResult;
  goodSentences: GoodSentence[];
  /** share of body characters in repeated 8+ character chunks (copy-paste or OCR loops) */
  repetition: number;
  /** transcript offsets the OCR read with doubt: comments never quote them */
  doubtful?: number[];
}

export interface AnalyzeInput {
  transcript: string;
  title?: string;
  grade?: number;
  requirements?: string[];
  /** transcript offsets of characters the OCR read with doubt: no wrong-character fix there (ocr-doubt.ts) */
  doubtful?: readonly number[];
  /** the teacher's length target in Han characters, instead of the grade's (practice writing) */
  lengthTarget?: number;
}

function stripTitle(s: string): string {
  return s.replace(/[《》“”"\s\u3000]/g, '').replace(/^(题目|标题)[:：]/, '');
}

function sentenceStats(sentences: Sentence[], grade: number | undefined): SentenceStats {
  const lens = sentences.map((s) => s.hanCount).filter((n) => n > 0);
  const n = lens.length || 1;
  const mean = lens.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(lens.reduce((a, b) => a + (b - mean) ** 2, 0) / n);
  const limit = longSentenceLimit(grade);
  const types = new Set(sentences.map((s) => (s.end_mark === '？' ? 'q' : s.end_mark === '！' ? 'e' : s.end_mark === '…' ? 'l' : 's')));
  const cv = mean ? sd / mean : 0;
  return {
    count: sentences.length,
    meanHan: round(mean, 1),
    sdHan: round(sd, 1),
    long: sentences.filter((s) => s.hanCount > limit).map((s) => s.index),
    shortShare: round(lens.filter((l) => l < 8).length / n),
    types: types.size,
    variety: round(Math.min(1, cv / 0.8) * 0.6 + ((types.size - 1) / 3) * 0.4),
  };
}

function repetition(body: string): number {
  const seen = new Set<string>();
  let rep = 0;
  const clean = body.replace(/[^\p{Script=Han}]/gu, '');
  for (let i = 0; i + 8 <= clean.length; i += 4) {
    const chunk = clean.slice(i, i + 8);
    if (seen.has(chunk)) rep += 4;
    seen.add(chunk);
  }
  return clean.length ? round(Math.min(1, rep / clean.length)) : 0;
}

export function analyzeText(input: AnalyzeInput): TextAnalysis {
  const text = input.transcript ?? '';
  const title = (input.title ?? '').trim();
  const all = splitStructure(text);
  // The transcript of a page usually starts with the title line: keep it out of the body.
  let titleLine: Span | undefined;
  const p0 = all.paragraphs[0];
  if (p0 && all.paragraphs.length > 1) {
    const same = title && stripTitle(p0.text) === stripTitle(title);
    const looksLikeTitle = !title && p0.hanCount <= 20 && !/[。！？，]/.test(p0.text);
    if (same || looksLikeTitle) titleLine = { start: p0.start, end: p0.end, text: p0.text };
  }
  const paragraphs = titleLine ? all.paragraphs.slice(1) : all.paragraphs;
  const dropped = titleLine ? all.paragraphs[0]!.sentences.length : 0;
  // Renumber so paragraph and sentence indexes refer to the body only.
  const sentences = all.sentences.slice(dropped).map((s, i) => ({ ...s, index: i, paragraph: s.paragraph - (titleLine ? 1 : 0) }));
  paragraphs.forEach((p, i) => {
    p.index = i;
    p.sentences = p.sentences.map((k) => k - dropped);
  });
  const bodyStart = titleLine ? titleLine.end : 0;
  const body = text.slice(bodyStart);
  const hanCount = countHan(body);
  const nonSpace = body.replace(/\s/g, '').length;
  const tokens = tokenize(body).map((t) => ({ ...t, start: t.start + bodyStart, end: t.end + bodyStart }));
  const vocabulary = analyzeVocabulary(tokens);
  const rhetoric = findRhetoric(sentences);
  const dialogue = analyzeDialogueAndDescription(body, tokens);
  dialogue.quotes = dialogue.quotes.map((q) => ({ ...q, start: q.start + bodyStart, end: q.end + bodyStart }));
  const wrongChars = withoutDoubt(findWrongChars(body, ESSAY_SPELL_PARAMS).map((f) => ({ ...f, start: f.start + bodyStart, end: f.end + bodyStart })), input.doubtful);
  const genre = detectGenre(body, hanCount, paragraphs, sentences, title);
  const exp = expectedLength(input.grade, input.lengthTarget);
  const relevance = analyzeRelevance(title || titleLine?.text || '', body, bodyStart, input.requirements ?? [], {
    hanCount,
    rhetoricKinds: new Set(rhetoric.map((r) => r.kind)),
    speechQuotes: dialogue.quotes.filter((q) => q.speech).length,
    descriptionHits: dialogue.description.length,
    genre: genre.genre,
  });
  return {
    ...(titleLine ? { titleLine } : {}),
    hanCount,
    hanShare: nonSpace ? round(countHan(body) / nonSpace) : 0,
    length: { ...exp, ratio: round(hanCount / exp.target) },
    paragraphs,
    sentences,
    sentenceStats: sentenceStats(sentences, input.grade),
    vocabulary,
    rhetoric,
    dialogue,
    punctuation: findPunctuationIssues(text, paragraphs, sentences),
    wrongChars,
    relevance,
    genre,
    goodSentences: pickGoodSentences(sentences, vocabulary, rhetoric, dialogue, wrongChars),
    repetition: repetition(body),
    ...(input.doubtful?.length ? { doubtful: [...input.doubtful] } : {}),
  };
}

/** Cue of a sentence whose description is a chain of actions (shown as words, never quoted). */
export const ACTION_CHAIN_CUE = 'actionChain';

/**
 * The good words worth quoting as evidence, best first: idioms, set phrases and reduplications show word
 * choice on their own, then less common adjectives, then verbs; a negated verb (没画, 不想) is no word choice (an idiom like 不知不觉 is).
 */
function quotableWords(good: WordHit[]): string[] {
  const rank = (g: WordHit) => (g.kind !== 'vivid' ? 0 : /^(a|ad|an|z)$/.test(g.tag) ? 1 : 2);
  return good
    .filter((g) => g.kind !== 'vivid' || !/^[没不未别]/u.test(g.word))
    .sort((x, y) => rank(x) - rank(y) || x.start - y.start)
    .map((g) => g.word);
}

/** Sentences worth praising: a rhetorical device, idioms, or two+ good words with description, and no error. */
function pickGoodSentences(
  sentences: Sentence[],
  vocab: Vocabulary,
  rhetoric: RhetoricHit[],
  dd: DialogueAndDescription,
  wrong: SpellFix[],
): GoodSentence[] {
  const scored: Array<GoodSentence & { score: number }> = [];
  for (const s of sentences) {
    if (s.hanCount < 8 || wrong.some((w) => w.start >= s.start && w.start < s.end)) continue;
    const inS = <T extends { start: number }>(xs: T[]) => xs.filter((x) => x.start >= s.start && x.start < s.end);
    const rh = rhetoric.filter((r) => r.sentence === s.index);
    const idioms = inS(vocab.idioms);
    const good = inS(vocab.goodWords).filter((g) => g.kind !== 'idiom');
    const desc = inS(dd.description);
    const reasons: GoodSentence['reasons'] = [];
    const cues: string[] = [];
    if (rh.length) {
      reasons.push('rhetoric');
      cues.push(...rh.map((r) => r.kind));
    }
    if (idioms.length) {
      reasons.push('idiom');
      cues.push(...idioms.map((i) => i.word));
    }
    if (good.length >= 2) {
      reasons.push('goodWords');
      cues.push(...quotableWords(good).slice(0, 3));
    }
    if (desc.length >= 2) {
      reasons.push('description');
      // Only a descriptive word shows the description when quoted alone; an action chain's verb (让, 没, 举起) does not.
      const words = desc.filter((d) => d.kind !== 'action' && [...d.word].length >= 2).map((d) => d.word);
      cues.push(...words.slice(0, 2));
      if (desc.some((d) => d.kind === 'action')) cues.push(ACTION_CHAIN_CUE);
    }
    const score = rh.length * 3 + idioms.length * 2 + good.length + desc.length * 0.5;
    if (score >= 3) scored.push({ sentence: s.index, start: s.start, end: s.end, reasons, cues: [...new Set(cues)], score });
  }
  // Best first, ties by position so the choice is deterministic.
  return scored
    .sort((a, b) => b.score - a.score || a.start - b.start)
    .slice(0, 5)
    .sort((a, b) => a.start - b.start)
    .map(({ score: _s, ...g }) => g);
}

// Class statistics of a task (writing list): counts, the AI and teacher scores summed up on the task's scale,
// distribution, dimension averages and the common problems the AI found. Pure: rows in, contract out.
import { DIMENSIONS, type DimensionId } from '../../correction/index';
import type { WritingStatistics } from '../../core/api/contracts/review';
import { translate, type Lang, type MessageKey } from '../../core/i18n';
import type { CurrentEssayRow } from '../repositories/writing-statistics';
import { bandsOnScale, summaryOnScale } from './score-scale';
import { teacherDimensionPercent, teacherTotalPercent } from './teacher-percent';
import type { TaskScoringInfo } from './writing-scope';
import type { DerivedCounts } from '../../core/tasks/status-counts';

/** Essay statuses whose AI result stands (a re-queued essay keeps its old result until the new one lands). */
export const AI_SCORED = ['ai_done', 'approved', 'revision_requested'];

export interface EssayScores {
  approved: boolean;
  /** the AI's percent while its result stands */
  ai: number | null;
  /** the approved teacher score as a percent (teacher-percent.ts) */
  teacher: number | null;
  /** teacher's if approved, else the AI's */
  final: number | null;
  /** per dimension id: the teacher's if approved and given, else the AI's */
  dimensions: Map<string, number>;
}

const r1 = (x: number) => Math.round(x * 10) / 10;
const mean = (xs: number[]) => (xs.length ? r1(xs.reduce((a, b) => a + b, 0) / xs.length) : null);

type StoredDimension = { id?: string; value?: number; label?: string };

export function essayScores(row: CurrentEssayRow, scoring: TaskScoringInfo): EssayScores {
  const approved = row.status === 'approved';
  const aiScored = AI_SCORED.includes(row.status) && row.correctionStatus === 'done';
  const ai = aiScored && typeof row.score?.percent === 'number' ? row.score.percent : null;
  const dimensions = new Map<string, number>();
  if (aiScored) for (const d of row.score?.dimensions ?? []) if (typeof d.percent === 'number') dimensions.set(d.id, d.percent);
  let teacher: number | null = null;
  if (approved) {
    const stored = (Array.isArray(row.dimensionScores) ? row.dimensionScores : []) as StoredDimension[];
    const dimPercents: number[] = [];
    for (const d of stored) {
      const p = d.id ? teacherDimensionPercent(scoring.scoreType, d) : null;
      if (p !== null) {
        dimensions.set(d.id!, p);
        dimPercents.push(p);
      }
    }
    // The stored total first; an approval without one falls back to the mean of the teacher's dimensions.
    teacher = teacherTotalPercent(scoring.scoreType, row.teacherScore, scoring.fullMark) ?? (dimPercents.length ? mean(dimPercents) : null);
  }
  return { approved, ai, teacher, final: approved ? (teacher ?? ai) : ai, dimensions };
}

export type ProblemKind = 'wrongChar' | 'punctuation' | 'longSentence' | 'offTopic' | 'genreMismatch' | 'incomplete';
const PROBLEM_ORDER: ProblemKind[] = ['wrongChar', 'punctuation', 'longSentence', 'offTopic', 'genreMismatch', 'incomplete'];
const NOTE_PROBLEMS: Partial<Record<string, ProblemKind>> = { wrongChar: 'wrongChar', punctuation: 'punctuation', longSentence: 'longSentence' };
/** Text flags that say something about the writing (image and service flags do not). */
const FLAG_PROBLEMS: Partial<Record<string, ProblemKind>> = { OFF_TOPIC: 'offTopic', GENRE_MISMATCH: 'genreMismatch', INCOMPLETE_ESSAY: 'incomplete' };
/** Problems whose examples are pupils' names (an essay flagged as a whole): for the teacher's eyes only. */
export const PROBLEMS_NAMING_PUPILS: ReadonlySet<string> = new Set(Object.values(FLAG_PROBLEMS).filter((k): k is ProblemKind => k !== undefined));

const clip = (s: string, n: number) => {
  const chars = [...s.replace(/\s+/g, '')];
  return chars.length > n ? `${chars.slice(0, n).join('')}…` : chars.join('');
};

/** What a punctuation note says is wrong, from its own message: 标点：标点重复使用，改为“！”。 → 标点重复使用. */
function punctuationProblem(message: string | undefined): string | undefined {
  const m = message ? /^(?:标点：|Punctuation: )([^，。；;.]+)/u.exec(message) : null;
  return m?.[1];
}

/**
 * One example of a note in words a class or a parent reads, never raw marks and arrows ("如，→。"): the
 * wrong character and its fix (“渡”应为“度”), what is wrong with the punctuation (标点重复使用), else the
 * quoted text (shortened).
 */
export function noteExample(n: { kind: string; excerpt: string; fix?: string | undefined; message?: string | undefined }, lang: Lang = 'zh'): string {
  if (n.kind === 'wrongChar' && n.fix) return lang === 'zh' ? `“${n.excerpt}”应为“${n.fix}”` : `“${n.excerpt}” for “${n.fix}”`;
  if (n.kind === 'punctuation') {
    const problem = punctuationProblem(n.message);
    if (problem) return problem;
    const marksOnly = /^[^\p{L}\p{N}]+$/u.test(n.excerpt);
    if (marksOnly || !n.fix) return lang === 'zh' ? '标点使用不规范' : 'punctuation';
    return lang === 'zh' ? `“${clip(n.excerpt, 12)}”应为“${clip(n.fix, 12)}”` : `“${clip(n.excerpt, 12)}” for “${clip(n.fix, 12)}”`;
  }
  return `“${clip(n.excerpt, n.kind === 'longSentence' ? 20 : 16)}”`;
}

/**
 * The problems the AI found, by how many essays show each: notes (wrong characters, punctuation,
 * long-winded sentences) of essays whose AI result stands, and text flags (off-topic, genre,
 * unfinished) of every corrected essay. Examples: the most frequent wrong characters with their fix,
 * quoted text for the other notes, the students' names for flags.
 */
export function commonProblems(rows: CurrentEssayRow[], lang: Lang): WritingStatistics['commonProblems'] {
  const essays = new Map<ProblemKind, Set<number>>();
  const examples = new Map<ProblemKind, Map<string, number>>();
  const add = (kind: ProblemKind, essayId: number, example: string) => {
    essays.set(kind, (essays.get(kind) ?? new Set()).add(essayId));
    const ex = examples.get(kind) ?? new Map<string, number>();
    ex.set(example, (ex.get(example) ?? 0) + 1);
    examples.set(kind, ex);
  };
  for (const row of rows) {
    if (AI_SCORED.includes(row.status) && row.correctionStatus === 'done') {
      for (const n of row.notes ?? []) {
        const kind = NOTE_PROBLEMS[n.kind];
        if (kind) add(kind, row.id, noteExample(n, lang));
      }
    }
    if (row.correctionStatus === 'done') {
      for (const f of (Array.isArray(row.flags) ? row.flags : []) as { code?: string }[]) {
        const kind = f.code ? FLAG_PROBLEMS[f.code] : undefined;
        if (kind) add(kind, row.id, row.studentName);
      }
    }
  }
  return PROBLEM_ORDER.filter((k) => essays.has(k))
    .map((kind) => ({
      kind,
      label: translate(lang, `classStats.problem.${kind}` as MessageKey),
      essays: essays.get(kind)!.size,
      examples: [...examples.get(kind)!.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([text]) => text),
    }))
    .sort((a, b) => b.essays - a.essays || PROBLEM_ORDER.indexOf(a.kind) - PROBLEM_ORDER.indexOf(b.kind));
}

/** `counts` come from the one status-count query every screen uses (core/tasks/status-counts). */
export function buildStatistics(input: { counts: DerivedCounts; rows: CurrentEssayRow[]; scoring: TaskScoringInfo; lang: Lang }): WritingStatistics {
  const { rows, scoring, lang, counts } = input;
  const scores = rows.map((r) => essayScores(r, scoring));
  const finals = scores.flatMap((s) => (s.final === null ? [] : [s.final]));
  const words = rows.flatMap((r) => (typeof r.wordCount === 'number' ? [r.wordCount] : []));
  // Bands on the task's own scale: a letter task's letters, never 优秀/良好 re-cut from its percents.
  const bands = bandsOnScale(summaryOnScale(finals, scoring, lang), finals, lang);
  const aiPercents = scores.flatMap((s) => (s.ai === null ? [] : [s.ai]));
  const teacherPercents = scores.flatMap((s) => (s.approved && s.teacher !== null ? [s.teacher] : []));
  const distribution = Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i * 10 + 10, count: finals.filter((p) => Math.min(9, Math.floor(p / 10)) === i).length }));
  return {
    students: counts.students,
    submitted: counts.submitted,
    aiDone: counts.aiCorrected,
    approved: counts.approved,
    abnormal: counts.abnormal,
    averageAi: mean(aiPercents),
    averageTeacher: mean(teacherPercents),
    aiSummary: summaryOnScale(aiPercents, scoring, lang),
    teacherSummary: summaryOnScale(teacherPercents, scoring, lang),
    averageWords: words.length ? Math.round(words.reduce((a, b) => a + b, 0) / words.length) : null,
    bands,
    distribution,
    dimensions: scoring.dimensions.map((id: DimensionId) => ({ id, name: DIMENSIONS[id][lang], average: mean(scores.flatMap((s) => (s.dimensions.has(id) ? [s.dimensions.get(id)!] : []))) })),
    commonProblems: commonProblems(rows, lang),
  };
}

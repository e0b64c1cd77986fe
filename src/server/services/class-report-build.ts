// The class report from the rows of two queries (class-report repository): pure, rows in, contract out.
// Only approved essays count: a handed-in essay the teacher has not approved is "pending", never scored.
import { DIMENSIONS, gradeBand, showScore, type DimensionId } from '../../correction/index';
import { commentsShown } from '../../core/tasks/comments-shown';
import type { ClassReport, ReportSection, ReportStudent } from '../../core/api/contracts/class-report';
import { translate, type Lang, type MessageKey } from '../../core/i18n';
import type { ApprovedHistoryRow, ClassRow } from '../repositories/class-report';
import { bandsOnScale, summaryOnScale } from './score-scale';
import { teacherDimensionPercent, teacherTotalPercent } from './teacher-percent';
import { noteExample } from './writing-statistics';
import type { TaskScoringInfo } from './writing-scope';

/** Below this percent a student needs attention; a fall of at least DROP points since the last task too. */
export const LOW_PERCENT = 60;
export const DROP_POINTS = 10;
const EXCELLENT_MAX = 5;
const SENTENCES_MAX = 12;
const EXAMPLES_MAX = 5;

const r1 = (x: number) => Math.round(x * 10) / 10;
const mean = (xs: number[]) => (xs.length ? r1(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
const stddev = (xs: number[]) => {
  if (xs.length < 2) return xs.length ? 0 : null;
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return r1(Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length));
};

type StoredDimension = { id?: string; value?: number; label?: string };

/** The teacher's percent total and per-dimension percents of an approved essay (teacher-percent.ts). */
export function approvedPercents(row: { teacherScore: string | null; dimensionScores: unknown }, scoring: TaskScoringInfo) {
  const dims = new Map<string, number>();
  for (const d of (Array.isArray(row.dimensionScores) ? row.dimensionScores : []) as StoredDimension[]) {
    const p = d.id ? teacherDimensionPercent(scoring.scoreType, d) : null;
    if (p !== null) dims.set(d.id!, r1(p));
  }
  const total = teacherTotalPercent(scoring.scoreType, row.teacherScore, scoring.fullMark) ?? mean([...dims.values()]);
  return { percent: total === null ? null : r1(total), dims };
}

/** A percent on the task's own scale: points out of the full mark, or the level label. */
export function scaleLabel(percent: number, scoring: TaskScoringInfo, lang: Lang): string {
  return showScore(percent, scoring.scoreType, lang, scoring.fullMark ?? 100).label;
}

/** The bars of the distribution on the task's scale: ten point ranges of the full mark, or one per level (best first). */
function scaleBars(percents: number[], scoring: TaskScoringInfo, lang: Lang) {
  if (scoring.scoreType === 3) {
    const full = scoring.fullMark ?? 100;
    return Array.from({ length: 10 }, (_, i) => ({
      label: `${Math.round((i * full) / 10)}–${Math.round(((i + 1) * full) / 10)}`,
      count: percents.filter((p) => Math.min(9, Math.floor(p / 10)) === i).length,
    }));
  }
  const labels: string[] = [];
  for (let p = 100; p >= 0; p -= 0.5) {
    const l = scaleLabel(p, scoring, lang);
    if (!labels.includes(l)) labels.push(l);
  }
  return labels.map((label) => ({ label, count: percents.filter((p) => scaleLabel(p, scoring, lang) === label).length }));
}

export interface HistoryTask {
  taskId: number;
  title: string;
  scoring: TaskScoringInfo;
}

export interface BuildInput {
  task: { id: number; title: string; genre: string; grade: number };
  cls: { id: number; name: string };
  mode: ClassReport['mode'];
  sections: ReportSection[];
  rows: ClassRow[];
  scoring: TaskScoringInfo;
  /** the class's earlier tasks, newest first, and their approved rows */
  history: HistoryTask[];
  historyRows: ApprovedHistoryRow[];
  /** signed page links per essay id (full report only) */
  pages?: Map<number, { url: string; rotation: number }[]>;
  lang: Lang;
}

export function buildClassReport(input: BuildInput): ClassReport {
  const { rows, scoring, lang } = input;
  const want = new Set(input.sections);
  const t = (key: string, params?: Record<string, string | number>) => translate(lang, key as MessageKey, params);

  // Each earlier task's approved percents by student.
  const history = input.history.map((h) => {
    const byStudent = new Map<number, { percent: number | null; dims: Map<string, number> }>();
    for (const r of input.historyRows) if (r.taskId === h.taskId) byStudent.set(r.studentId, approvedPercents(r, h.scoring));
    return { ...h, byStudent };
  });
  const previous = history.find((h) => h.byStudent.size > 0) ?? null;

  const students: (ReportStudent & { row: ClassRow; dims: Map<string, number> })[] = rows.map((row) => {
    const approved = row.status === 'approved';
    const { percent, dims } = approved ? approvedPercents(row, scoring) : { percent: null, dims: new Map<string, number>() };
    const prev = previous?.byStudent.get(row.studentId)?.percent ?? null;
    return {
      row,
      dims,
      studentId: row.studentId,
      studentNo: row.studentNo,
      name: row.name,
      status: approved ? 'approved' : row.essayId ? 'pending' : 'missing',
      essayId: approved ? row.essayId : null,
      percent,
      score: approved ? (scoring.scoreType === 3 && row.teacherScore ? row.teacherScore : percent !== null ? scaleLabel(percent, scoring, lang) : null) : null,
      band: percent !== null ? gradeBand(percent) : null,
      wordCount: approved ? row.wordCount : null,
      previous: prev,
      wrongChars: approved ? (row.notes ?? []).filter((n) => n.kind === 'wrongChar').length : 0,
      dimensions: scoring.dimensions.map((id) => ({ id, percent: dims.get(id) ?? null, score: dims.has(id) ? scaleLabel(dims.get(id)!, scoring, lang) : null })),
    };
  });
  const approved = students.filter((s) => s.status === 'approved');
  const percents = approved.flatMap((s) => (s.percent === null ? [] : [s.percent]));
  const average = mean(percents);
  const summary = summaryOnScale(percents, scoring, lang);

  const report: ClassReport = { task: input.task, class: input.cls, mode: input.mode, sections: input.sections };

  if (want.has('overview')) {
    const words = approved.flatMap((s) => (typeof s.wordCount === 'number' ? [s.wordCount] : []));
    report.overview = {
      students: rows.length,
      submitted: rows.filter((r) => r.essayId !== null).length,
      approved: approved.length,
      average,
      highest: percents.length ? Math.max(...percents) : null,
      lowest: percents.length ? Math.min(...percents) : null,
      averageWords: words.length ? Math.round(words.reduce((a, b) => a + b, 0) / words.length) : null,
      // A letter task is never averaged into a letter: its summary is the letters counted (score-scale.ts).
      averageScore: summary.kind === 'points' && summary.average !== null ? String(summary.average) : null,
      scoreType: scoring.scoreType,
      fullMark: scoring.fullMark,
      summary,
      bands: bandsOnScale(summary, percents, lang),
      scale: scaleBars(percents, scoring, lang),
    };
  }

  if (want.has('dimensions')) {
    report.dimensions = scoring.dimensions.map((id: DimensionId) => {
      const xs = approved.flatMap((s) => (s.dims.has(id) ? [s.dims.get(id)!] : []));
      return { id, name: DIMENSIONS[id][lang], average: mean(xs), spread: stddev(xs), min: xs.length ? Math.min(...xs) : null, max: xs.length ? Math.max(...xs) : null, summary: summaryOnScale(xs, scoring, lang) };
    });
  }

  if (want.has('commonProblems')) {
    report.commonProblems = (['wrongChar', 'punctuation'] as const)
      .map((kind) => {
        const examples = new Map<string, number>();
        let count = 0;
        let essays = 0;
        for (const s of approved) {
          const notes = (s.row.notes ?? []).filter((n) => n.kind === kind);
          if (notes.length) essays++;
          count += notes.length;
          for (const n of notes) examples.set(noteExample(n, lang), (examples.get(noteExample(n, lang)) ?? 0) + 1);
        }
        const top = [...examples.entries()].sort((a, b) => b[1] - a[1]).slice(0, EXAMPLES_MAX).map(([text, c]) => ({ text, count: c }));
        return { kind, label: t(`classStats.problem.${kind}`), count, essays, examples: top };
      })
      .filter((p) => p.count > 0);
  }

  const byMerit = [...approved].sort((a, b) => (b.percent ?? -1) - (a.percent ?? -1) || a.studentId - b.studentId);

  if (want.has('goodSentences')) {
    const seen = new Set<string>();
    report.goodSentences = byMerit
      .flatMap((s) =>
        (s.row.notes ?? [])
          .filter((n) => n.kind === 'goodSentence' && n.excerpt.trim() && [...n.excerpt].length <= 60)
          .slice(0, 2)
          .map((n) => ({ studentId: s.studentId, studentName: s.name, text: n.excerpt.trim(), reasons: n.message ? [n.message] : [] })),
      )
      .filter((g) => !seen.has(g.text) && seen.add(g.text))
      .slice(0, SENTENCES_MAX);
  }

  if (want.has('excellent')) {
    report.excellent = byMerit
      .filter((s) => s.percent !== null && s.percent >= 85)
      .slice(0, EXCELLENT_MAX)
      .map((s) => ({ studentId: s.studentId, studentName: s.name, essayId: s.essayId!, percent: s.percent, score: s.score, excerpt: excerpt(s.row.transcript ?? '', input.task.title) }));
  }

  if (want.has('attention')) {
    // the scores as the task shows them (a letter task's letters, never the percents behind them)
    const shown = (s: (typeof students)[number]) => ({ score: s.score, previousScore: s.previous !== null ? scaleLabel(s.previous, scoring, lang) : null });
    report.attention = students.flatMap((s): NonNullable<ClassReport['attention']> => {
      if (s.status !== 'approved') return [{ studentId: s.studentId, studentName: s.name, reason: s.status, percent: null, previous: s.previous, score: null, previousScore: shown(s).previousScore }];
      if (s.percent !== null && s.percent < LOW_PERCENT) return [{ studentId: s.studentId, studentName: s.name, reason: 'low' as const, percent: s.percent, previous: s.previous, ...shown(s) }];
      if (s.percent !== null && s.previous !== null && s.previous - s.percent >= DROP_POINTS) return [{ studentId: s.studentId, studentName: s.name, reason: 'dropped' as const, percent: s.percent, previous: s.previous, ...shown(s) }];
      return [];
    });
  }

  if (want.has('comparison')) {
    const prevAverage = previous ? mean([...previous.byStudent.values()].flatMap((v) => (v.percent === null ? [] : [v.percent]))) : null;
    const dimAvg = (src: Iterable<{ dims: Map<string, number> }>, id: string) => mean([...src].flatMap((v) => (v.dims.has(id) ? [v.dims.get(id)!] : [])));
    report.comparison = {
      previous: previous ? { taskId: previous.taskId, title: previous.title, average: prevAverage, approved: previous.byStudent.size } : null,
      current: average,
      delta: previous && average !== null && prevAverage !== null ? r1(average - prevAverage) : null,
      dimensions: scoring.dimensions.map((id) => ({ id, name: DIMENSIONS[id][lang], current: dimAvg(approved, id), previous: previous ? dimAvg(previous.byStudent.values(), id) : null })),
      trend: [...history]
        .filter((h) => h.byStudent.size > 0)
        .reverse()
        .map((h) => ({ taskId: h.taskId, title: h.title, average: mean([...h.byStudent.values()].flatMap((v) => (v.percent === null ? [] : [v.percent]))) }))
        .concat([{ taskId: input.task.id, title: input.task.title, average }]),
    };
  }

  if (want.has('students')) report.students = students.map(({ row: _r, dims: _d, ...s }) => s);

  if (want.has('studentPages')) {
    report.studentPages = byMerit.map((s) => ({
      studentId: s.studentId,
      name: s.name,
      essayId: s.essayId!,
      score: s.score,
      percent: s.percent,
      pages: input.pages?.get(s.essayId!) ?? [],
      ...commentsShown(s.row.teacherComment, s.row.aiComment),
      dimensions: s.dimensions.map((d) => ({ ...d, name: DIMENSIONS[d.id as DimensionId]?.[lang] ?? d.id })),
      marks: (s.row.notes ?? []).filter((n) => n.kind === 'wrongChar' || n.kind === 'punctuation' || n.kind === 'goodSentence').slice(0, 12).map((n) => ({ kind: n.kind, excerpt: noteExample(n, lang), message: n.message })),
    }));
  }
  return report;
}

/** The opening of an essay body (the title line skipped), for the excellent essays. */
function excerpt(transcript: string, title: string, max = 80): string {
  const lines = transcript.split('\n').map((l) => l.trim()).filter(Boolean);
  if (lines[0] === title.trim() || (lines.length > 1 && (lines[0]?.length ?? 0) <= 20 && !/[。！？!?]/.test(lines[0] ?? ''))) lines.shift();
  const chars = [...lines.join('')];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

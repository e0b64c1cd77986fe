// The classroom evaluation of a task in a class: a summary the teacher can put on the screen in
// class, built only from the class's corrections (counts, strongest and weakest dimensions, most
// common problems, good sentences with the student's name, the best essays, frequent wrong characters).
import { ACTION_CHAIN_CUE, GRADE_BANDS } from '../../correction/index';
import type { ClassroomEvaluation, WritingStatistics } from '../../core/api/contracts/review';
import { translate, type Lang, type MessageKey } from '../../core/i18n';
import type { CurrentEssayRow } from '../repositories/writing-statistics';
import { scoreSummaryLine } from '../../core/scoring/score-summary';
import { summaryOnScale } from './score-scale';
import { AI_SCORED, essayScores, PROBLEMS_NAMING_PUPILS, type EssayScores } from './writing-statistics';
import type { TaskScoringInfo } from './writing-scope';
import { compareStudentNo } from '../../core/domain/student-order';

const GOOD_SENTENCES = 6;
const TOP_ESSAYS = 3;
/**
 * Lowest final percent shown among the best essays: the evaluation is read out on the projector, so an
 * essay below the medium band is never named there, even in a class with few essays (it used to fill
 * the three places with whatever was scored, naming the pupils who struggled).
 */
const TOP_ESSAY_MIN = GRADE_BANDS.find((b) => b.band === 'medium')!.min;
const WRONG_CHARACTERS = 10;
const EXCERPT_CHARS = 60;
/** Longest good sentence worth reading out (characters). */
const GOOD_SENTENCE_MAX = 80;
const DEVICES = ['simile', 'personification', 'parallelism', 'question', 'rhetoricalQuestion'];

type Scored = { row: CurrentEssayRow; s: EssayScores };

/** Approved essays first, then the best score, then the class order (student number). */
function byMerit(a: Scored, b: Scored): number {
  return Number(b.s.approved) - Number(a.s.approved) || (b.s.final ?? -1) - (a.s.final ?? -1) || compareStudentNo(a.row.studentNo, b.row.studentNo);
}

/** The opening of the essay body: the title line (the task title, or a short line without a full stop) is skipped. */
export function bodyExcerpt(transcript: string, title: string, max = EXCERPT_CHARS): string {
  const lines = transcript.split('\n').map((l) => l.trim()).filter(Boolean);
  const first = lines[0] ?? '';
  if (first === title.trim() || (first.length <= 20 && !/[。！？!?]/.test(first) && lines.length > 1)) lines.shift();
  const chars = [...lines.join('')];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

/** Why a sentence is good, in the caller's language, from what the analysis found in it; else the AI note's own words. */
function goodSentenceWhy(row: CurrentEssayRow, note: { start: number; end: number; message: string; excerpt: string }, lang: Lang): string {
  const found = (row.goodSentences ?? []).find((g) => g.start === note.start && g.end === note.end);
  if (!found) return note.message;
  const t = (key: string, params?: Record<string, string>) => translate(lang, key as MessageKey, params);
  const sep = t('classEval.listSeparator');
  const devices = [...new Set(found.cues.filter((c) => DEVICES.includes(c)))];
  // Cues are words of the sentence, except the marker of a chain of actions, which is never shown.
  const words = found.cues.filter((c) => !DEVICES.includes(c) && c !== ACTION_CHAIN_CUE && note.excerpt.includes(c)).slice(0, 3);
  const parts: string[] = [];
  if (devices.length) parts.push(t('classEval.why.rhetoric', { devices: devices.map((d) => t(`classEval.device.${d}`)).join(sep) }));
  if (words.length) {
    const quoted = words.map((w) => `“${w}”`).join(sep);
    parts.push(t(found.reasons.includes('description') && !found.reasons.includes('idiom') ? 'classEval.why.description' : 'classEval.why.words', { words: quoted }));
  }
  if (!parts.length) return note.message;
  const text = parts.join(t('classEval.why.join')) + t('classEval.why.end');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function buildClassroomEvaluation(input: { taskTitle: string; className: string; rows: CurrentEssayRow[]; statistics: WritingStatistics; scoring: TaskScoringInfo; lang: Lang }): ClassroomEvaluation {
  const { rows, statistics: st, lang } = input;
  const t = (key: string, params?: Record<string, string | number>) => translate(lang, key as MessageKey, params);
  const sep = t('classEval.listSeparator');
  const scored: Scored[] = rows.map((row) => ({ row, s: essayScores(row, input.scoring) })).sort(byMerit);
  const aiRows = scored.filter(({ row }) => AI_SCORED.includes(row.status) && row.correctionStatus === 'done');
  const withScore = scored.filter(({ s }) => s.final !== null);

  // Good sentences: each student's richest one (a rhetorical device weighs most), best essays first; a
  // sentence the AI also calls long-winded is no model, and a sentence already shown is not repeated.
  const goodSentences: ClassroomEvaluation['goodSentences'] = [];
  const shown = new Set<string>();
  for (const { row } of aiRows) {
    const notes = row.notes ?? [];
    const weight = (n: { start: number; end: number }) => {
      const cues = (row.goodSentences ?? []).find((g) => g.start === n.start && g.end === n.end)?.cues ?? [];
      return cues.reduce((a, c) => a + (DEVICES.includes(c) ? 3 : 1), 0);
    };
    const longWinded = (n: { start: number; end: number; excerpt: string }) =>
      [...n.excerpt].length > GOOD_SENTENCE_MAX || notes.some((x) => x.kind === 'longSentence' && x.start < n.end && n.start < x.end);
    const best = notes
      .filter((n) => n.kind === 'goodSentence' && n.excerpt.trim() && !longWinded(n) && !shown.has(n.excerpt.trim()))
      .sort((a, b) => weight(b) - weight(a) || a.start - b.start)[0];
    if (!best) continue;
    shown.add(best.excerpt.trim());
    goodSentences.push({ studentName: row.studentName, text: best.excerpt.trim(), why: goodSentenceWhy(row, best, lang) });
  }
  const studentsWithGood = goodSentences.length;

  // Frequent wrong characters with their fixes, across the class.
  const wrong = new Map<string, { wrong: string; fix: string; count: number }>();
  for (const { row } of aiRows) {
    for (const n of row.notes ?? []) {
      if (n.kind !== 'wrongChar' || !n.fix) continue;
      const key = `${n.excerpt}\u0000${n.fix}`;
      const hit = wrong.get(key) ?? { wrong: n.excerpt, fix: n.fix, count: 0 };
      hit.count++;
      wrong.set(key, hit);
    }
  }
  const wrongCharacters = [...wrong.values()].sort((a, b) => b.count - a.count || a.wrong.localeCompare(b.wrong)).slice(0, WRONG_CHARACTERS);

  const topEssays = withScore.filter(({ s }) => s.final! >= TOP_ESSAY_MIN).slice(0, TOP_ESSAYS).map(({ row, s }) => ({
    essayId: row.id,
    studentName: row.studentName,
    score: s.approved ? (row.teacherScore ?? row.aiScore) : row.aiScore,
    excerpt: bodyExcerpt(row.transcript ?? '', input.taskTitle),
  }));

  // Strengths and problems follow from the numbers; nothing is said that the class did not show.
  const dims = st.dimensions.filter((d): d is typeof d & { average: number } => d.average !== null).sort((a, b) => b.average - a.average);
  const overall = dims.length ? dims.reduce((a, d) => a + d.average, 0) / dims.length : null;
  const strengths: string[] = [];
  for (const d of dims.slice(0, 2)) if (overall !== null && (d.average >= overall || dims.length === 1)) strengths.push(t('classEval.strongDimension', { name: d.name, average: d.average }));
  // The top band of the task's own scale (A, 优秀, 甲, or ≥ 90 for points), by its own name.
  const top = st.bands[0];
  if (top?.count) strengths.push(t('classEval.highBands', { count: top.count, label: top.label }));
  if (studentsWithGood) strengths.push(t('classEval.goodSentences', { count: studentsWithGood }));
  const clean = aiRows.filter(({ row }) => !(row.notes ?? []).some((n) => n.kind === 'wrongChar')).length;
  if (clean) strengths.push(t('classEval.noWrongChars', { count: clean }));

  // Shown to the class on a projector: a flagged essay (off topic, unfinished) is counted, never named.
  const problems = st.commonProblems.slice(0, 3).map((p) => (p.examples.length && !PROBLEMS_NAMING_PUPILS.has(p.kind) ? t('classEval.problem', { label: p.label, essays: p.essays, examples: p.examples.join(sep) }) : t('classEval.problemNoExample', { label: p.label, essays: p.essays })));
  const weakest = dims.at(-1);
  if (weakest && dims.length > 1 && overall !== null && weakest.average < overall) problems.push(t('classEval.weakDimension', { name: weakest.name, average: weakest.average }));

  const summary: string[] = [t('classEval.summary', { title: input.taskTitle, className: input.className, students: st.students, submitted: st.submitted, aiDone: st.aiDone, approved: st.approved })];
  if (st.students > st.submitted) summary.push(t('classEval.summaryNotSubmitted', { count: st.students - st.submitted }));
  if (withScore.length) {
    // The same summary as the report: letters counted for a letter task, points for a points task.
    summary.push(t('classEval.summaryAverage', { summary: scoreSummaryLine(summaryOnScale(withScore.map(({ s }) => s.final!), input.scoring, lang), lang) }));
    const first = st.commonProblems[0];
    if (first) summary.push(t('classEval.summaryProblem', { label: first.label, essays: first.essays }));
  } else {
    summary.push(t('classEval.summaryNone'));
  }

  return {
    taskTitle: input.taskTitle,
    className: input.className,
    summary: summary.join(lang === 'zh' ? '' : ' '),
    strengths,
    problems,
    goodSentences: goodSentences.slice(0, GOOD_SENTENCES),
    topEssays,
    wrongCharacters,
    statistics: st,
  };
}

// Keeps essay_facts (one summary row per live essay) current for the leaders' dashboards. Essays
// whose updated_at moved since the school's watermark are re-read in batches and their percents,
// problem kinds and times computed with the class statistics' own rules (writing-statistics.ts),
// so a dashboard figure and the class statistics agree. Every status change, AI result and approval
// bumps essays.updated_at, so that column is the whole change feed.
import type { Executor } from '../../db/database';
import { essayFactsRepo, type ChangedEssayRow, type EssayFactRow } from '../../repositories/essay-facts';
import type { CurrentEssayRow } from '../../repositories/writing-statistics';
import { commonProblems, essayScores } from '../writing-statistics';
import { taskScoringInfo, type TaskScoringInfo } from '../writing-scope';

const BATCH = 1000;
/** Re-read this far behind the watermark: a transaction that committed late with an older updated_at. */
const OVERLAP_MS = 10 * 60_000;

const r2 = (x: number) => Math.round(x * 100) / 100;

export function factOf(schoolId: number, row: ChangedEssayRow, scoring: TaskScoringInfo): EssayFactRow {
  const asStats = { ...row, studentName: '', studentNo: '', transcript: null, goodSentences: null } as unknown as CurrentEssayRow;
  const s = essayScores(asStats, scoring);
  const changed = s.approved && s.ai !== null && s.teacher !== null && (row.teacherScore ?? '').trim() !== (row.aiScore ?? '').trim();
  return {
    essayId: row.id,
    schoolId,
    campusId: row.campusId,
    semesterId: row.semesterId,
    grade: row.grade,
    classId: row.classId,
    taskId: row.taskId,
    studentId: row.studentId,
    teacherId: row.teacherId,
    approverId: s.approved ? (row.approverId ?? row.teacherId) : null,
    draft: row.draft,
    isLatest: true,
    status: row.status,
    submittedAt: row.submittedAt,
    approvedAt: s.approved ? row.auditAt : null,
    aiDone: s.ai !== null || (row.correctionStatus === 'done' && row.status === 'abnormal'),
    aiPercent: s.ai,
    teacherPercent: s.teacher,
    finalPercent: s.final,
    scoreChanged: changed,
    scoreDelta: changed ? r2(s.teacher! - s.ai!) : null,
    wordCount: row.wordCount,
    commented: s.approved ? row.commented : 0,
    annotations: row.annotations,
    dimensions: Object.fromEntries(s.dimensions),
    problems: commonProblems([asStats], 'zh').map((p) => p.kind),
    sourceAt: row.updatedAt,
  };
}

const running = new Map<number, Promise<number>>();

/** Brings the school's essay_facts up to date; returns how many essays it re-read. One run per school at a time. */
export function refreshEssayFacts(db: Executor, schoolId: number): Promise<number> {
  const current = running.get(schoolId);
  if (current) return current;
  const run = doRefresh(db, schoolId).finally(() => running.delete(schoolId));
  running.set(schoolId, run);
  return run;
}

async function doRefresh(db: Executor, schoolId: number): Promise<number> {
  const mark = await essayFactsRepo.watermark(db, schoolId);
  let after: { at: Date; id: number } | null = mark ? { at: new Date(mark.getTime() - OVERLAP_MS), id: 0 } : null;
  const scoring = new Map<number, TaskScoringInfo>();
  let seen = 0;
  for (;;) {
    const rows = await essayFactsRepo.changed(db, schoolId, after, BATCH);
    if (!rows.length) break;
    const live: EssayFactRow[] = [];
    for (const row of rows) {
      if (row.deletedAt) continue;
      let info = scoring.get(row.taskId);
      if (!info) scoring.set(row.taskId, (info = await taskScoringInfo(db, row.taskId)));
      live.push(factOf(schoolId, row, info));
    }
    await essayFactsRepo.remove(db, rows.filter((r) => r.deletedAt).map((r) => r.id));
    await essayFactsRepo.upsert(db, live);
    const pairs = new Map(rows.map((r) => [`${r.taskId}:${r.studentId}`, { taskId: r.taskId, studentId: r.studentId }]));
    await essayFactsRepo.markLatest(db, [...pairs.values()]);
    const last = rows.at(-1)!;
    after = { at: last.updatedAt, id: last.id };
    await essayFactsRepo.setWatermark(db, schoolId, last.updatedAt);
    seen += rows.length;
    if (rows.length < BATCH) break;
  }
  return seen;
}

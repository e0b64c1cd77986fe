// Keeps essay_facts (one summary row per live essay) current for the leaders' dashboards. Essays
// whose updated_at moved since the school's watermark are re-read in batches (keyset on the essay id,
// one multi-row upsert and one is_latest statement per batch) and their percents,
// problem kinds and times computed with the class statistics' own rules (writing-statistics.ts),
// so a dashboard figure and the class statistics agree. Every status change, AI result and approval
// bumps essays.updated_at, so that column is the whole change feed.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { essayFactsRepo, type ChangedEssayRow, type EssayFactRow } from '../../repositories/essay-facts';
import type { CurrentEssayRow } from '../../repositories/writing-statistics';
import { commonProblems, essayScores } from '../writing-statistics';
import { taskScoringInfo, type TaskScoringInfo } from '../writing-scope';

/** 1,000 rows × 28 columns stays under PostgreSQL's 65,535 parameters per statement. */
const BATCH = 1000;

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
    sourceAt: sql`${row.updatedAt}::timestamptz`,
  };
}

/** Refreshes in flight, per database handle and school. */
const runningByDb = new WeakMap<object, Map<number, Promise<number>>>();

/** Brings the school's essay_facts up to date; returns how many essays it re-read. One run per school at a time. */
export function refreshEssayFacts(db: Executor, schoolId: number, onBatch?: (seen: number) => Promise<void>): Promise<number> {
  let running = runningByDb.get(db);
  if (!running) runningByDb.set(db, (running = new Map()));
  const current = running.get(schoolId);
  if (current) return current;
  const run = doRefresh(db, schoolId, onBatch).finally(() => running.delete(schoolId));
  running.set(schoolId, run);
  return run;
}

async function doRefresh(db: Executor, schoolId: number, onBatch?: (seen: number) => Promise<void>): Promise<number> {
  const since = await essayFactsRepo.exactWatermark(db, schoolId);
  const scoring = new Map<number, TaskScoringInfo>();
  let afterId = 0;
  let newest: string | null = null;
  let seen = 0;
  for (;;) {
    const rows = await essayFactsRepo.changed(db, schoolId, since, afterId, BATCH);
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
    // exact texts of one format compare as times
    for (const r of rows) if (newest === null || r.updatedAt > newest) newest = r.updatedAt;
    afterId = rows.at(-1)!.id;
    seen += rows.length;
    // each batch is committed as it goes: a run stopped half-way leaves those rows current (sourceAt),
    // and the next run skips them
    await onBatch?.(seen);
    if (rows.length < BATCH) break;
  }
  if (newest !== null) await essayFactsRepo.setWatermark(db, schoolId, newest);
  return seen;
}

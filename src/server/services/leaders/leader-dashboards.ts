// Figures of the headmaster home and the /teachingAdmin pages. Every figure is an SQL aggregate over
// essay_facts (brought up to date first), classes and tasks; Node only shapes, sorts and pages the
// aggregate rows (one per class or teacher, never one per essay).
import { DIMENSIONS, GRADE_BANDS, type DimensionId } from '../../../correction/index';
import type {
  ClassRow, GradeData, HeadmasterOverview, LeaderFilter, StudentData, StudentRow, TeacherData, TeacherRow,
} from '../../../core/api/contracts/leaders';
import { translate, type Lang, type MessageKey } from '../../../core/i18n';
import { leaderDashboardsRepo as repo, type ClassAggregateRow, type DashboardScope } from '../../repositories/leader-dashboards';
import type { AuthContext } from '../auth-context';
import { gradeName } from '../class-service';
import type { ServiceDeps } from '../deps';
import { freshenFacts } from './essay-facts-job';
import { resolveScope, requireLeader } from './leader-scope';
import { factsVersion, memo } from './leader-cache';

const r1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);
const rate = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 1000) / 1000 : null);

export interface TableQuery extends LeaderFilter {
  pageNum: number;
  pageSize: number;
  sortBy?: string | undefined;
  order: 'asc' | 'desc';
}

/** Sorts rows by a column (nulls last either way), then pages them. */
export function sortAndPage<T extends Record<string, unknown>>(rows: T[], q: { sortBy?: string | undefined; order: 'asc' | 'desc'; pageNum: number; pageSize: number }, fallback: keyof T) {
  const key = (q.sortBy && rows.length && q.sortBy in rows[0]! ? q.sortBy : fallback) as keyof T;
  const dir = q.sortBy ? (q.order === 'asc' ? 1 : -1) : 1;
  const sorted = [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (x === y) return 0;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return (typeof x === 'string' ? x.localeCompare(String(y), 'zh') : (x as number) - (y as number)) * dir;
  });
  const start = (q.pageNum - 1) * q.pageSize;
  return { all: sorted, page: { list: sorted.slice(start, start + q.pageSize), total: rows.length, pageNum: q.pageNum, pageSize: q.pageSize } };
}

function classRow(r: ClassAggregateRow, lang: Lang): Omit<ClassRow, 'dimensions'> {
  const expected = r.students * r.tasks;
  return {
    classId: r.classId,
    className: r.className,
    grade: r.grade,
    gradeLabel: gradeName(r.grade, lang),
    campus: r.campus,
    students: r.students,
    tasks: r.tasks,
    expected,
    submitted: r.submitted,
    approved: r.approved,
    submissionRate: rate(r.submitted, expected),
    approvalRate: rate(r.approved, r.submitted),
    average: r.nFinal ? r1(r.sumFinal! / r.nFinal) : null,
  };
}

function studentRow(r: ClassAggregateRow, lang: Lang): StudentRow {
  return {
    classId: r.classId,
    className: r.className,
    grade: r.grade,
    gradeLabel: gradeName(r.grade, lang),
    campus: r.campus,
    students: r.students,
    activeWriters: r.writers,
    essays: r.essays,
    essaysPerStudent: r.students ? Math.round((r.essays / r.students) * 100) / 100 : null,
    words: r.words,
    growth: r.early !== null && r.late !== null ? r1(r.late - r.early) : null,
  };
}

const dimName = (id: string, lang: Lang) => (id in DIMENSIONS ? DIMENSIONS[id as DimensionId][lang] : id);

export function leaderDashboards(deps: Pick<ServiceDeps, 'db' | 'now'>) {
  const db = deps.db;

  /** Checks the caller, resolves the scope and brings the facts up to date; the cache key names the data version. */
  async function prepare(auth: AuthContext, q: LeaderFilter, lang: Lang) {
    requireLeader(auth);
    const resolved = await resolveScope(db, auth, q, lang);
    const { refreshing } = await freshenFacts(db, auth.school.id, deps.now());
    const version = await factsVersion(db, auth.school.id);
    return { ...resolved, view: refreshing ? { ...resolved.view, refreshing } : resolved.view, version };
  }
  const key = (kind: string, s: DashboardScope, extra: string, lang: Lang) => `${kind}|${s.schoolId}|${s.semesterId}|${s.campusId}|${s.grade}|${extra}|${lang}`;

  async function classAggregates(s: DashboardScope, mid: string, version: string) {
    return memo(db, key('classes', s, mid, 'zh'), version, () => repo.classes(db, s, mid));
  }

  return {
    async overview(auth: AuthContext, q: LeaderFilter, lang: Lang): Promise<HeadmasterOverview> {
      const { scope: s, view, version } = await prepare(auth, q, lang);
      const empty: HeadmasterOverview = {
        scope: view, tasks: 0, expected: 0, submitted: 0, aiCorrected: 0, approved: 0, submissionRate: null, aiRate: null, approvalRate: null,
        turnaroundHours: null, bandsByGrade: [], problems: [], waiting: [],
      };
      if (!s) return empty;
      // the scope view depends on the caller (a campus-bound identity), so it stays out of the shared cache
      const figures = await memo(db, key('overview', s, '', lang), version, async (): Promise<Omit<HeadmasterOverview, 'scope'>> => {
        const mins = GRADE_BANDS.slice(0, -1).map((b) => b.min);
        const [tasks, totals, classesRows, bands, problems, waiting] = await Promise.all([
          repo.taskCount(db, s),
          repo.totals(db, s),
          repo.classes(db, s, '1970-01-01'),
          repo.bandsByGrade(db, s, mins),
          repo.problems(db, s),
          repo.waiting(db, s, 5),
        ]);
        const expected = classesRows.reduce((a, r) => a + r.students * r.tasks, 0);
        const grades = [...new Set(bands.map((b) => b.grade))];
        const now = deps.now().getTime();
        return {
          tasks,
          expected,
          ...totals,
          turnaroundHours: r1(totals.turnaroundHours),
          submissionRate: rate(totals.submitted, expected),
          aiRate: rate(totals.aiCorrected, totals.submitted),
          approvalRate: rate(totals.approved, totals.submitted),
          bandsByGrade: grades.map((g) => {
            const of = bands.filter((b) => b.grade === g);
            const n = of.reduce((a, b) => a + b.n, 0);
            const sum = of.reduce((a, b) => a + (b.sum ?? 0), 0);
            return {
              grade: g,
              label: gradeName(g, lang),
              average: n ? r1(sum / n) : null,
              bands: GRADE_BANDS.map((b, i) => ({ band: b.band, label: b[lang], count: of.find((x) => x.band === i)?.n ?? 0 })),
            };
          }),
          problems: problems.map((p) => ({ kind: p.kind, label: translate(lang, `classStats.problem.${p.kind}` as MessageKey), essays: p.n })),
          waiting: waiting.map((w) => ({ teacherId: w.teacherId, name: w.name, essays: w.essays, oldestAt: w.oldestAt.toISOString(), waitingHours: Math.max(0, Math.round((now - w.oldestAt.getTime()) / 360_000) / 10) })),
        };
      });
      return { scope: view, ...figures };
    },

    async gradeData(auth: AuthContext, q: TableQuery, lang: Lang): Promise<GradeData & { all: Omit<ClassRow, 'dimensions'>[] }> {
      const { scope: s, view, version, semesterMid } = await prepare(auth, q, lang);
      if (!s) return { scope: view, table: { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize }, grades: [], trend: [], all: [] };
      const [agg, trend] = await Promise.all([
        classAggregates(s, semesterMid!, version),
        memo(db, key('trend', s, '', lang), version, () => repo.trend(db, s)),
      ]);
      const rows = agg.map((r) => classRow(r, lang));
      const { all, page } = sortAndPage(rows, q, 'grade');
      // every class of the scope at once, kept with the other figures: a page then costs no SQL
      const dims = await memo(db, key('dimensions', s, '', 'zh'), version, () => repo.dimensions(db, s, agg.map((r) => r.classId)));
      const gradesList = [...new Set(agg.map((r) => r.grade))];
      return {
        scope: view,
        all,
        table: {
          ...page,
          list: page.list.map((r) => ({
            ...r,
            dimensions: dims.filter((d) => d.classId === r.classId).map((d) => ({ id: d.id, name: dimName(d.id, lang), average: r1(d.average) })).sort((a, b) => a.id.localeCompare(b.id)),
          })),
        },
        grades: gradesList.map((g) => {
          const of = agg.filter((r) => r.grade === g);
          const sum = (f: (r: ClassAggregateRow) => number) => of.reduce((a, r) => a + f(r), 0);
          const nFinal = sum((r) => r.nFinal);
          return {
            grade: g,
            label: gradeName(g, lang),
            classes: of.length,
            submissionRate: rate(sum((r) => r.submitted), sum((r) => r.students * r.tasks)),
            approvalRate: rate(sum((r) => r.approved), sum((r) => r.submitted)),
            average: nFinal ? r1(sum((r) => r.sumFinal ?? 0) / nFinal) : null,
          };
        }),
        trend: trend.map((t) => ({ month: t.month, submitted: t.submitted, average: r1(t.average) })),
      };
    },

    async teacherData(auth: AuthContext, q: TableQuery, lang: Lang): Promise<TeacherData & { all: TeacherRow[] }> {
      const { scope: s, view, version } = await prepare(auth, q, lang);
      if (!s) return { scope: view, table: { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize }, all: [] };
      const rows = await memo(db, key('teachers', s, '', lang), version, async () => {
        const [cls, tasks, approvals] = await Promise.all([repo.teacherClasses(db, s), repo.teacherTasks(db, s), repo.teacherApprovals(db, s)]);
        const ids = [...new Set([...cls.map((c) => c.identityId), ...tasks.map((t) => t.teacherId), ...approvals.map((a) => a.teacherId)])];
        const names = new Map((await repo.teacherNames(db, s.schoolId, ids)).map((n) => [n.id, n.name]));
        return ids.filter((id) => names.has(id)).map((id): TeacherRow => {
          const a = approvals.find((x) => x.teacherId === id);
          return {
            teacherId: id,
            name: names.get(id)!,
            classes: new Set(cls.filter((c) => c.identityId === id).map((c) => c.classId)).size,
            tasks: tasks.find((t) => t.teacherId === id)?.n ?? 0,
            approved: a?.approved ?? 0,
            medianHours: r1(a?.medianHours ?? null),
            changedRate: a ? rate(a.changed, a.comparable) : null,
            averageChange: r1(a?.averageChange ?? null),
            averageAbsChange: r1(a?.averageAbsChange ?? null),
            comments: a?.comments ?? 0,
            annotations: a?.annotations ?? 0,
          };
        });
      });
      const { all, page } = sortAndPage(rows, q, 'name');
      return { scope: view, table: page, all };
    },

    async studentData(auth: AuthContext, q: TableQuery, lang: Lang): Promise<StudentData & { all: StudentRow[] }> {
      const { scope: s, view, version, semesterMid } = await prepare(auth, q, lang);
      if (!s) return { scope: view, table: { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize }, grades: [], all: [] };
      const agg = await classAggregates(s, semesterMid!, version);
      const rows = agg.map((r) => studentRow(r, lang));
      const { all, page } = sortAndPage(rows, q, 'grade');
      const gradesList = [...new Set(agg.map((r) => r.grade))];
      return {
        scope: view,
        table: page,
        all,
        grades: gradesList.map((g) => {
          const of = agg.filter((r) => r.grade === g);
          const sum = (f: (r: ClassAggregateRow) => number) => of.reduce((a, r) => a + f(r), 0);
          const early = of.filter((r) => r.early !== null && r.late !== null);
          return {
            grade: g,
            label: gradeName(g, lang),
            students: sum((r) => r.students),
            activeWriters: sum((r) => r.writers),
            essays: sum((r) => r.essays),
            words: sum((r) => r.words),
            growth: early.length ? r1(early.reduce((a, r) => a + (r.late! - r.early!), 0) / early.length) : null,
          };
        }),
      };
    },
  };
}
export type LeaderDashboards = ReturnType<typeof leaderDashboards>;

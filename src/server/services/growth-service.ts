// Student growth records (product-rules.md#audience, #entities, #api studentGrowing/*): the class growth table, one student's
// profile and record, and the xlsx export. A teacher sees the students of the classes they teach,
// class staff and headmasters the whole school; anything else is a 404 (nothing is revealed).
import type { GrowthPage, GrowthProfile, GrowthRecord } from '../../core/api/contracts/growth';
import type { Lang } from '../../core/i18n';
import { notFound } from '../errors';
import { classesRepo } from '../repositories/classes';
import { growthRepo, type GrowthListFilter, type GrowthListRow, type GrowthSort } from '../repositories/growth';
import { isScopedTeacher, requireAny } from './access';
import type { AuthContext } from './auth-context';
import { gradeName, semesterIdString, semesterNumericId, visibleClasses } from './class-service';
import type { ServiceDeps } from './deps';
import { buildGrowthWorkbook } from './growth-export';
import { buildGrowthProfile, rightOf, wrongLines } from './growth-profile';
import { GrowthProfileCache, profileEnvelope } from './growth-profile-cache';
import { summariesOnScales } from './score-scale';
import { attachmentHeader } from './writing-export';
import { taskScoringInfos, type TaskScoringInfo } from './writing-scope';
import type { ScoreSummary } from '../../core/scoring/score-summary';

export interface GrowthFilter {
  semesterId?: string | number | undefined;
  classId?: number | undefined;
  campusId?: number | undefined;
  grade?: number | undefined;
  keyword?: string | undefined;
  sort: GrowthSort;
  order: 'asc' | 'desc';
}

/** Most rows one export writes (a whole school of a semester fits). */
const EXPORT_MAX = 20_000;

function requireGrowthRead(auth: AuthContext): void {
  requireAny(auth, ['class', 'query'], ['headmaster', 'query']);
}

type SemesterRow = NonNullable<Awaited<ReturnType<typeof growthRepo.semester>>>;
const semesterOut = (s: SemesterRow, lang: Lang) => ({ id: s.id, semesterId: semesterIdString(s), name: lang === 'en' ? s.nameEn : s.nameZh });

function recordOf(row: GrowthListRow, semester: SemesterRow, lang: Lang, scores: ScoreSummary[]): GrowthRecord {
  return {
    studentId: row.studentId,
    name: row.name,
    gender: row.gender,
    studentNo: row.studentNo,
    classId: row.classId,
    className: row.className,
    gradeName: gradeName(row.grade, lang),
    campusName: row.campusName,
    semesterId: semesterIdString(semester),
    tasksCompleted: row.tasksCompleted,
    essaysSubmitted: row.essaysSubmitted,
    totalWords: row.totalWords,
    excellentCount: Number(row.excellentCount),
    // a mean of percents only when every scored essay was marked in points: the percents behind letters
    // are no score a teacher gave (A, B, C, A is "A 2篇…", never 82)
    averageScore: scores.length && scores.every((x) => x.kind === 'points') ? row.averagePercent : null,
    scores,
    lastApprovedAt: row.lastApprovedAt ? row.lastApprovedAt.toISOString() : null,
  };
}

const caches = new WeakMap<object, GrowthProfileCache>();

export function growthService(deps: ServiceDeps) {
  const db = deps.db;
  // one cache per database (an app, or a test's app), shared by the service objects built on it
  const cache = caches.get(db) ?? new GrowthProfileCache();
  caches.set(db, cache);
  const scope = (auth: AuthContext) => (isScopedTeacher(auth) ? auth.identity.id : undefined);

  /** Each student's scores of the semester summed up on their tasks' own scales (score-scale.ts). */
  async function summariesOf(studentIds: number[], semesterId: number, lang: Lang): Promise<Map<number, ScoreSummary[]>> {
    const scored = await growthRepo.scoredEntries(db, studentIds, semesterId);
    const scales = await taskScoringInfos(db, scored.map((e) => e.taskId));
    // a task gone since is a 404, as reading it alone was
    if (scored.some((e) => !scales.has(e.taskId))) throw notFound();
    const by = new Map<number, Array<{ percent: number; scoring: TaskScoringInfo }>>();
    for (const e of scored) by.set(e.studentId, [...(by.get(e.studentId) ?? []), { percent: e.scorePercent, scoring: scales.get(e.taskId)! }]);
    return new Map(studentIds.map((id) => [id, summariesOnScales(by.get(id) ?? [], lang)]));
  }
  async function recordsOf(rows: GrowthListRow[], semester: SemesterRow, lang: Lang): Promise<GrowthRecord[]> {
    const scores = await summariesOf(rows.map((r) => r.studentId), semester.id, lang);
    return rows.map((r) => recordOf(r, semester, lang, scores.get(r.studentId) ?? []));
  }

  /** The semester asked for (of the caller's school, else 404), or the school's current one. */
  async function semesterOf(auth: AuthContext, ref: string | number | undefined): Promise<SemesterRow | undefined> {
    if (ref === undefined) return growthRepo.currentSemester(db, auth.school.id);
    const s = await growthRepo.semester(db, auth.school.id, semesterNumericId(ref));
    if (!s) throw notFound();
    return s;
  }

  async function listFilter(auth: AuthContext, f: GrowthFilter): Promise<{ filter: GrowthListFilter; semester: SemesterRow } | null> {
    requireGrowthRead(auth);
    const semester = await semesterOf(auth, f.semesterId);
    if (f.classId !== undefined && !(await classesRepo.find(db, { ...visibleClasses(auth), id: f.classId }))) throw notFound();
    if (!semester) return null;
    return { semester, filter: { schoolId: auth.school.id, semesterId: semester.id, teacherIdentityId: scope(auth), classId: f.classId, campusId: f.campusId, grade: f.grade, keyword: f.keyword } };
  }

  /** A student the caller may see and the semester asked for (default: their class's). */
  async function studentOf(auth: AuthContext, studentId: number, semesterRef: string | number | undefined) {
    requireGrowthRead(auth);
    const student = await growthRepo.student(db, auth.school.id, studentId, scope(auth));
    if (!student) throw notFound();
    const semester = semesterRef === undefined && student.semester ? student.semester : await semesterOf(auth, semesterRef ?? student.classSemesterId);
    if (!semester) throw notFound();
    return { student, semester };
  }

  /** The student's record of the semester (zeros before any approved essay). */
  async function recordFrom({ student, semester }: Awaited<ReturnType<typeof studentOf>>, rec: Awaited<ReturnType<typeof growthRepo.record>>, handedIn: number, lang: Lang): Promise<GrowthRecord> {
    const [record] = await recordsOf([
      {
        studentId: student.s.id,
        name: student.s.name,
        gender: student.s.gender,
        studentNo: student.s.studentNo,
        classId: student.s.classId,
        className: student.className,
        grade: student.grade,
        campusName: student.campusName,
        tasksCompleted: rec?.r.tasksCompleted ?? 0,
        essaysSubmitted: handedIn,
        totalWords: rec?.r.totalWords ?? 0,
        excellentCount: rec?.excellentCount ?? 0,
        averagePercent: rec?.r.averagePercent ?? null,
        lastApprovedAt: rec?.r.lastApprovedAt ?? null,
      }],
      semester,
      lang,
    );
    return record!;
  }

  return {
    async page(auth: AuthContext, f: GrowthFilter & { pageNum: number; pageSize: number }, lang: Lang): Promise<GrowthPage> {
      const scoped = await listFilter(auth, f);
      if (!scoped) return { list: [], total: 0, pageNum: f.pageNum, pageSize: f.pageSize, semester: null };
      const { rows, total } = await growthRepo.page(db, scoped.filter, f.sort, f.order, f.pageNum, f.pageSize);
      return { list: await recordsOf(rows, scoped.semester, lang), total, pageNum: f.pageNum, pageSize: f.pageSize, semester: semesterOut(scoped.semester, lang) };
    },

    async record(auth: AuthContext, studentId: number, semesterRef: string | number | undefined, lang: Lang): Promise<GrowthRecord> {
      const found = await studentOf(auth, studentId, semesterRef);
      const [rec, handedIn] = await Promise.all([growthRepo.record(db, studentId, found.semester.id), growthRepo.handedIn(db, studentId, found.semester.id)]);
      return await recordFrom(found, rec, handedIn, lang);
    },

    async profile(auth: AuthContext, studentId: number, semesterRef: string | number | undefined, lang: Lang): Promise<GrowthProfile> {
      const found = await studentOf(auth, studentId, semesterRef);
      const semester = found.semester;
      // the record and the entries in parallel (PostgreSQL pool; PGlite queues them)
      const [rec, entries, handedIn] = await Promise.all([growthRepo.record(db, studentId, semester.id), growthRepo.entries(db, studentId, semester.id), growthRepo.handedIn(db, studentId, semester.id)]);
      const record = await recordFrom(found, rec, handedIn, lang);
      const lines = wrongLines(entries);
      const fixedBy = await growthRepo.firstWrittenRight(db, studentId, semester.id, lines.map((l) => ({ right: rightOf(l), afterEssayId: l.occurrences.at(-1)!.essayId })));
      return buildGrowthProfile({ record, semester: semesterOut(semester, lang), entries, lines, fixedBy, lang });
    },

    /**
     * The profile's success envelope as JSON, served from the cache while the student's record is
     * unchanged (the route sends it as is: the profile of 200 essays is ~130 KB).
     */
    async profileJson(auth: AuthContext, studentId: number, semesterRef: string | number | undefined, lang: Lang): Promise<Buffer> {
      const found = await studentOf(auth, studentId, semesterRef);
      const [rec, handedIn] = await Promise.all([growthRepo.record(db, studentId, found.semester.id), growthRepo.handedIn(db, studentId, found.semester.id)]);
      const record = await recordFrom(found, rec, handedIn, lang);
      const semester = semesterOut(found.semester, lang);
      const key = `${studentId}:${found.semester.id}:${lang}`;
      const stamp = rec ? `${rec.r.updatedAt.toISOString()}:${rec.r.essaysSubmitted}:${rec.r.totalWords}` : 'none';
      const cached = cache.get(key, stamp);
      if (cached !== undefined) return profileEnvelope(record, semester, cached);
      const { record: _r, semester: _s, ...rest } = await this.profile(auth, studentId, semesterRef, lang);
      return profileEnvelope(record, semester, cache.set(key, stamp, rest));
    },

    async exportTable(auth: AuthContext, f: GrowthFilter, lang: Lang) {
      const scoped = await listFilter(auth, f);
      const rows = scoped ? await recordsOf((await growthRepo.page(db, scoped.filter, f.sort, f.order, 1, EXPORT_MAX)).rows, scoped.semester, lang) : [];
      const semesterName = scoped ? semesterOut(scoped.semester, lang).name : '';
      const body = await buildGrowthWorkbook({ rows, semesterName, lang });
      const name = `${lang === 'en' ? 'growth-records' : '成长档案'}${semesterName ? `-${semesterName}` : ''}.xlsx`;
      return { body, contentDisposition: attachmentHeader(name, 'growth-records.xlsx') };
    },
  };
}
export type GrowthService = ReturnType<typeof growthService>;

// Which rows a school leader's dashboard may read: their school, the semester asked for (default the
// current one), and their campus when the identity is tied to one; any other campus is refused.
import type { LeaderFilter, LeaderScope } from '../../../core/api/contracts/leaders';
import type { Lang } from '../../../core/i18n';
import type { Executor } from '../../db/database';
import { badRequest, forbidden } from '../../errors';
import { leaderDashboardsRepo, leaderScopeRepo, type DashboardScope } from '../../repositories/leader-dashboards';
import { requireAny } from '../access';
import type { AuthContext } from '../auth-context';
import { gradeName } from '../class-service';

export interface ResolvedScope {
  scope: DashboardScope | null;
  view: LeaderScope;
  /** the semester's first day and its middle (growth compares the halves), ISO dates */
  semesterStart: string | null;
  semesterMid: string | null;
}

/** Headmaster pages: the headmaster permission's query action (roles 6 and 7); a teacher gets 403. */
export function requireLeader(auth: AuthContext): void {
  requireAny(auth, ['headmaster', 'query']);
}

export async function resolveScope(db: Executor, auth: AuthContext, q: LeaderFilter, lang: Lang): Promise<ResolvedScope> {
  const schoolId = auth.school.id;
  const [sems, allCampuses, fixed] = await Promise.all([
    leaderDashboardsRepo.semesters(db, schoolId),
    leaderDashboardsRepo.campuses(db, schoolId),
    leaderScopeRepo.identityCampus(db, auth.identity.id),
  ]);
  let semester = q.semesterId !== undefined ? sems.find((s) => s.id === q.semesterId) : (sems.find((s) => s.isCurrent) ?? sems[0]);
  if (q.semesterId !== undefined && !semester) throw badRequest('SEMESTER_UNKNOWN', 'leaders.semesterUnknown');
  semester ??= undefined;
  if (q.campusId !== undefined && !allCampuses.some((c) => c.id === q.campusId)) throw badRequest('CAMPUS_UNKNOWN', 'leaders.campusUnknown');
  if (fixed !== null && q.campusId !== undefined && q.campusId !== fixed) throw forbidden();
  const campusId = fixed ?? q.campusId ?? null;
  const campuses = fixed !== null ? allCampuses.filter((c) => c.id === fixed) : allCampuses;
  const grades = semester ? await leaderScopeRepo.grades(db, { schoolId, semesterId: semester.id, campusId }) : [];
  const view: LeaderScope = {
    semesterId: semester?.id ?? null,
    campusId,
    grade: q.grade ?? null,
    semesters: sems.map((s) => ({ value: s.id, label: lang === 'en' ? s.nameEn : s.nameZh, isCurrent: s.isCurrent })),
    campuses: campuses.map((c) => ({ value: c.id, label: c.name })),
    grades: grades.map((g) => ({ value: g, label: gradeName(g, lang) })),
    campusFixed: fixed !== null,
  };
  if (!semester) return { scope: null, view, semesterStart: null, semesterMid: null };
  const start = Date.parse(semester.startDate);
  const end = Date.parse(semester.endDate);
  const mid = new Date(start + (end - start) / 2).toISOString().slice(0, 10);
  return { scope: { schoolId, semesterId: semester.id, campusId, grade: q.grade ?? null }, view, semesterStart: semester.startDate, semesterMid: mid };
}

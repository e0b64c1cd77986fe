// Roster sync through Names and Role Provisioning Services (docs/lti.md#roster): the course's members
// with a Learner role become (or stay) students of the class the course is linked to, their names
// following the LMS. Students who left the course are kept: their essays and records stay.
import { AppError, notFound } from '../errors';
import { ltiRepo } from '../repositories/lti';
import { zhipiRole } from '../lti/claims';
import { fetchMembers } from '../lti/nrps';
import { PlatformCallError } from '../lti/platform-token';
import type { AuthContext } from './auth-context';
import type { ServiceDeps } from './deps';
import { studentFor } from './lti-people';
import { requireClassInScope } from './review-access';
import { requireClassRead } from './access';
import { ltiRefusal, type LtiLog } from './lti-service';

export function ltiRosterService(deps: ServiceDeps) {
  const { db, now } = deps;

  async function contextInScope(auth: AuthContext, contextId: number) {
    const context = await ltiRepo.context(db, contextId);
    const platform = context ? await ltiRepo.platform(db, context.platformId) : undefined;
    if (!context || !platform || platform.schoolId !== auth.school.id) throw notFound();
    if (context.classId === null) throw new AppError(409, 'LTI_NO_CLASS', 'lti.error.noClass', undefined, { show: true });
    await requireClassInScope(db, auth, context.classId);
    return { context: { ...context, classId: context.classId }, platform };
  }

  return {
    /** The LMS courses linked to classes the caller sees. */
    async contexts(auth: AuthContext) {
      requireClassRead(auth);
      const rows = await ltiRepo.schoolContexts(db, auth.school.id);
      const out = [];
      for (const r of rows) {
        if (r.classId === null) continue;
        try {
          await requireClassInScope(db, auth, r.classId);
        } catch {
          continue;
        }
        out.push({ id: r.id, platformName: r.platformName, title: r.title, classId: r.classId, className: r.className, canSyncRoster: r.membershipsUrl !== null, lastSyncedAt: r.lastSyncedAt?.toISOString() ?? null });
      }
      return out;
    },

    /** Pulls the course membership and creates or renames the class's students. */
    async syncRoster(auth: AuthContext, contextId: number, log: LtiLog) {
      requireClassRead(auth);
      const { context, platform } = await contextInScope(auth, contextId);
      if (!context.membershipsUrl) throw new AppError(409, 'LTI_NO_MEMBERSHIP_SERVICE', 'lti.error.noMembershipService', undefined, { show: true });
      let members;
      try {
        members = await fetchMembers(db, platform, context.membershipsUrl, now());
      } catch (err) {
        if (err instanceof PlatformCallError) throw ltiRefusal('LTI_PLATFORM_UNREACHABLE', log, { platformId: platform.id, detail: err.message });
        throw err;
      }
      let created = 0;
      let linked = 0;
      for (const m of members) {
        if (m.status && m.status !== 'Active') continue;
        if (zhipiRole(m.roles) !== 'student') continue;
        const name = m.name ?? [m.family_name, m.given_name].filter(Boolean).join('');
        const r = await studentFor(db, platform, context.classId, { sub: m.user_id, name: name || undefined, email: m.email }, now());
        if (r.created) created++;
        else linked++;
      }
      await ltiRepo.markSynced(db, context.id, now());
      return { members: members.length, created, updated: linked };
    },
  };
}
export type LtiRosterService = ReturnType<typeof ltiRosterService>;

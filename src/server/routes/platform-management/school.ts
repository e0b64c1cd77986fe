import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/platform';
import { forbidden, notFound } from '../../errors';
import { authOf } from '../../plugins/request-context';
import { schoolsRepo } from '../../repositories/schools';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { school as rt } from '../../../core/api/routes/school';
import { defineRoute } from '../define-route';

/** `mSchool/schoolInfo` and `schoolVersion/get`: the caller's own school only. */
export const schoolRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  defineRoute(app, rt.mSchoolSchoolInfo, { answer: c.schoolInfo }, async (req) => {
    const { school, identity } = authOf(req);
    return ok({
      schoolId: school.id,
      schoolName: school.name,
      isSchoolTeacher: identity.isSchoolTeacher,
      teacherVersion: identity.teacherVersion,
      campusName: identity.campusName,
      isSynchronizationSchool: school.isSynchronizationSchool,
      category: school.category,
      schoolType: school.schoolType,
    });
  }, {
    config: { allowExpired: true },
  });

  defineRoute(app, rt.schoolVersionGet, { query: c.schoolVersionQuery, answer: c.schoolVersion }, async (req) => {
    const { school } = authOf(req);
    if (req.query.schoolId !== undefined && req.query.schoolId !== school.id) throw forbidden();
    const version = await schoolsRepo.version(services.deps.db, school.versionId);
    if (!version) throw notFound();
    return ok({ schoolId: school.id, versionId: version.id, versionName: version.name });
  }, {
    config: { allowExpired: true },
  });
};

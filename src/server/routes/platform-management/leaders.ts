import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/leaders';
import { authOf } from '../../plugins/request-context';
import { leaderDashboards } from '../../services/leaders/leader-dashboards';
import { exportLeaderTable } from '../../services/leaders/leader-export';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { leaders as rt } from '../../../core/api/routes/leaders';
import { defineRoute } from '../define-route';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `leaders/*`: the headmaster home and /teachingAdmin figures (roles 6 and 7: headmaster.query), campus-scoped. */
export const leaderRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = leaderDashboards(services.deps);
  defineRoute(app, rt.overview, { query: c.leaderFilterQuery, answer: c.headmasterOverview }, async (req) => ok(await svc.overview(authOf(req), req.query, req.lang)));
  defineRoute(app, rt.grade, { query: c.gradeDataQuery, answer: c.gradeData }, async (req) => {
    const { all: _all, ...data } = await svc.gradeData(authOf(req), req.query, req.lang);
    return ok(data);
  });
  defineRoute(app, rt.teacher, { query: c.teacherDataQuery, answer: c.teacherData }, async (req) => {
    const { all: _all, ...data } = await svc.teacherData(authOf(req), req.query, req.lang);
    return ok(data);
  });
  defineRoute(app, rt.student, { query: c.studentDataQuery, answer: c.studentData }, async (req) => {
    const { all: _all, ...data } = await svc.studentData(authOf(req), req.query, req.lang);
    return ok(data);
  });
  defineRoute(app, rt.export, { query: c.leaderExportQuery }, async (req, reply) => {
    const { kind, ...q } = req.query;
    const file = await exportLeaderTable(svc, authOf(req), kind, q, req.lang);
    return reply.type(XLSX).header('content-disposition', file.contentDisposition).header('x-row-count', String(file.rows)).header('cache-control', 'no-store').send(file.body);
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/leaders';
import { authOf } from '../../plugins/request-context';
import { leaderDashboards } from '../../services/leaders/leader-dashboards';
import { exportLeaderTable } from '../../services/leaders/leader-export';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: school leaders (headmaster home, teaching admin)'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `leaders/*`: the headmaster home and /teachingAdmin figures (roles 6 and 7: headmaster.query), campus-scoped. */
export const leaderRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = leaderDashboards(services.deps);
  app.get('/leaders/overview', {
    schema: { tags, summary: 'Headmaster home: tasks, submissions, AI-corrected and approved (counts, rates), turnaround, score bands by grade, common problems, teachers waiting longest', querystring: c.leaderFilterQuery, response: responses(c.headmasterOverview) },
  }, async (req) => ok(await svc.overview(authOf(req), req.query, req.lang)));
  app.get('/leaders/grade', {
    schema: { tags, summary: 'Grade data: per class tasks, submission and approval rates, averages (dimensions on the page), per grade, monthly trend', querystring: c.gradeDataQuery, response: responses(c.gradeData) },
  }, async (req) => {
    const { all: _all, ...data } = await svc.gradeData(authOf(req), req.query, req.lang);
    return ok(data);
  });
  app.get('/leaders/teacher', {
    schema: { tags, summary: 'Teacher data: classes, tasks, approvals, median approval time, AI score changes, comments', querystring: c.teacherDataQuery, response: responses(c.teacherData) },
  }, async (req) => {
    const { all: _all, ...data } = await svc.teacherData(authOf(req), req.query, req.lang);
    return ok(data);
  });
  app.get('/leaders/student', {
    schema: { tags, summary: 'Student data: per class students, active writers, essays per student, words, growth; per grade', querystring: c.studentDataQuery, response: responses(c.studentData) },
  }, async (req) => {
    const { all: _all, ...data } = await svc.studentData(authOf(req), req.query, req.lang);
    return ok(data);
  });
  app.get('/leaders/export', {
    schema: { tags, summary: `One /teachingAdmin table, every row of the filters, as xlsx (${XLSX})`, querystring: c.leaderExportQuery },
  }, async (req, reply) => {
    const { kind, ...q } = req.query;
    const file = await exportLeaderTable(svc, authOf(req), kind, q, req.lang);
    return reply.type(XLSX).header('content-disposition', file.contentDisposition).header('x-row-count', String(file.rows)).header('cache-control', 'no-store').send(file.body);
  });
};

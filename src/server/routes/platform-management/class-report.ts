import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/class-report';
import { errorBody } from '../../../core/api/contracts/envelope';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { classReportService } from '../../services/class-report-service';
import { ok, responses } from '../reply';

const tags = ['platform-management: class report'];

/** `tasks/getTeacherReportConfig`, `tasks/getReportData`, `tasks/getPartReportData` (spec §7). */
export const classReportRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = classReportService(services.deps);
  app.post('/tasks/getTeacherReportConfig', {
    schema: { tags, summary: 'The teacher’s class-report setting (simple or full, and the sections of the full report); a body with mode or sections saves it first', body: c.reportConfigBody, response: responses(c.reportConfig) },
  }, async (req) => ok(await svc.getConfig(authOf(req), req.body ?? {})));
  const data = { tags, summary: 'Class report of a task (teacher-approved essays only): overview, dimensions, common problems, good sentences, excellent essays, students who need attention, comparison with earlier tasks, per-student rows and pages', body: c.reportDataBody, response: { ...responses(c.classReport), 404: errorBody } };
  app.post('/tasks/getReportData', { schema: data }, async (req) => ok(await svc.reportData(authOf(req), req.body, req.lang)));
  app.post('/tasks/getPartReportData', { schema: { ...data, summary: 'One section (partType) of the class report' } }, async (req) => ok(await svc.reportData(authOf(req), req.body, req.lang)));
};

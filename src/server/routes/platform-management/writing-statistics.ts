import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as r from '../../../core/api/contracts/review';
import { anchorCalibration, anchorCalibrationBody } from '../../../core/api/contracts/anchors';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { writingStatisticsService } from '../../services/writing-statistics-service';
import { anchorCalibrationService } from '../../services/anchor-calibration';
import { ok } from '../reply';
import { writingStatistics as rt } from '../../../core/api/routes/writing-statistics';
import { defineRoute } from '../define-route';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `writings/statistics`, `writings/classroomEvaluation` and `export/writing` of a task (product-rules.md#screens writing list, product-rules.md#validation export). */
export const writingStatisticsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = writingStatisticsService(services.deps);
  defineRoute(app, rt.writingsStatistics, { query: r.classTaskQuery, answer: r.writingStatistics }, async (req) => ok(await svc.statistics(authOf(req), req.query.taskId, req.query.classId, req.lang)));
  defineRoute(app, rt.writingsClassroomEvaluation, { query: r.classTaskQuery, answer: r.classroomEvaluation }, async (req) => ok(await svc.classroomEvaluation(authOf(req), req.query.taskId, req.query.classId, req.lang)));
  const anchors = anchorCalibrationService(services.deps);
  defineRoute(app, rt.writingsAnchorCalibration, { body: anchorCalibrationBody, answer: anchorCalibration }, async (req) => ok(await anchors.preview(authOf(req), req.body, req.lang)), {
    // 5 anchors of a few bytes each: anything larger is not a request of this form
    bodyLimit: 4 * 1024,
  });
  defineRoute(app, rt.exportWriting, { query: r.exportWritingQuery }, async (req, reply) => {
    const file = await svc.exportWriting(authOf(req), req.query.taskId, req.query.classId, req.lang);
    return reply.type(XLSX).header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').send(file.body);
  });
};

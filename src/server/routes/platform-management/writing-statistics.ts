import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as r from '../../../core/api/contracts/review';
import { anchorCalibration, anchorCalibrationBody } from '../../../core/api/contracts/anchors';
import { errorBody } from '../../../core/api/contracts/envelope';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { writingStatisticsService } from '../../services/writing-statistics-service';
import { anchorCalibrationService } from '../../services/anchor-calibration';
import { ok, responses } from '../reply';

const tags = ['platform-management: writing statistics and export'];
const with404 = <T extends z.ZodType>(data: T) => ({ ...responses(data), 404: errorBody });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `writings/statistics`, `writings/classroomEvaluation` and `export/writing` of a task (product-rules.md#screens writing list, product-rules.md#validation export). */
export const writingStatisticsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = writingStatisticsService(services.deps);
  app.get('/writings/statistics', {
    schema: { tags, summary: 'Statistics of a task in a class: counts, AI and teacher averages (percent), words, grade bands, distribution in steps of 10, dimension averages, common problems found by the AI', querystring: r.classTaskQuery, response: with404(r.writingStatistics) },
  }, async (req) => ok(await svc.statistics(authOf(req), req.query.taskId, req.query.classId, req.lang)));
  app.get('/writings/classroomEvaluation', {
    schema: { tags, summary: 'Classroom evaluation of a task in a class, from its corrections: summary, strengths, problems, good sentences with names, best essays (approved first), frequent wrong characters, and the statistics', querystring: r.classTaskQuery, response: with404(r.classroomEvaluation) },
  }, async (req) => ok(await svc.classroomEvaluation(authOf(req), req.query.taskId, req.query.classId, req.lang)));
  const anchors = anchorCalibrationService(services.deps);
  app.post('/writings/anchorCalibration', {
    // 5 anchors of a few bytes each: anything larger is not a request of this form
    bodyLimit: 4 * 1024,
    schema: { tags, summary: 'Anchor essays (按您的评分校准): the teacher\'s scores of 3-5 essays of a task in a class put the AI\'s scores of the rest on the teacher\'s scale; each essay before and after, and the bands before and after. A preview: nothing is stored', body: anchorCalibrationBody, response: with404(anchorCalibration) },
  }, async (req) => ok(await anchors.preview(authOf(req), req.body, req.lang)));
  app.get('/export/writing', {
    schema: { tags, summary: `Teacher-approved scores of a task (all the caller's classes of it, or one) as xlsx (${XLSX}): latest approved draft per student, dimensions, grade band, words, times in CST; 400 when nothing is approved`, querystring: r.exportWritingQuery },
  }, async (req, reply) => {
    const file = await svc.exportWriting(authOf(req), req.query.taskId, req.query.classId, req.lang);
    return reply.type(XLSX).header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').send(file.body);
  });
};

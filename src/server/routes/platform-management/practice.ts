import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/practice';
import { idParams } from '../../../core/api/contracts/paging';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { practice as rt } from '../../../core/api/routes/practice';
import * as shapes from '../../../core/api/contracts/shapes/practice';
import { defineRoute } from '../define-route';

/**
 * `practice/*`: practice homework (/practice, permission exercise) and the timed classroom writing
 * (/homework/situation/index, permission task). A teacher sees the classes they teach; other
 * schools' practices are 404. docs/practice.md.
 */
export const practiceRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const s = services.practice;
  defineRoute(app, rt.practiceList, { query: c.practiceListQuery, answer: c.practicePage }, async (req) => ok(await s.page(authOf(req), req.query)));
  defineRoute(app, rt.practiceAdd, { body: c.practiceAddBody, answer: c.practiceSummary }, async (req) => ok(await s.add(authOf(req), req.body)));
  defineRoute(app, rt.practice, { params: idParams, answer: c.practiceDetail }, async (req) => ok(await s.detail(authOf(req), req.params.id, req.lang)));
  defineRoute(app, rt.practiceComment, { params: idParams, body: c.practiceCommentBody, answer: shapes.practiceCommentAnswer }, async (req) => ok(await s.comment(authOf(req), req.params.id, req.body.attemptId, req.body.comment)));
  defineRoute(app, rt.practiceStart, { params: idParams, answer: c.practiceSummary }, async (req) => ok(await s.start(authOf(req), req.params.id)));
  defineRoute(app, rt.practiceEnd, { params: idParams, answer: c.practiceSummary }, async (req) => ok(await s.end(authOf(req), req.params.id)));
  defineRoute(app, rt.practiceDelete, { params: idParams, answer: shapes.practiceDeleteAnswer }, async (req) => ok(await s.remove(authOf(req), req.params.id)));
  defineRoute(app, rt.practiceGrowth, { query: c.practiceGrowthQuery, answer: c.practiceGrowth }, async (req) => ok(await s.growth(authOf(req), req.query.studentId)));
};

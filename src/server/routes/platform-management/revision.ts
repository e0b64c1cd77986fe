import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as r from '../../../core/api/contracts/review';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { revision as rt } from '../../../core/api/routes/revision';
import { defineRoute } from '../define-route';

/** `revision/*` (revised-draft requests) and `writings/remind` (one-click reminder of students who have not submitted). */
export const revisionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  defineRoute(app, rt.revisionRequest, { body: r.requestRevisionBody, answer: r.batchResult }, async (req) => ok(await services.revision.request(authOf(req), req.body, req.lang)));
  defineRoute(app, rt.revisionCancel, { body: r.cancelRevisionBody, answer: r.revisionRequest }, async (req) => ok(await services.revision.cancel(authOf(req), req.body.essayId, req.body.confirm, req.lang)));
  defineRoute(app, rt.writingsRemind, { body: r.remindBody, answer: r.remindResult }, async (req) => ok(await services.reminders.remind(authOf(req), req.body.taskId, req.body.classId, req.lang)));
};

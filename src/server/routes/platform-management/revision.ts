import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as r from '../../../core/api/contracts/review';
import { errorBody } from '../../../core/api/contracts/envelope';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: revised drafts and reminders'];

/** `revision/*` (revised-draft requests) and `writings/remind` (one-click reminder of students who have not submitted). */
export const revisionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post('/revision/request', {
    schema: { tags, summary: 'Ask for revised drafts: keep (the essay stays for comparison, the next upload is draft + 1; a revised draft 2 cannot be asked again) or discard (the essay and its review are dropped, the next upload takes its draft); one pending request per task and student; the students are notified', body: r.requestRevisionBody, response: responses(r.batchResult) },
  }, async (req) => ok(await services.revision.request(authOf(req), req.body, req.lang)));
  app.post('/revision/cancel', {
    schema: { tags, summary: 'Cancel a pending request (409 CONFIRM_REQUIRED without confirm): the essay is restored (undeleted, or back to approved / pending review) and the student told', body: r.cancelRevisionBody, response: { ...responses(r.revisionRequest), 404: errorBody, 409: errorBody } },
  }, async (req) => ok(await services.revision.cancel(authOf(req), req.body.essayId, req.body.confirm, req.lang)));
  app.post('/writings/remind', {
    schema: { tags, summary: 'Notify the students of a class who have not submitted the task (H5); refused within 10 minutes of the last reminder of the same task and class', body: r.remindBody, response: { ...responses(r.remindResult), 404: errorBody } },
  }, async (req) => ok(await services.reminders.remind(authOf(req), req.body.taskId, req.body.classId, req.lang)));
};

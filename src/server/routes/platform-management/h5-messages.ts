import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as m from '../../../core/api/contracts/student-messages';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: students’ notifications (public)'];

/**
 * `h5/messages*`: a student's notifications on the H5 class pages (revised-draft requests, reminders,
 * approvals). Public like the phone upload: the class code, a student of that class and the student's
 * own code (POST, so the code stays out of URLs and logs); an expired school answers 系统已到期.
 */
export const h5MessageRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post('/h5/student/verify', {
    config: { public: true },
    schema: { tags, summary: 'Check a student’s own code (学生码); wrong tries are limited per student and per address', body: m.studentMessagesQuery, response: responses(m.studentVerified) },
  }, async (req) => ok(await services.studentMessages.verify(req.body, req.ip)));
  app.post('/h5/messages', {
    config: { public: true },
    schema: { tags, summary: 'The student’s notifications, newest first, with a link to the task’s phone upload for a request or a reminder', body: m.studentMessagesQuery, response: responses(z.array(m.studentMessage)) },
  }, async (req) => ok(await services.studentMessages.list(req.body, req.ip)));
  app.post('/h5/messages/read', {
    config: { public: true },
    schema: { tags, summary: 'Mark the student’s notifications as read (ids of other students are ignored)', body: m.studentMessagesReadBody, response: responses(z.object({ updated: z.number().int() })) },
  }, async (req) => ok(await services.studentMessages.markRead(req.body, req.body.ids, req.ip)));
};

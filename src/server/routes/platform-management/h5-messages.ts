import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as m from '../../../core/api/contracts/student-messages';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { h5Messages as rt } from '../../../core/api/routes/h5-messages';
import * as shapes from '../../../core/api/contracts/shapes/h5-messages';
import { defineRoute } from '../define-route';

/**
 * `h5/messages*`: a student's notifications on the H5 class pages (revised-draft requests, reminders,
 * approvals). Public like the phone upload: the class code, a student of that class and the student's
 * own code (POST, so the code stays out of URLs and logs); an expired school answers 系统已到期.
 */
export const h5MessageRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  defineRoute(app, rt.studentVerify, { body: m.studentMessagesQuery, answer: m.studentVerified }, async (req) => ok(await services.studentMessages.verify(req.body, req.ip)));
  defineRoute(app, rt.messages, { body: m.studentMessagesQuery, answer: shapes.messagesAnswer }, async (req) => ok(await services.studentMessages.list(req.body, req.ip)));
  defineRoute(app, rt.messagesRead, { body: m.studentMessagesReadBody, answer: shapes.messagesReadAnswer }, async (req) => ok(await services.studentMessages.markRead(req.body, req.body.ids, req.ip)));
};

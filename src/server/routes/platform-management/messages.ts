import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/platform';
import { authOf } from '../../plugins/request-context';
import { notificationsRepo } from '../../repositories/notifications';
import { formatCst } from '../../services/cst-time';
import { notificationText } from '../../services/teacher-notifications';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { messages as rt } from '../../../core/api/routes/messages';
import * as shapes from '../../../core/api/contracts/shapes/messages';
import { defineRoute } from '../define-route';

/** The notification drawer: list (unread or all; rows with a catalogue key in the reader's language) and mark as read, only the caller's own. */
export const messageRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  defineRoute(app, rt.getSysMessages, { query: c.sysMessagesQuery, answer: shapes.getSysMessagesAnswer }, async (req) => {
    const rows = await notificationsRepo.list(services.deps.db, authOf(req).user.id, req.query.isRead === 0);
    return ok(rows.map((n) => ({ id: n.id, message: notificationText(n, req.lang), isRead: n.isRead, updatedTime: formatCst(n.updatedAt), link: n.link })));
  }, {
    config: { allowExpired: true },
  });

  defineRoute(app, rt.update, { body: c.messageUpdateBody, answer: shapes.updateAnswer }, async (req) => ok({ updated: await notificationsRepo.markRead(services.deps.db, authOf(req).user.id, req.body.ids) }), {
    config: { allowExpired: true },
  });
};

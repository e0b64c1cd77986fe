import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as c from '../../../core/api/contracts/platform';
import { authOf } from '../../plugins/request-context';
import { notificationsRepo } from '../../repositories/notifications';
import { formatCst } from '../../services/cst-time';
import { notificationText } from '../../services/teacher-notifications';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: messages'];

/** The notification drawer: list (unread or all; rows with a catalogue key in the reader's language) and mark as read, only the caller's own. */
export const messageRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get('/message/getSysMessages', {
    config: { allowExpired: true },
    schema: { tags, summary: 'Notifications of the current user (isRead 0 = unread, 2 = all)', querystring: c.sysMessagesQuery, response: responses(z.array(c.notification)) },
  }, async (req) => {
    const rows = await notificationsRepo.list(services.deps.db, authOf(req).user.id, req.query.isRead === 0);
    return ok(rows.map((n) => ({ id: n.id, message: notificationText(n, req.lang), isRead: n.isRead, updatedTime: formatCst(n.updatedAt), link: n.link })));
  });

  app.post('/message/update', {
    config: { allowExpired: true },
    schema: { tags, summary: 'Mark notifications as read (ids of other users are ignored)', body: c.messageUpdateBody, response: responses(z.object({ updated: z.number().int() })) },
  }, async (req) => ok({ updated: await notificationsRepo.markRead(services.deps.db, authOf(req).user.id, req.body.ids) }));
};

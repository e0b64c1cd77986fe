import type * as c from '../contracts/platform';
import type * as shapes from '../contracts/shapes/messages';
import { route } from './route';

/** /platform-management: messages.ts routes. */
export const messages = {
  getSysMessages: route<{ query: typeof c.sysMessagesQuery; answer: typeof shapes.getSysMessagesAnswer }>('GET', '/platform-management/message/getSysMessages', {
    summary: "Notifications of the current user (isRead 0 = unread, 2 = all)",
    tags: ["platform-management: messages"],
  }),
  update: route<{ body: typeof c.messageUpdateBody; answer: typeof shapes.updateAnswer }>('POST', '/platform-management/message/update', {
    summary: "Mark notifications as read (ids of other users are ignored)",
    tags: ["platform-management: messages"],
  }),
};

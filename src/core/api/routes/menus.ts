import type * as c from '../contracts/auth';
import { route } from './route';

/** /platform-system: menus.ts routes. */
export const menus = {
  menusInfoMenu: route<{ answer: typeof c.infoMenuResponse }>('GET', '/platform-system/api/menus/infoMenu', {
    summary: "Menus, permissions, limit and system info of the current identity",
    tags: ["platform-system: menus"],
  }),
};

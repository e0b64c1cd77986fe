import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/auth';
import { authOf } from '../../plugins/request-context';
import { permissionsRepo } from '../../repositories/permissions';
import { limitOf, permissionEntries, systemInfoOf } from '../../services/session-user';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { menus as rt } from '../../../core/api/routes/menus';
import { defineRoute } from '../define-route';

/** `/platform-system/api/menus/infoMenu`: the side menu and action lists of the current identity. */
export const menuRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  defineRoute(app, rt.menusInfoMenu, { answer: c.infoMenuResponse }, async (req) => {
    const ctx = authOf(req);
    const rows = await permissionsRepo.menusFor(services.deps.db, ctx.permissions.map((p) => p.permissionId));
    const roleName = req.lang === 'en' ? ctx.identity.roleNameEn : ctx.identity.roleNameZh;
    return ok({
      limit: limitOf(ctx.school),
      menuVos: permissionEntries(ctx.permissions, req.lang),
      menus: rows.map((m) => ({ key: m.key, permissionId: m.permissionId, titleZh: m.titleZh, titleEn: m.titleEn, path: m.path, icon: m.icon, sort: m.sort, notShown: m.notShown, parentKey: m.parentKey })),
      roleInfos: [{ id: ctx.identity.roleId, name: roleName }],
      realname: ctx.user.realname,
      systemInfo: systemInfoOf(ctx.school),
    });
  }, {
    config: { allowExpired: true },
  });
};

import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { menus, permissions, rolePermissions } from '../db/schema';

export interface GrantedPermission {
  permissionId: string;
  nameZh: string;
  nameEn: string;
  actions: string[];
}

/** SQL for roles' permissions, their action lists, and the menu entries they open. */
export const permissionsRepo = {
  forRole(db: Executor, roleId: number): Promise<GrantedPermission[]> {
    return db
      .select({ permissionId: permissions.id, nameZh: permissions.nameZh, nameEn: permissions.nameEn, actions: rolePermissions.actions })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.roleId, roleId))
      .orderBy(asc(permissions.id));
  },
  menusFor(db: Executor, permissionIds: string[]) {
    if (permissionIds.length === 0) return Promise.resolve([]);
    return db.select().from(menus).where(inArray(menus.permissionId, permissionIds)).orderBy(asc(menus.sort));
  },
};

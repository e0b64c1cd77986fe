import type { ActionKey } from '../constants';
import type { RouteDef } from '../routes/route-table';

/** product-rules.md#roles: a route shows if its meta permission list shares an id with the user's; none = any user. */
export function canOpenRoute(route: Pick<RouteDef, 'permission'>, userPermissionIds: readonly string[]): boolean {
  if (!route.permission || route.permission.length === 0) return true;
  return route.permission.some((p) => userPermissionIds.includes(p));
}

export interface PermissionActions {
  permissionId: string;
  actions: readonly string[];
}

/**
 * Page-level check of the form `permissionId.action` (product-rules.md#roles), e.g. `task.delete`. A bare
 * permission id asks only whether the user holds that permission at all.
 */
export function hasAction(check: string, granted: readonly PermissionActions[]): boolean {
  const [permissionId, action] = check.split('.') as [string, ActionKey | undefined];
  const entry = granted.find((g) => g.permissionId === permissionId);
  if (!entry) return false;
  return action === undefined || entry.actions.includes(action);
}

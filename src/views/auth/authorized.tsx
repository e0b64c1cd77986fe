import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { hasAction, type PermissionActions } from '../../core/permissions/permissions';

const GrantedContext = createContext<readonly PermissionActions[]>([]);

/** Supplies the signed-in identity's permissions and action lists to the views below it. */
export function PermissionProvider({ granted, children }: { granted: readonly PermissionActions[]; children: ReactNode }) {
  return <GrantedContext.Provider value={granted}>{children}</GrantedContext.Provider>;
}

/** `can('task.delete')`: the page-level check of product-rules.md#roles (`permissionId.action`). */
export function usePermission(): (check: string) => boolean {
  const granted = useContext(GrantedContext);
  return useCallback((check: string) => hasAction(check, granted), [granted]);
}

/** Renders its children only when the user's action list allows `action` (product-rules.md#roles directive). */
export function Authorized({ action, children }: { action: string; children: ReactNode }) {
  const can = usePermission();
  return can(action) ? <>{children}</> : null;
}

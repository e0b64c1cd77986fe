import { LIMIT_STATUS, ROLE } from '../../core/constants';

export type UserMenuKey = 'phone' | 'ai' | 'password' | 'role' | 'logout';

/**
 * Entries of the header's user menu. The principal has no AI review setting (product-rules.md#screens); nor does a user
 * of an expired school, whose every call but /expired's is refused: offering it dropped them onto the
 * login page (product-rules.md#teacher-journey).
 */
export function userMenuKeys(user: { roleId: number; identityCount: number; hideLogout?: boolean; limitStatus: number }): UserMenuKey[] {
  const keys: UserMenuKey[] = ['phone'];
  if (user.roleId !== ROLE.principal && user.limitStatus !== LIMIT_STATUS.expired) keys.push('ai');
  keys.push('password');
  if (user.identityCount > 1) keys.push('role');
  if (!user.hideLogout) keys.push('logout');
  return keys;
}

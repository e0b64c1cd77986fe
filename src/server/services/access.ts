import { ROLE } from '../../core/constants';
import { forbidden } from '../errors';
import type { AuthContext } from './auth-context';

/** Whether the caller's identity holds `permission.action` (product-rules.md#roles: `permissionId.action`). */
export function can(auth: AuthContext, permission: string, action: string): boolean {
  return auth.permissions.some((p) => p.permissionId === permission && p.actions.includes(action));
}

/** Throws 403 unless the caller holds at least one of the permission actions. */
export function requireAny(auth: AuthContext, ...checks: [permission: string, action: string][]): void {
  if (!checks.some(([p, a]) => can(auth, p, a))) throw forbidden();
}

/**
 * A teacher (role 2) sees only the classes they are main teacher of or bound to; class staff,
 * headmasters and principals see every class of their school.
 */
export function isScopedTeacher(auth: Pick<AuthContext, 'identity'>): boolean {
  return auth.identity.roleId === ROLE.teacher;
}

/** Reading classes, students and parents: the class page (class.query) or the headmaster pages. */
export function requireClassRead(auth: AuthContext): void {
  requireAny(auth, ['class', 'query'], ['headmaster', 'query']);
}

/** The school-wide view of a school: class staff or a headmaster, not a scoped teacher. */
export function schoolWide(auth: AuthContext): boolean {
  return !isScopedTeacher(auth);
}

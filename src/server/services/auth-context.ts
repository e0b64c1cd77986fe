import type { Executor } from '../db/database';
import type { IdentityView } from '../repositories/identities';
import { permissionsRepo, type GrantedPermission } from '../repositories/permissions';
import type { SchoolRow } from '../repositories/schools';
import { findSessionContext } from '../repositories/session-context';
import { sessionCacheOf, type SessionContextRow } from './session-cache';
import type { UserRow } from '../repositories/users';
import type { TokenSigner } from '../auth/tokens';

/** Who is asking: the session, its user, the chosen identity, its school and permissions. */
export interface AuthContext {
  sessionId: string;
  via: string;
  user: UserRow;
  identity: IdentityView;
  identityCount: number;
  school: SchoolRow;
  permissions: GrantedPermission[];
}

// Role permissions are reference data, changed only by a deploy's seed: a short cache saves a
// query on every request without letting a changed mapping linger.
const PERMISSION_TTL_MS = 30_000;
const permissionCache = new WeakMap<object, Map<number, { at: number; value: Promise<GrantedPermission[]> }>>();

function permissionsFor(db: Executor, roleId: number): Promise<GrantedPermission[]> {
  let byRole = permissionCache.get(db);
  if (!byRole) permissionCache.set(db, (byRole = new Map()));
  const hit = byRole.get(roleId);
  if (hit && Date.now() - hit.at < PERMISSION_TTL_MS) return hit.value;
  const value = permissionsRepo.forRole(db, roleId);
  byRole.set(roleId, { at: Date.now(), value });
  value.catch(() => byRole.delete(roleId));
  return value;
}

/** Resolves a bearer token to an AuthContext, or null when missing, invalid, expired or revoked. */
export async function resolveAuth(db: Executor, signer: TokenSigner, token: string | undefined, now: Date): Promise<AuthContext | null> {
  if (!token) return null;
  const sessionId = await signer.verify(token);
  if (!sessionId) return null;
  // The server's session cache (session-cache.ts) answers without SQL; a miss reads and keeps the row.
  const cache = sessionCacheOf(db);
  const hit = cache?.get(sessionId, now);
  if (hit) return hit.row.user.disabled ? null : contextOf(sessionId, hit.row, hit.permissions);
  const generation = cache?.begin() ?? 0;
  const row = await findSessionContext(db, sessionId, now);
  if (!row || row.user.disabled) return null;
  const permissions = await permissionsFor(db, row.identity.roleId);
  cache?.set(sessionId, { row, permissions }, generation);
  return contextOf(sessionId, row, permissions);
}

function contextOf(sessionId: string, row: SessionContextRow, permissions: GrantedPermission[]): AuthContext {
  return { sessionId, via: row.session.via, user: row.user, identity: row.identity, identityCount: row.identityCount, school: row.school, permissions };
}

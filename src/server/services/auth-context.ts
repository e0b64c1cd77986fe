import type { Executor } from '../db/database';
import type { IdentityView } from '../repositories/identities';
import { identitiesRepo } from '../repositories/identities';
import { permissionsRepo, type GrantedPermission } from '../repositories/permissions';
import { schoolsRepo, type SchoolRow } from '../repositories/schools';
import { sessionsRepo } from '../repositories/sessions';
import { usersRepo, type UserRow } from '../repositories/users';
import type { TokenSigner } from '../auth/tokens';

/** Who is asking: the session, its user, the chosen identity, its school and permissions. */
export interface AuthContext {
  sessionId: string;
  via: string;
  user: UserRow;
  identity: IdentityView;
  school: SchoolRow;
  permissions: GrantedPermission[];
}

/** Resolves a bearer token to an AuthContext, or null when missing, invalid, expired or revoked. */
export async function resolveAuth(db: Executor, signer: TokenSigner, token: string | undefined, now: Date): Promise<AuthContext | null> {
  if (!token) return null;
  const sessionId = await signer.verify(token);
  if (!sessionId) return null;
  const session = await sessionsRepo.findActive(db, sessionId, now);
  if (!session) return null;
  const [user, identity] = await Promise.all([usersRepo.findById(db, session.userId), identitiesRepo.findForUser(db, session.userId, session.identityId)]);
  if (!user || user.disabled || !identity) return null;
  const [school, permissions] = await Promise.all([schoolsRepo.findById(db, identity.schoolId), permissionsRepo.forRole(db, identity.roleId)]);
  if (!school) return null;
  return { sessionId, via: session.via, user, identity, school, permissions };
}

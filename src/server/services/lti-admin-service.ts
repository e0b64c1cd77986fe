// A school's LTI platform registrations (docs/lti.md#register): only the school's administrator
// (foundation.edit, the headmaster role) lists, adds and changes them, and only for their own school.
import type { AuthContext } from './auth-context';
import { requireAny } from './access';
import { AppError, notFound } from '../errors';
import { isUniqueViolation } from '../db/pg-errors';
import { ltiRepo, type LtiPlatformRow } from '../repositories/lti';
import type { ServiceDeps } from './deps';

export interface PlatformInput {
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authLoginUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  enabled?: boolean | undefined;
}

export function platformView(p: LtiPlatformRow) {
  return {
    id: p.id,
    name: p.name,
    issuer: p.issuer,
    clientId: p.clientId,
    deploymentIds: p.deploymentIds,
    authLoginUrl: p.authLoginUrl,
    tokenUrl: p.tokenUrl,
    jwksUrl: p.jwksUrl,
    enabled: p.enabled,
    createdAt: p.createdAt.toISOString(),
  };
}

const duplicate = () => new AppError(409, 'LTI_DUPLICATE', 'lti.error.duplicate', undefined, { show: true });

export function ltiAdminService(deps: ServiceDeps) {
  const { db, now } = deps;
  const requireAdmin = (auth: AuthContext) => requireAny(auth, ['foundation', 'edit']);
  return {
    async list(auth: AuthContext) {
      requireAdmin(auth);
      return (await ltiRepo.listPlatforms(db, auth.school.id)).map(platformView);
    },
    async create(auth: AuthContext, input: PlatformInput) {
      requireAdmin(auth);
      try {
        return platformView(await ltiRepo.insertPlatform(db, { ...input, enabled: input.enabled ?? true, schoolId: auth.school.id }));
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate();
        throw err;
      }
    },
    async update(auth: AuthContext, id: number, input: PlatformInput) {
      requireAdmin(auth);
      try {
        const row = await ltiRepo.updatePlatform(db, auth.school.id, id, input, now());
        if (!row) throw notFound();
        return platformView(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate();
        throw err;
      }
    },
  };
}
export type LtiAdminService = ReturnType<typeof ltiAdminService>;

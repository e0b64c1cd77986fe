import { accountService } from './account-service';
import type { ServiceDeps } from './deps';
import { sessionService } from './session-service';

/** All services, built once per app from the same dependencies. */
export function buildServices(deps: ServiceDeps) {
  return { deps, session: sessionService(deps), account: accountService(deps) };
}
export type Services = ReturnType<typeof buildServices>;

import { canOpenRoute } from '../permissions/permissions';
import { EXPIRED_PATH, FORBIDDEN_PATH, LOGIN_PATH, NOT_FOUND_PATH, findRoute, type RouteDef } from '../routes/route-table';
import { LIMIT_STATUS } from '../constants';

export interface GuardState {
  hasToken: boolean;
  /** User info, school info and school version loaded and routes generated. */
  loaded: boolean;
  limitStatus?: number;
  permissionIds: readonly string[];
  /**
   * Whether a token existed when the user arrived at this URL. Signing in on the login page sets a
   * token without leaving it; only arriving there already signed in means "log out first".
   */
  arrivedWithToken?: boolean;
}

export type GuardDecision =
  | { kind: 'allow'; route: RouteDef }
  | { kind: 'redirect'; to: string; logout?: boolean }
  | { kind: 'load' };

/** Builds `/user/login?redirect=...` for a page the user could not open yet. */
export function loginRedirect(fullPath: string): string {
  return fullPath && fullPath !== '/' && !fullPath.startsWith(LOGIN_PATH)
    ? `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`
    : LOGIN_PATH;
}

/**
 * The route guard of product-rules.md#states as a pure decision, so the app, widgets and tests share one rule:
 * no token → open routes only; token without loaded roles → load first; expired school → /expired
 * only; visiting the login page while signed in → log out first; no permission → 403.
 */
export function decideNavigation(path: string, fullPath: string, state: GuardState): GuardDecision {
  const route = findRoute(path);
  if (path === '/' || path === '') return { kind: 'redirect', to: '/teacherIndex' };
  if (!route) return { kind: 'redirect', to: NOT_FOUND_PATH };
  if (route.redirect) return { kind: 'redirect', to: route.redirect };

  if (!state.hasToken) {
    if (route.open) return { kind: 'allow', route };
    return { kind: 'redirect', to: loginRedirect(fullPath) };
  }
  if (route.path === LOGIN_PATH) {
    return state.arrivedWithToken ?? true ? { kind: 'redirect', to: fullPath, logout: true } : { kind: 'allow', route };
  }
  // Open pages outside the main layout (loading, errors, public reports) need no session data.
  if (route.open && route.layout !== 'main') return { kind: 'allow', route };
  if (!state.loaded) return { kind: 'load' };

  if (state.limitStatus === LIMIT_STATUS.expired) {
    return route.path === EXPIRED_PATH ? { kind: 'allow', route } : { kind: 'redirect', to: EXPIRED_PATH };
  }
  if (route.open) return { kind: 'allow', route };
  if (!canOpenRoute(route, state.permissionIds)) return { kind: 'redirect', to: FORBIDDEN_PATH };
  return { kind: 'allow', route };
}

import { computed, signal } from '@preact/signals-core';
import type { InfoMenuResponse, SessionUser } from '../api/contracts/auth';
import type { SchoolInfo, SchoolVersion } from '../api/contracts/platform';
import type { AuthApi } from '../api/endpoints/auth';
import type { PlatformApi } from '../api/endpoints/platform';
import type { TokenStore } from './token-store';

/**
 * The signed-in session as signals: token, user info, school info, school version and menus.
 * Loaded in the order of spec §4 (info → school info → school version → menus/routes).
 */
export function createSessionStore(deps: { tokens: TokenStore; auth: AuthApi; platform: PlatformApi }) {
  const token = signal<string | null>(deps.tokens.get());
  const user = signal<SessionUser | null>(null);
  const school = signal<SchoolInfo | null>(null);
  const version = signal<SchoolVersion | null>(null);
  const menu = signal<InfoMenuResponse | null>(null);
  const loaded = computed(() => Boolean(user.value && school.value && version.value && menu.value));
  let loading: Promise<void> | null = null;

  function reset() {
    user.value = null;
    school.value = null;
    version.value = null;
    menu.value = null;
    loading = null;
  }

  return {
    token,
    user,
    school,
    version,
    menu,
    loaded,

    /** Stores a fresh token (sign-in or role switch) and forgets what belonged to the old one. */
    signIn(newToken: string, signedInUser?: SessionUser) {
      deps.tokens.set(newToken);
      reset();
      token.value = newToken;
      if (signedInUser) user.value = signedInUser;
    },

    load(): Promise<void> {
      loading ??= (async () => {
        user.value = await deps.auth.info();
        school.value = await deps.platform.schoolInfo();
        version.value = await deps.platform.schoolVersion(user.value.schoolId);
        menu.value = await deps.auth.infoMenu();
      })().catch((err: unknown) => {
        loading = null;
        throw err;
      });
      return loading;
    },

    /** Clears token, roles and storage (spec §4); tells the server unless it already said 401. */
    async logout(opts: { callServer: boolean } = { callServer: true }) {
      if (opts.callServer && token.value) await deps.auth.logout().catch(() => undefined);
      deps.tokens.clearAll();
      token.value = null;
      reset();
    },

    /** Local clean-up only, for 401 and expiry handling. */
    clear() {
      deps.tokens.clearAll();
      token.value = null;
      reset();
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;

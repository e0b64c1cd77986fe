import { computed, signal } from '@preact/signals-core';
import type { InfoMenuResponse, SessionUser } from '../api/contracts/auth';
import type { SchoolInfo, SchoolVersion } from '../api/contracts/platform';
import type { AuthApi } from '../api/endpoints/auth';
import type { PlatformApi } from '../api/endpoints/platform';
import type { TokenStore } from './token-store';

/**
 * The signed-in session as signals: token, user info, school info, school version and menus.
 * Loaded in the order of product-rules.md#states (info → school info → school version → menus/routes).
 */
export function createSessionStore(deps: { tokens: TokenStore; auth: AuthApi; platform: PlatformApi }) {
  const token = signal<string | null>(deps.tokens.get());
  const user = signal<SessionUser | null>(null);
  const school = signal<SchoolInfo | null>(null);
  const version = signal<SchoolVersion | null>(null);
  const menu = signal<InfoMenuResponse | null>(null);
  const loaded = computed(() => Boolean(user.value && school.value && version.value && menu.value));
  let loading: Promise<void> | null = null;
  /** Bumped on every reset, so a load started for an earlier token never fills the new session. */
  let generation = 0;

  function reset() {
    generation++;
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
      const gen = generation;
      loading ??= (async () => {
        const info = await deps.auth.info();
        if (gen !== generation) return;
        user.value = info;
        const schoolInfo = await deps.platform.schoolInfo();
        if (gen !== generation) return;
        school.value = schoolInfo;
        const schoolVersion = await deps.platform.schoolVersion(info.schoolId);
        if (gen !== generation) return;
        version.value = schoolVersion;
        const infoMenu = await deps.auth.infoMenu();
        if (gen !== generation) return;
        menu.value = infoMenu;
      })().catch((err: unknown) => {
        if (gen === generation) loading = null;
        throw err;
      });
      return loading;
    },

    /** Clears token, roles and storage (product-rules.md#states); tells the server unless it already said 401. */
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

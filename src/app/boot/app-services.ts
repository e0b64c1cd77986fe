import { ApiClient } from '../../core/api/client';
import { authApi } from '../../core/api/endpoints/auth';
import { classesApi } from '../../core/api/endpoints/classes';
import { platformApi } from '../../core/api/endpoints/platform';
import { promptBankApi } from '../../core/api/endpoints/prompt-bank';
import { scoringApi } from '../../core/api/endpoints/scoring';
import { tasksApi } from '../../core/api/endpoints/tasks';
import type { Lang } from '../../core/i18n';
import { loginRedirect } from '../../core/session/guard';
import { createSessionStore } from '../../core/session/session-store';
import { TokenStore } from '../../core/session/token-store';

export const BASE_PATH = '/teaching';

/** A late-bound message sink: antd's message API exists only inside <App>, the client before it. */
export const notifier = { error: (message: string) => console.error(message) };

function currentAppPath(): string {
  const { pathname, search } = window.location;
  const path = pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) || '/' : pathname;
  return path + search;
}

/** Everything the app needs, built once: token store, API client with the product-rules.md#errors rules, session. */
export function createAppServices(lang: Lang) {
  const tokens = new TokenStore(window.localStorage);
  // The client's 401 handler needs the session, which needs the client: bind it late.
  const late: { session?: ReturnType<typeof createSessionStore> } = {};

  const leave = () => {
    const session = late.session!;
    const logoutUrl = session.menu.peek()?.systemInfo.logoutUrl ?? session.user.peek()?.systemInfo.logoutUrl;
    session.clear();
    window.sessionStorage.clear();
    if (logoutUrl) {
      window.location.href = `${logoutUrl}${logoutUrl.includes('?') ? '&' : '?'}clear=true`;
      return;
    }
    const here = currentAppPath();
    if (here.startsWith('/user/login')) window.location.reload();
    else window.location.href = BASE_PATH + loginRedirect(here);
  };

  const client = new ApiClient({
    baseUrl: '/correction-api',
    getToken: () => tokens.get(),
    lang: () => lang,
    handlers: {
      notifyError: (message) => notifier.error(message),
      onUnauthorized: leave,
      onSystemExpired: leave,
    },
  });
  const auth = authApi(client);
  const platform = platformApi(client);
  const session = createSessionStore({ tokens, auth, platform });
  late.session = session;
  return {
    client,
    auth,
    platform,
    session,
    tokens,
    classes: classesApi(client),
    tasks: tasksApi(client),
    bank: promptBankApi(client),
    scoring: scoringApi(client),
  };
}
export type AppServices = ReturnType<typeof createAppServices>;

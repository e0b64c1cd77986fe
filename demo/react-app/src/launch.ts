/**
 * The demo takes zhipi's address and the teacher's credentials from its URL
 * (`?api=https://zhipi.example&token=…` or `?api=…&partnerId=…&launch=…`) and removes them from the
 * address bar at once. A real portal gets them from its own server: see docs/widgets.md "Single sign-on".
 */
export interface Launch {
  apiBase: string;
  token: string | null;
  ssoTicket: string | null;
  partnerId: string | null;
}

export function readLaunch(): Launch {
  const params = new URLSearchParams(location.search);
  const launch = { apiBase: params.get('api') ?? '', token: params.get('token'), ssoTicket: params.get('launch'), partnerId: params.get('partnerId') };
  history.replaceState(null, '', location.pathname);
  return launch;
}

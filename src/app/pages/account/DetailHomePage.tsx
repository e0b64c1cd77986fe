import { SsoEntry } from './SsoEntry';

/** /DetailHome (a partner portal's launch → auth/sso/exchange). */
export default function DetailHomePage() {
  return <SsoEntry flow="launch" />;
}

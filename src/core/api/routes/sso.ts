import type * as c from '../contracts/sso';
import { route } from './route';

/** /platform-system: sso.ts routes. */
export const sso = {
  ssoExchange: route<{ body: typeof c.ssoExchangeBody; answer: typeof c.ssoTokenResponse }>('POST', '/platform-system/auth/sso/exchange', {
    summary: "Exchange a partner's signed, short-lived, single-use launch for a token of the linked teacher",
    tags: ["platform-system: single sign-on"],
    public: true,
  }),
  hzySsoLogin: route<{ query: typeof c.hzySsoLoginQuery; answer: typeof c.ssoTokenResponse }>('GET', '/platform-system/auth/hzy/ssoLogin', {
    summary: "Sign in with a CAS ticket of the teacher-education platform (validated with the partner)",
    tags: ["platform-system: single sign-on"],
    public: true,
  }),
  gzSsoLogin: route<{ query: typeof c.gzSsoLoginQuery; answer: typeof c.ssoTokenResponse }>('GET', '/platform-system/auth/gz/ssoLogin', {
    summary: "Sign in with a link signed by the region platform's server (userId, timestamp, nonce, sign)",
    tags: ["platform-system: single sign-on"],
    public: true,
  }),
  tianyuLogin: route<{ body: typeof c.tianyuLoginBody; answer: typeof c.ssoTokenResponse }>('POST', '/platform-system/auth/tianyu/login', {
    summary: "Sign in with the basic-data platform's launch (logout hidden for the session)",
    tags: ["platform-system: single sign-on"],
    public: true,
  }),
};

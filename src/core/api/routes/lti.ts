import type * as c from '../contracts/lti';
import { route } from './route';

/** /lti: index.ts routes. */
export const lti = {
  jwks: route('GET', '/lti/jwks', {
    summary: "The tool's public keys (JWK Set): deep-linking responses and service-token assertions are signed with them",
    tags: ["lti: LTI 1.3 tool"],
    public: true,
  }),
  login: route<{ query: typeof c.ltiLoginParams }>('GET', '/lti/login', {
    summary: "OIDC third-party login initiation (redirects to the platform with state and nonce)",
    tags: ["lti: LTI 1.3 tool"],
    public: true,
  }),
  loginPost: route<{ body: typeof c.ltiLoginParams }>('POST', '/lti/login', {
    summary: "OIDC third-party login initiation, form post",
    tags: ["lti: LTI 1.3 tool"],
    public: true,
  }),
  launch: route<{ body: typeof c.ltiLaunchForm }>('POST', '/lti/launch', {
    summary: "LTI 1.3 launch (form_post id_token): resource link → the task; deep linking → the picker",
    tags: ["lti: LTI 1.3 tool"],
    public: true,
  }),
  deepLink: route<{ body: typeof c.ltiDeepLinkForm }>('POST', '/lti/deep-link', {
    summary: "The picker's choice → a signed LtiDeepLinkingResponse auto-posted to the platform",
    tags: ["lti: LTI 1.3 tool"],
    public: true,
  }),
  session: route<{ body: typeof c.ltiSessionBody; answer: typeof c.ltiSessionResponse }>('POST', '/lti/session', {
    summary: "Exchange a teacher launch's single-use hand-off code for a token (like loginTeacher)",
    tags: ["lti: LTI 1.3 tool"],
    public: true,
  }),
  platforms: route<{ answer: typeof c.ltiPlatformList }>('GET', '/lti/platforms', {
    summary: "The school's LMS registrations and the URLs to enter in the LMS (school administrator)",
    tags: ["lti: LTI 1.3 tool"],
  }),
  platformsPost: route<{ body: typeof c.ltiPlatformBody; answer: typeof c.ltiPlatform }>('POST', '/lti/platforms', {
    summary: "Register an LMS (issuer, client id, deployment ids, login/token/JWKS URLs)",
    tags: ["lti: LTI 1.3 tool"],
  }),
  platformsPut: route<{ params: typeof c.ltiPlatformIdParams; body: typeof c.ltiPlatformBody; answer: typeof c.ltiPlatform }>('PUT', '/lti/platforms/:id', {
    summary: "Change an LMS registration (or disable it)",
    tags: ["lti: LTI 1.3 tool"],
  }),
  contexts: route<{ answer: typeof c.ltiContextList }>('GET', '/lti/contexts', {
    summary: "LMS courses linked to classes the caller sees",
    tags: ["lti: LTI 1.3 tool"],
  }),
  contextsSyncRoster: route<{ params: typeof c.ltiContextIdParams; answer: typeof c.ltiRosterSyncResult }>('POST', '/lti/contexts/:id/sync-roster', {
    summary: "Pull the course's members (NRPS) and create or rename the class's students",
    tags: ["lti: LTI 1.3 tool"],
  }),
};

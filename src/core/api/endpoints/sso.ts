import type { z } from 'zod';
import type { ApiClient } from '../client';
import { lti as ltiRoutes } from '../routes/lti';
import { sso as ssoRoutes } from '../routes/sso';
import type * as c from '../contracts/sso';
import type * as lti from '../contracts/lti';
type Out<T extends z.ZodType> = z.infer<T>;

/**
 * The SSO entries of product-rules.md#api and the partner launch exchange (product-rules.md#partner-portals). All are silent: a refusal is
 * an ApiError whose `error` is one of SSO_ERRORS, which the entry page or the element shows itself.
 * A refusal is HTTP 401, so the client's 401 rule (clear storage, redirect) runs too: callers that
 * want to stay on the page build their client with a no-op onUnauthorized.
 */
export function ssoApi(client: ApiClient) {
  return {
    /** POST auth/sso/exchange { partnerId, launch } → token response (like loginTeacher). */
    exchange: (input: Out<typeof c.ssoExchangeBody>) => client.call(ssoRoutes.ssoExchange, { body: input }, { silent: true }),
    /** GET auth/hzy/ssoLogin?ticket&service[&stuid][&partner] */
    hzyLogin: (query: Out<typeof c.hzySsoLoginQuery>) => client.call(ssoRoutes.hzySsoLogin, { query }, { silent: true }),
    /** GET auth/gz/ssoLogin?userId&timestamp&nonce&sign[&service][&partner] */
    gzLogin: (query: Out<typeof c.gzSsoLoginQuery>) => client.call(ssoRoutes.gzSsoLogin, { query }, { silent: true }),
    /** POST auth/tianyu/login { partnerId?, launch } */
    tianyuLogin: (input: Out<typeof c.tianyuLoginBody>) => client.call(ssoRoutes.tianyuLogin, { body: input }, { silent: true }),
    /** POST lti/session { code }: an LTI 1.3 launch's single-use hand-off code (docs/lti.md). */
    ltiSession: (input: Out<typeof lti.ltiSessionBody>) => client.call(ltiRoutes.session, { body: input }, { silent: true }),
  };
}
export type SsoApi = ReturnType<typeof ssoApi>;

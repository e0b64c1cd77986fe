import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/auth';
import type { Services } from '../../services/services';
import { nothing, ok } from '../reply';
import { users as rt } from '../../../core/api/routes/users';
import { defineRoute } from '../define-route';

/** `/platform-system/api/users/*`: password recovery without a session. */
export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  defineRoute(app, rt.usersForgotPass, { body: c.forgotPassBody, answer: nothing }, async (req) => {
    await services.account.recover(req.body);
    return ok(null);
  });

  defineRoute(app, rt.usersUpdatePass, { body: c.updatePassBody, answer: nothing }, async (req) => {
    await services.account.finishReset(req.body);
    return ok(null);
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/auth';
import type { Services } from '../../services/services';
import { nothing, ok, responses } from '../reply';

const tags = ['platform-system: users'];

/** `/platform-system/api/users/*`: password recovery without a session. */
export const userRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post('/api/users/forgotPass', {
    config: { public: true },
    schema: { tags, summary: 'Reset a password with phone, SMS code and the new (encrypted) password', body: c.forgotPassBody, response: responses(nothing) },
  }, async (req) => {
    await services.account.recover(req.body);
    return ok(null);
  });

  app.post('/api/users/updatePass', {
    config: { public: true },
    schema: { tags, summary: 'Set a new password with the reset token from auth/forgetPassword', body: c.updatePassBody, response: responses(nothing) },
  }, async (req) => {
    await services.account.finishReset(req.body);
    return ok(null);
  });
};

import type * as c from '../contracts/auth';
import type { nothing } from '../contracts/envelope';
import { route } from './route';

/** /platform-system: users.ts routes. */
export const users = {
  usersForgotPass: route<{ body: typeof c.forgotPassBody; answer: typeof nothing }>('POST', '/platform-system/api/users/forgotPass', {
    summary: "Reset a password with phone, SMS code and the new (encrypted) password",
    tags: ["platform-system: users"],
    public: true,
  }),
  usersUpdatePass: route<{ body: typeof c.updatePassBody; answer: typeof nothing }>('POST', '/platform-system/api/users/updatePass', {
    summary: "Set a new password with the reset token from auth/forgetPassword",
    tags: ["platform-system: users"],
    public: true,
  }),
};

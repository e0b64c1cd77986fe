import type { z } from 'zod';
import type { ApiClient } from '../client';
import { auth as authRoutes } from '../routes/auth';
import { menus as menusRoutes } from '../routes/menus';
import { users as usersRoutes } from '../routes/users';
import type * as c from '../contracts/auth';
import { encryptPassword } from '../../security/encrypt-password';
type Out<T extends z.ZodType> = z.infer<T>;

/** Every platform-system auth call of product-rules.md#api, with password fields encrypted here, once. */
export function authApi(client: ApiClient) {
  let publicKey: Promise<string> | null = null;
  const key = () => (publicKey ??= client.call(authRoutes.publicKey).then((r) => r.publicKey));
  const enc = async (plain: string) => encryptPassword(plain, await key());

  return {
    publicKey: key,
    async loginTeacher(input: { username: string; password: string; captchaId?: string; captchaCode?: string }) {
      const body = { ...input, password: await enc(input.password) };
      return client.call(authRoutes.loginTeacher, { body }, { silent: true });
    },
    loginMobile: (input: { phone: string; code: string }) =>
      client.call(authRoutes.loginMobile, { body: input }, { silent: true }),
    info: () => client.call(authRoutes.info),
    logout: () => client.call(authRoutes.logout),
    loginCaptcha: () => client.call(authRoutes.code),
    imageVerificationCode: () => client.call(authRoutes.getImageVerificationCode),
    verifyCaptcha: (input: Out<typeof c.verifyCaptchaBody>) => client.call(authRoutes.verify, { body: input }, { silent: true }),
    smsCode: (input: Out<typeof c.smsCodeBody> & { purpose?: 'login' | 'register' }) => client.call(authRoutes.smsCode, { body: input }, { silent: true }),
    resetCode: (input: Out<typeof c.verificationCodeQuery>) =>
      client.call(authRoutes.verificationCode, { query: input }, { silent: true }),
    teacherRoles: () => client.call(authRoutes.getTeacherRoles),
    chooseRole: (input: { permission: string; schoolId: number }) =>
      client.call(authRoutes.chooseRole, { body: input }, { silent: true }),
    async changePassword(oldPass: string, newPass: string) {
      return client.call(authRoutes.changePassWord, { body: { oldPass: await enc(oldPass), newPass: await enc(newPass) } }, { silent: true });
    },
    forgetPassword: (input: Out<typeof c.forgetPasswordBody>) =>
      client.call(authRoutes.forgetPassword, { body: input }, { silent: true }),
    async forgotPass(input: { phone: string; code: string; newPass: string }) {
      return client.call(usersRoutes.usersForgotPass, { body: { ...input, newPass: await enc(input.newPass) } }, { silent: true });
    },
    async updatePass(input: { resetToken: string; newPass: string }) {
      return client.call(usersRoutes.usersUpdatePass, { body: { ...input, newPass: await enc(input.newPass) } }, { silent: true });
    },
    async register(input: { username: string; realname: string; phone: string; code: string; password: string; schoolCode: string }) {
      return client.call(authRoutes.register, { body: { ...input, password: await enc(input.password) } }, { silent: true });
    },
    infoMenu: () => client.call(menusRoutes.menusInfoMenu),
  };
}
export type AuthApi = ReturnType<typeof authApi>;

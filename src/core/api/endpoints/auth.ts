import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as c from '../contracts/auth';
import { encryptPassword } from '../../security/encrypt-password';

const SYS = '/platform-system';
type Out<T extends z.ZodType> = z.infer<T>;

/** Every platform-system auth call of product-rules.md#api, with password fields encrypted here, once. */
export function authApi(client: ApiClient) {
  let publicKey: Promise<string> | null = null;
  const key = () => (publicKey ??= client.get<Out<typeof c.publicKeyResponse>>(`${SYS}/auth/publicKey`).then((r) => r.publicKey));
  const enc = async (plain: string) => encryptPassword(plain, await key());

  return {
    publicKey: key,
    async loginTeacher(input: { username: string; password: string; captchaId?: string; captchaCode?: string }) {
      const body = { ...input, password: await enc(input.password) };
      return client.post<Out<typeof c.tokenResponse>>(`${SYS}/auth/loginTeacher`, body, { silent: true });
    },
    loginMobile: (input: { phone: string; code: string }) =>
      client.post<Out<typeof c.tokenResponse>>(`${SYS}/auth/login/mobile`, input, { silent: true }),
    info: () => client.get<Out<typeof c.sessionUser>>(`${SYS}/auth/info`),
    logout: () => client.delete<null>(`${SYS}/auth/logout`),
    loginCaptcha: () => client.get<Out<typeof c.captchaResponse>>(`${SYS}/auth/code`),
    imageVerificationCode: () => client.post<Out<typeof c.captchaResponse>>(`${SYS}/auth/getImageVerificationCode`),
    verifyCaptcha: (input: Out<typeof c.verifyCaptchaBody>) => client.post<{ verified: true }>(`${SYS}/auth/verify`, input, { silent: true }),
    smsCode: (input: Out<typeof c.smsCodeBody> & { purpose?: 'login' | 'register' }) => client.post<Out<typeof c.smsSentResponse>>(`${SYS}/auth/smsCode`, input, { silent: true }),
    resetCode: (input: Out<typeof c.verificationCodeQuery>) =>
      client.get<Out<typeof c.smsSentResponse>>(`${SYS}/auth/verificationCode`, { query: input, silent: true }),
    teacherRoles: () => client.get<Out<typeof c.identity>[]>(`${SYS}/auth/getTeacherRoles`),
    chooseRole: (input: { permission: string; schoolId: number }) =>
      client.post<Out<typeof c.tokenResponse>>(`${SYS}/auth/chooseRole`, input, { silent: true }),
    async changePassword(oldPass: string, newPass: string) {
      return client.post<null>(`${SYS}/auth/changePassWord`, { oldPass: await enc(oldPass), newPass: await enc(newPass) }, { silent: true });
    },
    forgetPassword: (input: Out<typeof c.forgetPasswordBody>) =>
      client.post<Out<typeof c.resetTokenResponse>>(`${SYS}/auth/forgetPassword`, input, { silent: true }),
    async forgotPass(input: { phone: string; code: string; newPass: string }) {
      return client.post<null>(`${SYS}/api/users/forgotPass`, { ...input, newPass: await enc(input.newPass) }, { silent: true });
    },
    async updatePass(input: { resetToken: string; newPass: string }) {
      return client.post<null>(`${SYS}/api/users/updatePass`, { ...input, newPass: await enc(input.newPass) }, { silent: true });
    },
    async register(input: { username: string; realname: string; phone: string; code: string; password: string; schoolCode: string }) {
      return client.post<Out<typeof c.registerResponse>>(`${SYS}/auth/register`, { ...input, password: await enc(input.password) }, { silent: true });
    },
    infoMenu: () => client.get<Out<typeof c.infoMenuResponse>>(`${SYS}/api/menus/infoMenu`),
  };
}
export type AuthApi = ReturnType<typeof authApi>;

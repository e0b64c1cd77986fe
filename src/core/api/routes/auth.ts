import type * as c from '../contracts/auth';
import type { nothing } from '../contracts/envelope';
import type * as shapes from '../contracts/shapes/auth';
import { route } from './route';

/** /platform-system: auth.ts routes. */
export const auth = {
  publicKey: route<{ answer: typeof c.publicKeyResponse }>('GET', '/platform-system/auth/publicKey', {
    summary: "RSA public key (SPKI, Base64) for encrypting password fields",
    tags: ["platform-system: auth"],
    public: true,
  }),
  loginTeacher: route<{ body: typeof c.loginTeacherBody; answer: typeof c.tokenResponse }>('POST', '/platform-system/auth/loginTeacher', {
    summary: "Sign in with username and encrypted password (captcha after repeated failures)",
    tags: ["platform-system: auth"],
    public: true,
  }),
  loginMobile: route<{ body: typeof c.loginMobileBody; answer: typeof c.tokenResponse }>('POST', '/platform-system/auth/login/mobile', {
    summary: "Sign in with a mobile number and SMS code",
    tags: ["platform-system: auth"],
    public: true,
  }),
  info: route<{ answer: typeof c.sessionUser }>('GET', '/platform-system/auth/info', {
    summary: "The signed-in user",
    tags: ["platform-system: auth"],
  }),
  logout: route<{ answer: typeof nothing }>('DELETE', '/platform-system/auth/logout', {
    summary: "Revoke the current token",
    tags: ["platform-system: auth"],
  }),
  code: route<{ answer: typeof c.captchaResponse }>('GET', '/platform-system/auth/code', {
    summary: "Proof-of-work challenge (altcha) for the sign-in form after failures and the public forms; send the solved payload as captchaCode with its uuid",
    tags: ["platform-system: auth"],
    public: true,
  }),
  getImageVerificationCode: route<{ answer: typeof c.captchaResponse }>('POST', '/platform-system/auth/getImageVerificationCode', {
    summary: "Proof-of-work challenge (altcha) to solve before an SMS code is sent",
    tags: ["platform-system: auth"],
    public: true,
  }),
  verify: route<{ body: typeof c.verifyCaptchaBody; answer: typeof shapes.verifyAnswer }>('POST', '/platform-system/auth/verify', {
    summary: "Check a solved challenge (code = the altcha payload); a solved challenge can then buy one SMS code",
    tags: ["platform-system: auth"],
    public: true,
  }),
  smsCode: route<{ body: typeof shapes.smsCodeBody; answer: typeof c.smsSentResponse }>('POST', '/platform-system/auth/smsCode', {
    summary: "Send an SMS code for sign-in or registration (needs a captcha solved through auth/verify)",
    tags: ["platform-system: auth"],
    public: true,
  }),
  verificationCode: route<{ query: typeof c.verificationCodeQuery; answer: typeof c.smsSentResponse }>('GET', '/platform-system/auth/verificationCode', {
    summary: "Send an SMS code for password recovery (needs a solved captcha)",
    tags: ["platform-system: auth"],
    public: true,
  }),
  getTeacherRoles: route<{ answer: typeof shapes.getTeacherRolesAnswer }>('GET', '/platform-system/auth/getTeacherRoles', {
    summary: "Identities the user can switch to",
    tags: ["platform-system: auth"],
  }),
  chooseRole: route<{ body: typeof c.chooseRoleBody; answer: typeof c.tokenResponse }>('POST', '/platform-system/auth/chooseRole', {
    summary: "Switch identity: returns a new token and revokes the old one",
    tags: ["platform-system: auth"],
  }),
  changePassWord: route<{ body: typeof c.changePasswordBody; answer: typeof nothing }>('POST', '/platform-system/auth/changePassWord', {
    summary: "Change password (fields RSA-encrypted, Base64); revokes every session",
    tags: ["platform-system: auth"],
  }),
  forgetPassword: route<{ body: typeof c.forgetPasswordBody; answer: typeof c.resetTokenResponse }>('POST', '/platform-system/auth/forgetPassword', {
    summary: "Forgot password, step 1: SMS code → reset token",
    tags: ["platform-system: auth"],
    public: true,
  }),
  register: route<{ body: typeof c.registerBody; answer: typeof c.registerResponse }>('POST', '/platform-system/auth/register', {
    summary: "Register a teacher account with a school invitation code and SMS code",
    tags: ["platform-system: auth"],
    public: true,
  }),
};

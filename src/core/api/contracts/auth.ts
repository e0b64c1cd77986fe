import { z } from 'zod';

const phone = z.string().regex(/^1\d{10}$/);
/** RSA-OAEP(SHA-256) ciphertext of a password, Base64 (product-rules.md#api: encrypted then Base64 by the client). */
const encrypted = z.string().min(16).max(2048);

export const loginTeacherBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: encrypted,
  captchaId: z.string().uuid().optional(),
  /** the solved challenge (altcha payload, Base64 JSON) */
  captchaCode: z.string().max(4096).optional(),
});
export const loginMobileBody = z.object({ phone, code: z.string().regex(/^\d{6}$/) });

export const limitInfo = z.object({ status: z.number().int(), expiresAt: z.string().nullable() });
export const roleInfo = z.object({ id: z.number().int(), name: z.string() });
export const systemInfo = z.object({
  wxChat: z.string().nullable(),
  logoutUrl: z.string().nullable(),
  titlePrefix: z.string().nullable(),
  schoolType: z.number().int(),
});
export const permissionEntry = z.object({
  permissionId: z.string(),
  permissionName: z.string(),
  actionEntitySet: z.array(z.object({ action: z.string(), describe: z.string() })),
});

/** The signed-in user as `auth/info` returns it (product-rules.md#entities "Session user" and "User info"). */
export const sessionUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  realname: z.string(),
  welcome: z.string(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  dept: z.string().nullable(),
  schoolId: z.number().int(),
  schoolName: z.string(),
  campusName: z.string().nullable(),
  schoolCategory: z.number().int(),
  category: z.number().int(),
  identityId: z.number().int(),
  teacherId: z.number().int(),
  roleId: z.number().int(),
  roleName: z.string(),
  roleInfos: z.array(roleInfo),
  identityCount: z.number().int(),
  limit: limitInfo,
  currentPermission: z.array(z.string()),
  permissions: z.array(permissionEntry),
  isSchoolTeacher: z.boolean(),
  isSynchronizationSchool: z.boolean(),
  teacherVersion: z.number().int(),
  limitationAI: z.boolean(),
  version: z.number().int(),
  signedInVia: z.enum(['password', 'sms', 'sso']),
  /** The SSO partner id this session was signed in through; null for password and SMS sign-in. */
  ssoSource: z.string().nullable(),
  /** Signed in through the basic-data platform (partner kind tianyu): the header hides logout (product-rules.md#screens). */
  hideLogout: z.boolean(),
  mustChangePassword: z.boolean(),
  systemInfo,
});
export type SessionUser = z.infer<typeof sessionUser>;

export const tokenResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: sessionUser,
  /** More than one identity and none chosen yet: the app shows /selectCharacter. */
  chooseIdentity: z.boolean(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const menuItem = z.object({
  key: z.string(),
  permissionId: z.string(),
  titleZh: z.string(),
  titleEn: z.string(),
  path: z.string(),
  icon: z.string(),
  sort: z.number().int(),
  notShown: z.boolean(),
  parentKey: z.string().nullable(),
});
export type MenuItem = z.infer<typeof menuItem>;

export const infoMenuResponse = z.object({
  limit: limitInfo,
  menuVos: z.array(permissionEntry),
  menus: z.array(menuItem),
  roleInfos: z.array(roleInfo),
  realname: z.string(),
  systemInfo,
});
export type InfoMenuResponse = z.infer<typeof infoMenuResponse>;

/** Identity of product-rules.md#entities (role-switch entry). `permission` is the identity key sent to chooseRole. */
export const identity = z.object({
  id: z.number().int(),
  tname: z.string(),
  dname: z.string().nullable(),
  roleName: z.string(),
  roleId: z.number().int(),
  permission: z.string(),
  teacherId: z.number().int(),
  schoolId: z.number().int(),
  schoolName: z.string(),
  current: z.boolean(),
});
export type Identity = z.infer<typeof identity>;

export const chooseRoleBody = z.object({ permission: z.string().min(1), schoolId: z.coerce.number().int() });
export const changePasswordBody = z.object({ oldPass: z.string(), newPass: z.string() });

/** A proof-of-work challenge (altcha v2): solve it in the browser and send the payload back with its uuid. */
export const powChallenge = z.object({
  parameters: z.looseObject({ algorithm: z.string(), nonce: z.string(), salt: z.string(), cost: z.number(), keyLength: z.number(), keyPrefix: z.string(), expiresAt: z.number().optional(), data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional() }),
  signature: z.string(),
});
export const captchaResponse = z.object({ uuid: z.string(), challenge: powChallenge, expiresInSeconds: z.number().int() });
export const verifyCaptchaBody = z.object({ uuid: z.string().uuid(), code: z.string().trim().min(1).max(4096) });
export const smsCodeBody = z.object({ phone, uuid: z.string().uuid() });
export const smsSentResponse = z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int() });
export const verificationCodeQuery = z.object({ phone, uuid: z.string().uuid() });
export const forgetPasswordBody = z.object({ phone, code: z.string().regex(/^\d{6}$/) });
export const resetTokenResponse = z.object({ resetToken: z.string(), username: z.string() });
export const forgotPassBody = z.object({ phone, code: z.string().regex(/^\d{6}$/), newPass: encrypted });
export const updatePassBody = z.object({ resetToken: z.string().min(10), newPass: encrypted });
export const registerBody = z.object({
  username: z.string().trim().regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/),
  realname: z.string().trim().min(1).max(32),
  phone,
  code: z.string().regex(/^\d{6}$/),
  password: encrypted,
  schoolCode: z.string().trim().min(4).max(32),
});
export const registerResponse = z.object({ username: z.string() });
export const publicKeyResponse = z.object({ publicKey: z.string(), algorithm: z.literal('RSA-OAEP-256') });

import { solvePowChallenge, type PowChallenge } from '../../src/core/security/solve-challenge';
import { identitiesRepo } from '../../src/server/repositories/identities';
import { usersRepo } from '../../src/server/repositories/users';
import type { TestApp } from './test-app';
import { auth as authRoutes } from '../../src/core/api/routes/auth';

export const SYS = '/correction-api/platform-system';
export const MGMT = '/correction-api/platform-management';

/** A fresh proof-of-work challenge solved as a browser would (the test app keeps the work small): its uuid and payload. */
export async function solvedChallenge(t: TestApp, path: 'auth/code' | 'auth/getImageVerificationCode' = 'auth/getImageVerificationCode'): Promise<{ uuid: string; code: string }> {
  const res = await t.call(path === 'auth/code' ? authRoutes.code : authRoutes.getImageVerificationCode, {});
  if (res.status !== 200) throw new Error(`challenge failed: ${res.raw.body}`);
  const { uuid, challenge } = res.body.data as { uuid: string; challenge: PowChallenge };
  return { uuid, code: await solvePowChallenge(challenge) };
}

let phoneSeq = 0;
/** A mobile number no seeded account uses, unique within the test process. */
export function freshPhone(): string {
  phoneSeq += 1;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(phoneSeq).padStart(4, '0')}`;
}

/** A challenge solved through `auth/verify`, ready to buy one SMS code. */
export async function verifiedCaptcha(t: TestApp): Promise<string> {
  const { uuid, code } = await solvedChallenge(t);
  const verified = await t.call(authRoutes.verify, { body: { uuid, code } });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.raw.body}`);
  return uuid;
}

/** Captcha, then an SMS code for the purpose; returns the code the SMS sink received. */
export async function smsCodeFor(t: TestApp, phone: string, purpose: 'login' | 'register' | 'reset'): Promise<string> {
  const uuid = await verifiedCaptcha(t);
  const res =
    purpose === 'reset'
      ? await t.call(authRoutes.verificationCode, { query: { phone, uuid } })
      : await t.call(authRoutes.smsCode, { body: { phone, uuid, purpose } });
  if (res.status !== 200) throw new Error(`SMS code for ${phone} (${purpose}) failed: ${res.raw.body}`);
  return t.lastSmsCode(phone);
}

export interface RegisteredTeacher {
  username: string;
  phone: string;
  password: string;
  userId: number;
}

/** Registers a teacher in the demo school through the HTTP API (SMS code, invitation code ZHIPI2026). */
export async function registerTeacher(t: TestApp, prefix: string, password = 'Start2026pass'): Promise<RegisteredTeacher> {
  const phone = freshPhone();
  const username = `${prefix}${phone.slice(-6)}`;
  const code = await smsCodeFor(t, phone, 'register');
  const res = await t.call(authRoutes.register, {
    body: { username, realname: '测试老师', phone, code, password: await t.encrypt(password), schoolCode: 'ZHIPI2026' },
  });
  if (res.status !== 200) throw new Error(`register ${username} failed: ${res.raw.body}`);
  const user = await usersRepo.findByUsername(t.database.db, username);
  return { username, phone, password, userId: user!.id };
}

/** A registered teacher who also holds a headmaster identity in the same school (like multi01). */
export async function registerMultiIdentityTeacher(t: TestApp, prefix: string): Promise<RegisteredTeacher & { teacherIdentityId: number; headmasterIdentityId: number; schoolId: number }> {
  const teacher = await registerTeacher(t, prefix);
  const [first] = await identitiesRepo.listForUser(t.database.db, teacher.userId);
  const head = await identitiesRepo.create(t.database.db, { userId: teacher.userId, schoolId: first!.schoolId, roleId: 6, teacherName: '测试校长' });
  return { ...teacher, teacherIdentityId: first!.id, headmasterIdentityId: head.id, schoolId: first!.schoolId };
}

/** A multipart/form-data body with text fields and one file, for app.inject. */
export function multipartBody(fields: Record<string, string>, file: { field: string; name: string; type: string; content: Buffer }) {
  const boundary = `----zhipi${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.content, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

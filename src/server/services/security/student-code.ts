// A student's own code for the H5 pages (学生码): the class code says which class, this code says which
// student. It is derived, not stored: HMAC(token secret, school and student id, and the code's version
// once a teacher has reset it: student_code_versions) mapped to 6 characters
// of an alphabet without look-alikes (0/O, 1/I/L), so the teacher's class page can always show it and
// every server process sharing JWT_SECRET agrees on it. 31^6 ≈ 8.9 × 10^8 codes against 5 wrong tries
// per student and address and 20 per address in an hour (sliding): guessing one pupil's code takes
// millions of addresses. There is deliberately no limit per student from all addresses together: that
// let anyone lock a pupil's own correct code out (50 wrong tries from anywhere). A right code gives its
// tries back, and a teacher's reset of the code clears the pupil's counts.
import { timingSafeEqual } from 'node:crypto';
import type { TokenSigner } from '../../auth/tokens';
import type { Executor } from '../../db/database';
import { AppError } from '../../errors';
import { studentCodesRepo } from '../../repositories/student-codes';
import { sharedRateLimit } from './shared-rate-limit';

export const STUDENT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const STUDENT_CODE_LENGTH = 6;
export const STUDENT_CODE_LIMITS = {
  perStudentAndIp: { max: 5, windowMs: 3_600_000 },
  perIp: { max: 20, windowMs: 3_600_000 },
};

export function studentCode(signer: TokenSigner, schoolId: number, studentId: number, version = 0): string {
  // Version 0 keeps the message of the codes handed out before resets existed.
  const bytes = Buffer.from(signer.mac(`h5-student:${schoolId}:${studentId}${version ? `:v${version}` : ''}`), 'base64url');
  let code = '';
  // 32 bytes of MAC: take a byte per character, skipping the top 8 values (256 = 8·31 + 8) so there is no bias.
  for (const b of bytes) {
    if (b >= 248) continue;
    code += STUDENT_CODE_ALPHABET[b % STUDENT_CODE_ALPHABET.length];
    if (code.length === STUDENT_CODE_LENGTH) break;
  }
  return code;
}

/** The prefix of a pupil's per-address try counters (cleared when a teacher resets the code). */
export const studentTriesPrefix = (studentId: number) => `h5code:try:student:${studentId}:`;

/** What a student typed, as compared: upper case, without spaces or dashes. */
export const normaliseStudentCode = (input: string) => input.trim().toUpperCase().replace(/[\s-]/g, '');

/**
 * Checks a student's code. Each attempt first reserves a try in the per-student and per-address
 * counters (one atomic upsert each, shared by every process), so parallel guesses cannot all slip in
 * before the count lands; a right code gives its try back, a wrong one keeps it.
 */
export async function verifyStudentCode(db: Executor, signer: TokenSigner, student: { schoolId: number; id: number }, given: string, ip: string, now: Date): Promise<void> {
  const keys = [
    [`${studentTriesPrefix(student.id)}${ip}`, STUDENT_CODE_LIMITS.perStudentAndIp],
    [`h5code:try:ip:${ip}`, STUDENT_CODE_LIMITS.perIp],
  ] as const;
  const reserved: (typeof keys)[number][] = [];
  try {
    for (const k of keys) {
      await sharedRateLimit.hit(db, k[0], k[1], now);
      reserved.push(k);
    }
  } catch (err) {
    for (const k of reserved) await sharedRateLimit.giveBack(db, k[0], k[1], now);
    throw err;
  }
  const expected = Buffer.from(studentCode(signer, student.schoolId, student.id, await studentCodesRepo.version(db, student.id)));
  const got = Buffer.from(normaliseStudentCode(given));
  if (got.length === expected.length && timingSafeEqual(got, expected)) {
    for (const k of keys) await sharedRateLimit.giveBack(db, k[0], k[1], now);
    return;
  }
  throw new AppError(403, 'STUDENT_CODE_WRONG', 'h5.studentCodeWrong', undefined, { show: true });
}

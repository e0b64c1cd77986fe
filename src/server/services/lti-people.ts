// Who a platform's user is in zhipi (docs/lti.md#users). A teacher is the identity linked to the LMS
// user's `sub`; at the first launch, a teacher identity in the registration's school whose account name
// is the LMS email, else a new account with a teacher identity there — never an account of another
// school. A learner is a student of the class the course is linked to, linked by `sub`, created when new.
import { createHash, randomBytes } from 'node:crypto';
import { ROLE } from '../../core/constants';
import { hashPassword } from '../auth/password-hash';
import type { Executor } from '../db/database';
import { identitiesRepo } from '../repositories/identities';
import { ltiRepo, type LtiPlatformRow } from '../repositories/lti';
import { usersRepo } from '../repositories/users';

/** Highest student number a class can hold (product-rules.md#limits: at most 4 digits). */
const MAX_STUDENT_NO = 9999;

export interface LtiPerson {
  sub: string;
  name?: string | undefined;
  email?: string | undefined;
}

function displayName(p: LtiPerson, fallback: string): string {
  return (p.name ?? '').trim().slice(0, 50) || fallback;
}

/** The teacher identity (and its user) of an LMS instructor, linking or creating it on first sight. */
export async function teacherFor(db: Executor, platform: LtiPlatformRow, person: LtiPerson): Promise<{ userId: number; identityId: number }> {
  const linked = await ltiRepo.linkedIdentity(db, platform.id, person.sub);
  if (linked) {
    const identity = await identitiesRepo.findActive(db, linked);
    if (identity && identity.schoolId === platform.schoolId) return { userId: identity.userId, identityId: identity.id };
  }
  return db.transaction(async (tx) => {
    const email = person.email?.trim().toLowerCase();
    const byEmail = email ? await usersRepo.findByUsername(tx, email) : undefined;
    if (byEmail && !byEmail.disabled) {
      const own = (await identitiesRepo.listForUser(tx, byEmail.id)).find((i) => i.schoolId === platform.schoolId && i.roleId === ROLE.teacher);
      if (own) {
        await ltiRepo.linkIdentity(tx, platform.id, person.sub, own.id);
        return { userId: byEmail.id, identityId: own.id };
      }
    }
    const subHash = createHash('sha256').update(`${platform.id}:${person.sub}`).digest('hex').slice(0, 12);
    const username = email && !byEmail ? email : `lti${platform.id}_${subHash}`;
    const name = displayName(person, username);
    // The account signs in through the LMS only: its password is random and never shown.
    const user = (await usersRepo.findByUsername(tx, username)) ?? (await usersRepo.create(tx, { username, realname: name, passwordHash: await hashPassword(randomBytes(24).toString('base64url')) }));
    const identity = await identitiesRepo.create(tx, { userId: user.id, schoolId: platform.schoolId, roleId: ROLE.teacher, teacherName: name, ssoSource: `lti:${platform.id}` });
    await ltiRepo.linkIdentity(tx, platform.id, person.sub, identity.id);
    return { userId: user.id, identityId: identity.id };
  });
}

/** The student of a class an LMS learner is; created (next free student number) and linked when new; the name follows the LMS. */
export async function studentFor(db: Executor, platform: LtiPlatformRow, classId: number, person: LtiPerson, now: Date): Promise<{ studentId: number; created: boolean }> {
  const linked = await ltiRepo.linkedStudent(db, platform.id, person.sub, classId);
  if (linked) {
    const name = person.name?.trim().slice(0, 50);
    const row = await ltiRepo.student(db, linked);
    if (name && row && row.name !== name) await ltiRepo.renameStudent(db, linked, name, now);
    return { studentId: linked, created: false };
  }
  return db.transaction(async (tx) => {
    const taken = new Set(await ltiRepo.studentNos(tx, classId));
    let no = 1;
    while (taken.has(String(no)) && no <= MAX_STUDENT_NO) no++;
    if (no > MAX_STUDENT_NO) throw new Error(`class ${classId} has no free student number`);
    const studentId = await ltiRepo.insertStudent(tx, { schoolId: platform.schoolId, classId, name: displayName(person, `LTI ${no}`), studentNo: String(no), source: 'lti' });
    await ltiRepo.linkStudent(tx, platform.id, person.sub, classId, studentId);
    return { studentId, created: true };
  });
}

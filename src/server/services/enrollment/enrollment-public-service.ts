// The parents' side of enrollment: the notice's public H5 form (reached by the QR code of a published
// notice) and the registration it sends. No sign-in, so every address is rate limited in the database
// (shared by all server processes) and the checks happen on the server: the window, the grade, the
// ID number's checksum and the duplicate rule (same ID number, or same phone and child's name: a repeat
// is answered like a new registration and noted on the first one for the office).
import type { PublicNotice, RegisterBody } from '../../../core/api/contracts/enrollment';
import { translate } from '../../../core/i18n';
import type { RegistrationStatus } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { enrollmentRepo, type NoticeRow } from '../../repositories/enrollment';
import { schoolsRepo } from '../../repositories/schools';
import type { ServiceDeps } from '../deps';
import { assertSchoolActive } from '../school-expiry';
import { sharedRateLimit } from '../security/shared-rate-limit';
import { captchaService } from '../captcha-service';
import { birthDateOf, hashIdNumber, maskIdNumber, maskPhone, normaliseIdNumber, validIdNumber } from './id-number';

/** Form views per address and minute; registrations per address and hour (a family, a school's front desk). */
export const ENROLL_VIEWS_PER_IP = { max: 60, windowMs: 60_000 };
export const ENROLL_REGISTRATIONS_PER_IP = { max: 10, windowMs: 3_600_000 };

function stateOf(n: NoticeRow, now: Date): PublicNotice['state'] {
  if (n.status !== 'published' || n.closesAt <= now) return n.status === 'draft' ? 'notYet' : 'closed';
  return n.opensAt > now ? 'notYet' : 'open';
}

export function enrollmentPublicService(deps: ServiceDeps) {
  const db = deps.db;

  /** A published or closed notice by its key (a draft is not public). */
  async function noticeOf(key: string) {
    const n = await enrollmentRepo.noticeByKey(db, key);
    if (!n || n.status === 'draft') throw notFound();
    await assertSchoolActive(db, n.schoolId);
    return n;
  }

  return {
    async notice(key: string, ip: string): Promise<PublicNotice> {
      await sharedRateLimit.hit(db, `enroll:view:${ip}`, ENROLL_VIEWS_PER_IP, deps.now());
      const n = await noticeOf(key);
      const school = await schoolsRepo.findById(db, n.schoolId);
      const state = stateOf(n, deps.now());
      return { title: n.title, schoolName: school?.name ?? '', grades: n.grades, places: n.places, opensAt: n.opensAt.toISOString(), closesAt: n.closesAt.toISOString(), requirements: n.requirements, contact: n.contact, open: state === 'open', state };
    },

    /** Counts a registration try of an address before its body is read, so junk floods stop too. */
    async throttleRegistration(ip: string) {
      await sharedRateLimit.hit(db, `enroll:register:${ip}`, ENROLL_REGISTRATIONS_PER_IP, deps.now());
    },

    /** The caller has counted the try with throttleRegistration first. */
    async register(body: RegisterBody) {
      const now = deps.now();
      // Every sign-up costs its sender a proof of work (spent right or wrong), besides the address limit.
      await captchaService.consume(db, deps.signer, body.captchaId, body.captchaCode, now);
      const n = await noticeOf(body.key);
      const state = stateOf(n, now);
      if (state !== 'open') throw new AppError(403, 'ENROLL_NOT_OPEN', state === 'notYet' ? 'enroll.notYetOpen' : 'enroll.closed', undefined, { show: true });
      if (!n.grades.includes(body.grade)) throw badRequest('ENROLL_GRADE', 'enroll.gradeNotOffered');
      const id = normaliseIdNumber(body.idNumber);
      if (!validIdNumber(id)) throw badRequest('ENROLL_ID_INVALID', 'enroll.idInvalid');
      if (new Date(`${body.birthDate}T00:00:00Z`).getTime() > now.getTime() || Number.isNaN(new Date(`${body.birthDate}T00:00:00Z`).getTime())) throw badRequest('ENROLL_BIRTH', 'enroll.birthRequired');
      if (birthDateOf(id) !== body.birthDate) throw badRequest('ENROLL_BIRTH_MISMATCH', 'enroll.birthMismatch');
      const idHash = hashIdNumber(deps.signer, n.schoolId, id);
      // The parent sees the same answer whether or not the child was already registered, so the form
      // cannot be used to learn whether an ID number is on file; the office sees the repeat instead.
      const answer = { childName: body.childName, idMasked: maskIdNumber(id), phoneMasked: maskPhone(body.phone), createdAt: now.toISOString() };
      const noteRepeat = async (existing: { id: number; status: RegistrationStatus }) => {
        await enrollmentRepo.addNote(db, existing.id, { status: existing.status, note: translate('zh', 'enroll.repeatNote', { child: body.childName, phone: maskPhone(body.phone) }), by: translate('zh', 'enroll.repeatBy'), at: now.toISOString() }, now);
        return answer;
      };
      const existing = await enrollmentRepo.duplicate(db, n.id, idHash, body.phone, body.childName);
      if (existing) return noteRepeat(existing);
      const row = await enrollmentRepo.insertRegistration(db, {
        schoolId: n.schoolId,
        noticeId: n.id,
        childName: body.childName,
        gender: body.gender,
        birthDate: body.birthDate,
        grade: body.grade,
        guardianName: body.guardianName,
        relation: body.relation,
        phone: body.phone,
        idHash,
        idMasked: maskIdNumber(id),
        currentSchool: body.currentSchool,
        address: body.address,
        remark: body.remark,
        status: 'new',
        history: [],
        createdAt: now,
        updatedAt: now,
      });
      if (row) return answer;
      // A parallel request with the same child got in first: the unique indexes kept one.
      const first = await enrollmentRepo.duplicate(db, n.id, idHash, body.phone, body.childName);
      return first ? noteRepeat(first) : answer;
    },
  };
}

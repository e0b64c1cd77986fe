// Enrollment information (/enrollment): the school office publishes notices and follows up the
// registrations parents send from the public form (new → contacted → admitted / declined). Only
// identities holding the `admissions` permission reach any of it; all reads are scoped by school.
import { randomBytes } from 'node:crypto';
import { loadExcel } from '../excel-lazy';
import type { Notice, NoticeBody, Registration, RegistrationDetail, RegistrationQuery } from '../../../core/api/contracts/enrollment';
import { translate, type Lang } from '../../../core/i18n';
import { AppError, badRequest, notFound } from '../../errors';
import { enrollmentRepo, type NoticeRow, type RegistrationRow } from '../../repositories/enrollment';
import { requireAny } from '../access';
import type { AuthContext } from '../auth-context';
import type { ServiceDeps } from '../deps';
import { formatCst } from '../cst-time';
import { attachmentHeader } from '../writing-export';
import { maskIdNumber, maskPhone } from './id-number';
import type { RegistrationStatus } from '../../db/schema';
import { gradeLabel } from '../../../core/domain/grades';

const need = (auth: AuthContext, action: string) => requireAny(auth, ['admissions', action]);
export const EXPORT_MAX_ROWS = 5000;

export const formPath = (n: Pick<NoticeRow, 'publicKey' | 'status'>) => (n.status === 'draft' ? null : `/teaching/h5/enroll?key=${n.publicKey}`);

function noticeView(n: NoticeRow, counts: Notice['counts']): Notice {
  return {
    id: n.id,
    title: n.title,
    grades: n.grades,
    places: n.places,
    opensAt: n.opensAt.toISOString(),
    closesAt: n.closesAt.toISOString(),
    requirements: n.requirements,
    contact: n.contact,
    status: n.status,
    formPath: formPath(n),
    counts,
    createdAt: n.createdAt.toISOString(),
  };
}

/** A registration for views: the ID number only masked; the phone masked in lists, whole in details. */
function registrationView(r: RegistrationRow, noticeTitle: string, wholePhone: boolean): Registration {
  return {
    id: r.id,
    noticeId: r.noticeId,
    noticeTitle,
    childName: r.childName,
    gender: r.gender,
    birthDate: r.birthDate,
    grade: r.grade,
    guardianName: r.guardianName,
    relation: r.relation,
    phone: wholePhone ? r.phone : maskPhone(r.phone),
    idMasked: maskIdNumber(r.idMasked),
    currentSchool: r.currentSchool,
    address: r.address,
    remark: r.remark,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function enrollmentService(deps: ServiceDeps) {
  const db = deps.db;

  async function ownNotice(auth: AuthContext, id: number) {
    const row = await enrollmentRepo.notice(db, auth.school.id, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async notices(auth: AuthContext): Promise<Notice[]> {
      need(auth, 'query');
      return (await enrollmentRepo.notices(db, auth.school.id)).map((r) => noticeView(r.n, r.counts));
    },
    async createNotice(auth: AuthContext, body: NoticeBody) {
      need(auth, 'add');
      const now = deps.now();
      const row = await enrollmentRepo.insertNotice(db, {
        schoolId: auth.school.id,
        createdBy: auth.identity.id,
        title: body.title,
        grades: [...new Set(body.grades)].sort((a, b) => a - b),
        places: body.places,
        opensAt: new Date(body.opensAt),
        closesAt: new Date(body.closesAt),
        requirements: body.requirements,
        contact: body.contact,
        status: body.publish ? 'published' : 'draft',
        publicKey: randomBytes(12).toString('base64url'),
        createdAt: now,
        updatedAt: now,
      });
      return { id: row.id };
    },
    async updateNotice(auth: AuthContext, id: number, body: NoticeBody) {
      need(auth, 'edit');
      const row = await ownNotice(auth, id);
      // Once parents have registered, the grades they chose must stay on offer.
      if (row.counts.total > 0 && row.n.grades.some((g) => !body.grades.includes(g))) throw badRequest('ENROLL_GRADE_IN_USE', 'enroll.gradeInUse');
      await enrollmentRepo.updateNotice(db, id, {
        title: body.title,
        grades: [...new Set(body.grades)].sort((a, b) => a - b),
        places: body.places,
        opensAt: new Date(body.opensAt),
        closesAt: new Date(body.closesAt),
        requirements: body.requirements,
        contact: body.contact,
        ...(body.publish && row.n.status === 'draft' ? { status: 'published' as const } : {}),
        updatedAt: deps.now(),
      });
      return { id };
    },
    async setNoticeStatus(auth: AuthContext, id: number, status: 'published' | 'closed') {
      need(auth, 'edit');
      await ownNotice(auth, id);
      await enrollmentRepo.updateNotice(db, id, { status, updatedAt: deps.now() });
      return { id, status };
    },
    async deleteNotice(auth: AuthContext, id: number) {
      need(auth, 'delete');
      const row = await ownNotice(auth, id);
      if (row.counts.total > 0) throw new AppError(409, 'ENROLL_HAS_REGISTRATIONS', 'enroll.hasRegistrations', { count: row.counts.total }, { show: true });
      await enrollmentRepo.updateNotice(db, id, { deletedAt: deps.now() });
      return { id };
    },

    async registrations(auth: AuthContext, q: RegistrationQuery) {
      need(auth, 'query');
      const { rows, total } = await enrollmentRepo.registrationPage(db, { schoolId: auth.school.id, noticeId: q.noticeId, status: q.status, keyword: q.keyword }, q.pageNum, q.pageSize);
      return { list: rows.map((r) => registrationView(r.r, r.noticeTitle, false)), total, pageNum: q.pageNum, pageSize: q.pageSize };
    },
    async registration(auth: AuthContext, id: number): Promise<RegistrationDetail> {
      need(auth, 'get');
      const row = await enrollmentRepo.registration(db, auth.school.id, id);
      if (!row) throw notFound();
      const notice = await ownNotice(auth, row.r.noticeId);
      return { ...registrationView(row.r, row.noticeTitle, true), history: row.r.history, notice: noticeView(notice.n, notice.counts), admittedCount: notice.counts.admitted };
    },
    /** Moves a registration along; admitting past the notice's places is refused (the office closes or raises places first). */
    async setStatus(auth: AuthContext, body: { id: number; status: RegistrationStatus; note: string }) {
      need(auth, 'edit');
      return db.transaction(async (tx) => {
        const row = await enrollmentRepo.registration(tx, auth.school.id, body.id);
        if (!row) throw notFound();
        if (body.status === 'admitted' && row.r.status !== 'admitted') {
          const notice = await enrollmentRepo.notice(tx, auth.school.id, row.r.noticeId);
          if (notice && (await enrollmentRepo.admittedCount(tx, notice.n.id)) >= notice.n.places) throw badRequest('ENROLL_FULL', 'enroll.full', { places: notice.n.places });
        }
        const now = deps.now();
        await enrollmentRepo.setStatus(tx, body.id, body.status, { status: body.status, note: body.note, by: auth.identity.teacherName ?? auth.user.realname, at: now.toISOString() }, now);
        return { id: body.id, status: body.status };
      });
    },
    /** The registrations with the list's filters as xlsx (phone whole: the office calls parents from it; ID: region only). */
    async exportXlsx(auth: AuthContext, q: Omit<RegistrationQuery, 'pageNum' | 'pageSize'>, lang: Lang) {
      need(auth, 'export');
      const rows = await enrollmentRepo.registrationsAll(db, { schoolId: auth.school.id, noticeId: q.noticeId, status: q.status, keyword: q.keyword }, EXPORT_MAX_ROWS);
      const t = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) => translate(lang, k, p);
      const wb = new (await loadExcel()).Workbook();
      const ws = wb.addWorksheet(t('enroll.export.sheet'));
      ws.addRow(['notice', 'child', 'gender', 'birth', 'grade', 'guardian', 'relation', 'phone', 'idNumber', 'currentSchool', 'address', 'remark', 'status', 'createdAt'].map((k) => t(`enroll.f.${k}` as never))).font = { bold: true };
      for (const { r, noticeTitle } of rows) {
        ws.addRow([noticeTitle, r.childName, t(r.gender === 1 ? 'enroll.gender.1' : 'enroll.gender.2'), r.birthDate, gradeLabel(r.grade, lang), r.guardianName, r.relation, r.phone, maskIdNumber(r.idMasked), r.currentSchool, r.address, r.remark, t(`enroll.status.${r.status}` as never), formatCst(r.createdAt)]);
      }
      ws.columns.forEach((c) => (c.width = 16));
      const body = Buffer.from(await wb.xlsx.writeBuffer());
      return { body, contentDisposition: attachmentHeader(`${t('enroll.export.file')}.xlsx`, 'enrollment.xlsx') };
    },
  };
}

import { z } from 'zod';
import { pageQuery, paged, rowId, rowIdParam } from './paging';

/**
 * Enrollment information (招生信息, /enrollment, product-rules.md#audience/#screens): notices the school publishes (grades,
 * places, dates, requirements) and registrations parents send from the notice's public H5 form.
 * Messages that are catalogue keys reach the user translated (zh/en).
 */
export const REGISTRATION_STATUSES = ['new', 'contacted', 'admitted', 'declined'] as const;
export type RegistrationStatusKey = (typeof REGISTRATION_STATUSES)[number];
export const NOTICE_STATUSES = ['draft', 'published', 'closed'] as const;

const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);
const time = (required: string) => z.string({ message: required }).datetime({ offset: true, message: 'enroll.timeInvalid' });

export const noticeBody = z
  .object({
    title: text(60, 'enroll.titleTooLong').min(1, 'enroll.titleRequired'),
    grades: z.array(z.number().int().min(1).max(12)).min(1, 'enroll.gradesRequired').max(12),
    places: z.number({ message: 'enroll.placesInvalid' }).int('enroll.placesInvalid').min(1, 'enroll.placesInvalid').max(10000, 'enroll.placesInvalid'),
    opensAt: time('enroll.opensRequired'),
    closesAt: time('enroll.closesRequired'),
    requirements: text(2000, 'enroll.requirementsTooLong').default(''),
    contact: text(200, 'enroll.contactTooLong').default(''),
    publish: z.boolean().default(false),
  })
  .refine((b) => new Date(b.opensAt) < new Date(b.closesAt), { message: 'enroll.closesBeforeOpens', path: ['closesAt'] });
export type NoticeBody = z.infer<typeof noticeBody>;

export const notice = z.object({
  id: z.number().int(),
  title: z.string(),
  grades: z.array(z.number().int()),
  places: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  requirements: z.string(),
  contact: z.string(),
  status: z.enum(NOTICE_STATUSES),
  /** the public form's path under /teaching/h5 (published notices) */
  formPath: z.string().nullable(),
  counts: z.object({ total: z.number().int(), new: z.number().int(), contacted: z.number().int(), admitted: z.number().int(), declined: z.number().int() }),
  createdAt: z.string(),
});
export type Notice = z.infer<typeof notice>;
export const noticeStatusBody = z.object({ id: rowId(), status: z.enum(['published', 'closed']) });

export const registrationQuery = pageQuery.extend({
  noticeId: rowIdParam().optional(),
  status: z.enum(REGISTRATION_STATUSES).optional(),
  keyword: z.string().trim().max(30).optional(),
});
export type RegistrationQuery = z.infer<typeof registrationQuery>;
export const registrationExportQuery = registrationQuery.omit({ pageNum: true, pageSize: true });

export const registration = z.object({
  id: z.number().int(),
  noticeId: z.number().int(),
  noticeTitle: z.string(),
  childName: z.string(),
  gender: z.number().int(),
  birthDate: z.string(),
  grade: z.number().int(),
  guardianName: z.string(),
  relation: z.string(),
  /** masked in lists (138****0001); whole in details for the office to call */
  phone: z.string(),
  idMasked: z.string(),
  currentSchool: z.string(),
  address: z.string(),
  remark: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Registration = z.infer<typeof registration>;
export const registrationPage = paged(registration);
export const registrationDetail = registration.extend({
  history: z.array(z.object({ status: z.enum(REGISTRATION_STATUSES), note: z.string(), by: z.string(), at: z.string() })),
  notice: notice,
  /** this notice's admitted count and places, so the office sees when it is full */
  admittedCount: z.number().int(),
});
export type RegistrationDetail = z.infer<typeof registrationDetail>;
export const registrationStatusBody = z.object({ id: rowId(), status: z.enum(REGISTRATION_STATUSES, { message: 'enroll.statusInvalid' }), note: text(300, 'enroll.noteTooLong').default('') });

// ---- the parents' public form ----

export const publicNoticeQuery = z.object({ key: z.string().trim().min(8).max(64) });
export const publicNotice = z.object({
  title: z.string(),
  schoolName: z.string(),
  grades: z.array(z.number().int()),
  places: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  requirements: z.string(),
  contact: z.string(),
  /** open now: published and inside the window */
  open: z.boolean(),
  state: z.enum(['notYet', 'open', 'closed']),
});
export type PublicNotice = z.infer<typeof publicNotice>;

export const CHINA_MOBILE = /^1[3-9]\d{9}$/;
/** 18-character resident ID (last may be X) — the checksum is verified by the server. */
export const ID_NUMBER = /^\d{17}[\dXx]$/;

export const registerBody = z.object({
  key: z.string().trim().min(8).max(64),
  childName: z.string().trim().min(1, 'enroll.childNameRequired').max(20, 'enroll.childNameTooLong').regex(/^[\p{Script=Han}A-Za-z·• ]+$/u, 'enroll.childNameInvalid'),
  gender: z.union([z.literal(1), z.literal(2)], { message: 'enroll.genderRequired' }),
  birthDate: z.string({ message: 'enroll.birthRequired' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'enroll.birthRequired'),
  grade: z.number({ message: 'enroll.gradeRequired' }).int().min(1, 'enroll.gradeRequired').max(12, 'enroll.gradeRequired'),
  guardianName: z.string().trim().min(1, 'enroll.guardianRequired').max(20, 'enroll.guardianTooLong'),
  relation: z.string().trim().min(1, 'enroll.relationRequired').max(10, 'enroll.relationRequired'),
  phone: z.string({ message: 'enroll.phoneInvalid' }).trim().regex(CHINA_MOBILE, 'enroll.phoneInvalid'),
  idNumber: z.string({ message: 'enroll.idInvalid' }).trim().regex(ID_NUMBER, 'enroll.idInvalid'),
  currentSchool: text(60, 'enroll.currentSchoolTooLong').default(''),
  address: text(120, 'enroll.addressTooLong').default(''),
  remark: text(300, 'enroll.remarkTooLong').default(''),
  /** A proof-of-work challenge from auth/code, solved in the browser (altcha payload). */
  captchaId: z.string().uuid(),
  captchaCode: z.string().min(1).max(4096),
});
export type RegisterBody = z.infer<typeof registerBody>;
/** What the parent is told: the same whether the child was new or already registered (no id). */
export const registered = z.object({ childName: z.string(), idMasked: z.string(), phoneMasked: z.string(), createdAt: z.string() });

import type { z } from 'zod';
import type { ApiClient } from '../client';
import { auth as authRoutes } from '../routes/auth';
import { enrollment as enrollmentRoutes } from '../routes/enrollment';
import { pathOf } from '../routes/route';
import type * as e from '../contracts/enrollment';
type In<T extends z.ZodType> = z.input<T>;

/** Enrollment for the school office (enrollment/*, `admissions` permission). */
export function enrollmentApi(client: ApiClient) {
  return {
    notices: () => client.call(enrollmentRoutes.enrollmentNotices),
    createNotice: (body: In<typeof e.noticeBody>) => client.call(enrollmentRoutes.enrollmentNoticesPost, { body }),
    updateNotice: (id: number, body: In<typeof e.noticeBody>) => client.call(enrollmentRoutes.enrollmentNoticesPostById, { params: { id }, body }),
    setNoticeStatus: (id: number, status: 'published' | 'closed') => client.call(enrollmentRoutes.enrollmentNoticesStatus, { body: { id, status } }),
    deleteNotice: (id: number) => client.call(enrollmentRoutes.enrollmentNoticesDelete, { query: { id } }),
    registrations: (query: Partial<e.RegistrationQuery>) => client.call(enrollmentRoutes.enrollmentRegistrations, { query }),
    registration: (id: number) => client.call(enrollmentRoutes.enrollmentRegistrationsGet, { params: { id } }),
    setStatus: (id: number, status: e.RegistrationStatusKey, note: string) => client.call(enrollmentRoutes.enrollmentRegistrationsStatus, { body: { id, status, note } }),
    exportXlsx: (query: Partial<e.RegistrationQuery>) => client.blob(pathOf(enrollmentRoutes.enrollmentRegistrationsExport), { query }),
  };
}
export type EnrollmentApi = ReturnType<typeof enrollmentApi>;

/** The parents' public form (h5/enrollment/*). */
export function enrollmentH5Api(client: ApiClient) {
  return {
    notice: (key: string) => client.call(enrollmentRoutes.h5EnrollmentNotice, { query: { key } }),
    /** The proof-of-work challenge the form solves before it is sent. */
    challenge: () => client.call(authRoutes.code),
    register: (body: In<typeof e.registerBody>) => client.call(enrollmentRoutes.h5EnrollmentRegister, { body }, { silent: true }),
  };
}

import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as e from '../contracts/enrollment';
import type { captchaResponse } from '../contracts/auth';

const MGMT = '/platform-management';
type In<T extends z.ZodType> = z.input<T>;

/** Enrollment for the school office (enrollment/*, `admissions` permission). */
export function enrollmentApi(client: ApiClient) {
  return {
    notices: () => client.get<e.Notice[]>(`${MGMT}/enrollment/notices`),
    createNotice: (body: In<typeof e.noticeBody>) => client.post<{ id: number }>(`${MGMT}/enrollment/notices`, body),
    updateNotice: (id: number, body: In<typeof e.noticeBody>) => client.post<{ id: number }>(`${MGMT}/enrollment/notices/${id}`, body),
    setNoticeStatus: (id: number, status: 'published' | 'closed') => client.post<{ id: number }>(`${MGMT}/enrollment/notices/status`, { id, status }),
    deleteNotice: (id: number) => client.delete<{ id: number }>(`${MGMT}/enrollment/notices`, { query: { id } }),
    registrations: (query: Partial<e.RegistrationQuery>) => client.get<{ list: e.Registration[]; total: number; pageNum: number; pageSize: number }>(`${MGMT}/enrollment/registrations`, { query }),
    registration: (id: number) => client.get<e.RegistrationDetail>(`${MGMT}/enrollment/registrations/${id}`),
    setStatus: (id: number, status: e.RegistrationStatusKey, note: string) => client.post<{ id: number }>(`${MGMT}/enrollment/registrations/status`, { id, status, note }),
    exportXlsx: (query: Partial<e.RegistrationQuery>) => client.blob(`${MGMT}/enrollment/registrations/export`, { query }),
  };
}
export type EnrollmentApi = ReturnType<typeof enrollmentApi>;

/** The parents' public form (h5/enrollment/*). */
export function enrollmentH5Api(client: ApiClient) {
  return {
    notice: (key: string) => client.get<e.PublicNotice>(`${MGMT}/h5/enrollment/notice`, { query: { key } }),
    /** The proof-of-work challenge the form solves before it is sent. */
    challenge: () => client.get<z.infer<typeof captchaResponse>>('/platform-system/auth/code'),
    register: (body: In<typeof e.registerBody>) => client.post<z.infer<typeof e.registered>>(`${MGMT}/h5/enrollment/register`, body, { silent: true }),
  };
}

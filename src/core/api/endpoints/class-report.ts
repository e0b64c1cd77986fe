import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as c from '../contracts/class-report';
import type * as up from '../contracts/upgrade';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;
type In<T extends z.ZodType> = z.input<T>;

/** Class report (product-rules.md#api tasks/getTeacherReportConfig, getReportData, getPartReportData), its exports and the parents' links. */
export function classReportApi(client: ApiClient) {
  return {
    config: (change: In<typeof c.reportConfigBody> = {}) => client.post<Out<typeof c.reportConfig>>(`${MGMT}/tasks/getTeacherReportConfig`, change),
    data: (body: In<typeof c.reportDataBody>) => client.post<Out<typeof c.classReport>>(`${MGMT}/tasks/${body.partType ? 'getPartReportData' : 'getReportData'}`, body),
    /** xlsx of the per-student table */
    exportXlsx: (taskId: number, classId: number) => client.blob(`${MGMT}/report/export`, { query: { taskId, classId } }),
    /** PDF of the report (simple or full) */
    pdf: (taskId: number, classId: number, mode: c.ReportMode) => client.blob(`${MGMT}/report/pdf`, { query: { taskId, classId, mode } }),
    parentLinks: (classId: number) => client.get<Out<typeof c.parentLink>[]>(`${MGMT}/report/parentLinks`, { query: { classId } }),
    createParentLinks: (classId: number) => client.post<Out<typeof c.parentLink>[]>(`${MGMT}/report/parentLinks`, { classId }),
    /** the printable parents' sheet (PDF) */
    parentSheet: (classId: number, scope: c.ParentSheetScope) => client.blob(`${MGMT}/report/parentSheet`, { query: { classId, scope } }),
    revokeParentLink: (linkId: number) => client.post<{ revoked: boolean }>(`${MGMT}/report/parentLinks/revoke`, { linkId }),
    /** public: the parents' page */
    /** public: 升格 suggestions for a sentence of the pupil's released essay */
    parentUpgrade: (body: In<typeof up.parentUpgradeBody>) => client.post<Out<typeof up.upgradeResult>>(`${MGMT}/h5/parentReport/upgrade`, body, { silent: true }),
    parentReport: (t: string, taskId?: number) => client.get<Out<typeof c.parentReport>>(`${MGMT}/h5/parentReport`, { query: taskId ? { t, taskId } : { t }, silent: true }),
  };
}
export type ClassReportApi = ReturnType<typeof classReportApi>;

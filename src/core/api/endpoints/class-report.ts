import type { z } from 'zod';
import type { ApiClient } from '../client';
import { classReport as classReportRoutes } from '../routes/class-report';
import { pathOf } from '../routes/route';
import type * as c from '../contracts/class-report';
import type * as up from '../contracts/upgrade';
type In<T extends z.ZodType> = z.input<T>;

/** Class report (product-rules.md#api tasks/getTeacherReportConfig, getReportData, getPartReportData), its exports and the parents' links. */
export function classReportApi(client: ApiClient) {
  return {
    config: (change: In<typeof c.reportConfigBody> = {}) => client.call(classReportRoutes.tasksGetTeacherReportConfig, { body: change }),
    data: (body: In<typeof c.reportDataBody>) => client.call(body.partType ? classReportRoutes.tasksGetPartReportData : classReportRoutes.tasksGetReportData, { body }),
    /** xlsx of the per-student table */
    exportXlsx: (taskId: number, classId: number) => client.blob(pathOf(classReportRoutes.reportExport), { query: { taskId, classId } }),
    /** PDF of the report (simple or full) */
    pdf: (taskId: number, classId: number, mode: c.ReportMode) => client.blob(pathOf(classReportRoutes.reportPdf), { query: { taskId, classId, mode } }),
    parentLinks: (classId: number) => client.call(classReportRoutes.reportParentLinks, { query: { classId } }),
    createParentLinks: (classId: number) => client.call(classReportRoutes.reportParentLinksPost, { body: { classId } }),
    /** the printable parents' sheet (PDF) */
    parentSheet: (classId: number, scope: c.ParentSheetScope) => client.blob(pathOf(classReportRoutes.reportParentSheet), { query: { classId, scope } }),
    revokeParentLink: (linkId: number) => client.call(classReportRoutes.reportParentLinksRevoke, { body: { linkId } }),
    /** public: the parents' page */
    /** public: 升格 suggestions for a sentence of the pupil's released essay */
    parentUpgrade: (body: In<typeof up.parentUpgradeBody>) => client.call(classReportRoutes.h5ParentReportUpgrade, { body }, { silent: true }),
    parentReport: (t: string, taskId?: number) => client.call(classReportRoutes.h5ParentReport, { query: taskId ? { t, taskId } : { t } }, { silent: true }),
  };
}
export type ClassReportApi = ReturnType<typeof classReportApi>;

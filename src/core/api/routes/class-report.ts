import type * as c from '../contracts/class-report';
import type { classTaskQuery } from '../contracts/review';
import type * as shapes from '../contracts/shapes/class-report';
import type * as u from '../contracts/upgrade';
import { route } from './route';

/** /platform-management: class-report.ts routes. */
export const classReport = {
  tasksGetTeacherReportConfig: route<{ body: typeof c.reportConfigBody; answer: typeof c.reportConfig }>('POST', '/platform-management/tasks/getTeacherReportConfig', {
    summary: "The teacher’s class-report setting (simple or full, and the sections of the full report); a body with mode or sections saves it first",
    tags: ["platform-management: class report"],
  }),
  tasksGetReportData: route<{ body: typeof c.reportDataBody; answer: typeof c.classReport }>('POST', '/platform-management/tasks/getReportData', {
    summary: "Class report of a task (teacher-approved essays only): overview, dimensions, common problems, good sentences, excellent essays, students who need attention, comparison with earlier tasks, per-student rows and pages",
    tags: ["platform-management: class report"],
    errors: [404],
  }),
  tasksGetPartReportData: route<{ body: typeof c.reportDataBody; answer: typeof c.classReport }>('POST', '/platform-management/tasks/getPartReportData', {
    summary: "One section (partType) of the class report",
    tags: ["platform-management: class report"],
    errors: [404],
  }),
  reportExport: route<{ query: typeof classTaskQuery }>('GET', '/platform-management/report/export', {
    summary: "The class report’s per-student table as xlsx (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet): every student, approved scores only",
    tags: ["platform-management: class report"],
  }),
  reportPdf: route<{ query: typeof c.reportPdfQuery }>('GET', '/platform-management/report/pdf', {
    summary: "The class report as PDF (simple, or full with a page per student: essay image, scores, comments, marks), drawn in a worker thread with the Chinese font embedded (subset)",
    tags: ["platform-management: class report"],
  }),
  reportParentLinks: route<{ query: typeof c.parentLinksQuery; answer: typeof shapes.parentLinks }>('GET', '/platform-management/report/parentLinks', {
    summary: "Parents’ QR links of a class: one row per student, with the live link’s path and expiry (null when none)",
    tags: ["platform-management: class report"],
  }),
  reportParentLinksPost: route<{ body: typeof c.parentLinksBody; answer: typeof shapes.parentLinks }>('POST', '/platform-management/report/parentLinks', {
    summary: "Make a parents’ link for every student of the class without a live one (expires at the end of the class’s semester)",
    tags: ["platform-management: class report"],
  }),
  reportParentSheet: route<{ query: typeof c.parentSheetQuery }>('GET', '/platform-management/report/parentSheet', {
    summary: "The printable parents’ sheet of a class (A4 PDF, eight cards a page with crop marks): each pupil’s name, class, number, the QR code of their parents’ page and its expiry; scope approved (default: pupils with an approved essay) or all; pupils without a live link are left out (make the links first) — application/pdf",
    tags: ["platform-management: class report"],
  }),
  reportParentLinksRevoke: route<{ body: typeof c.revokeLinkBody; answer: typeof shapes.reportParentLinksRevokeAnswer }>('POST', '/platform-management/report/parentLinks/revoke', {
    summary: "Revoke a parents’ link at once",
    tags: ["platform-management: class report"],
  }),
  h5ParentReport: route<{ query: typeof c.parentReportQuery; answer: typeof c.parentReport }>('GET', '/platform-management/h5/parentReport', {
    summary: "One student’s report for the parents’ QR link: approved essays only, class figures as averages; 404 PARENT_LINK_INVALID, 410 PARENT_LINK_REVOKED or PARENT_LINK_EXPIRED, 429 TOO_MANY_REQUESTS (120 a minute per address)",
    tags: ["platform-management: parents’ report (public)"],
    errors: [404, 410],
    public: true,
  }),
  h5ParentReportUpgrade: route<{ body: typeof u.parentUpgradeBody; answer: typeof u.upgradeResult }>('POST', '/platform-management/h5/parentReport/upgrade', {
    summary: "升格 for the pupil: up to three rewrites of a sentence of their own released essay (the task’s, else the latest), same token as /h5/parentReport; 400 UPGRADE_NOT_IN_ESSAY when the text is not part of it; 404 PARENT_LINK_INVALID or no released essay, 410 PARENT_LINK_REVOKED or PARENT_LINK_EXPIRED, 429 TOO_MANY_REQUESTS (20 a minute per link)",
    tags: ["platform-management: parents’ report (public)"],
    errors: [404, 410],
    public: true,
  }),
  h5ParentReportPdf: route<{ query: typeof shapes.parentPdfQuery }>('GET', '/platform-management/h5/parentReport/pdf', {
    summary: "The same student’s report as PDF (/h5Pdf): score, strengths, next steps, dimensions, comments, trend, the essay pages with the teacher’s marks; Chinese font embedded (subset), drawn in the report worker. Same token as /h5/parentReport; 404 PARENT_LINK_INVALID, 410 PARENT_LINK_REVOKED or PARENT_LINK_EXPIRED, 429 TOO_MANY_REQUESTS (20 a minute per address, 10 per 10 minutes per link) (JSON, before anything is drawn)",
    tags: ["platform-management: parents’ report (public)"],
    public: true,
  }),
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as u from '../../../core/api/contracts/upgrade';
import * as c from '../../../core/api/contracts/class-report';
import { errorBody } from '../../../core/api/contracts/envelope';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { classReportService } from '../../services/class-report-service';
import { reportWorkbook } from '../../services/class-report-export';
import { PARENT_REPORT_PATH, parentReportService } from '../../services/parent-report-service';
import { AppError } from '../../errors';
import { isNavigation, sendNavigationError } from '../navigation-error-page';
import { z } from 'zod';
import { classTaskQuery } from '../../../core/api/contracts/review';
import { ok, responses } from '../reply';

const tags = ['platform-management: class report'];
/** The PDF is opened by plain navigation (no Accept-Language from the page): the H5 page says its language. */
const parentPdfQuery = c.parentReportQuery.extend({ lang: z.enum(['zh', 'en']).optional() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `tasks/getTeacherReportConfig`, `tasks/getReportData`, `tasks/getPartReportData` (product-rules.md#api). */
export const classReportRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = classReportService(services.deps);
  app.post('/tasks/getTeacherReportConfig', {
    schema: { tags, summary: 'The teacher’s class-report setting (simple or full, and the sections of the full report); a body with mode or sections saves it first', body: c.reportConfigBody, response: responses(c.reportConfig) },
  }, async (req) => ok(await svc.getConfig(authOf(req), req.body ?? {})));
  const data = { tags, summary: 'Class report of a task (teacher-approved essays only): overview, dimensions, common problems, good sentences, excellent essays, students who need attention, comparison with earlier tasks, per-student rows and pages', body: c.reportDataBody, response: { ...responses(c.classReport), 404: errorBody } };
  app.post('/tasks/getReportData', { schema: data }, async (req) => ok(await svc.reportData(authOf(req), req.body, req.lang)));
  app.post('/tasks/getPartReportData', { schema: { ...data, summary: 'One section (partType) of the class report' } }, async (req) => ok(await svc.reportData(authOf(req), req.body, req.lang)));

  app.get('/report/export', {
    schema: { tags, summary: `The class report’s per-student table as xlsx (${XLSX}): every student, approved scores only`, querystring: classTaskQuery },
  }, async (req, reply) => {
    const report = await svc.reportData(authOf(req), { taskId: req.query.taskId, classId: req.query.classId, mode: 'full' }, req.lang, ['dimensions', 'students']);
    const file = await reportWorkbook(report, req.lang);
    return reply.type(XLSX).header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').send(file.body);
  });

  app.get('/report/pdf', {
    schema: { tags, summary: 'The class report as PDF (simple, or full with a page per student: essay image, scores, comments, marks), drawn in a worker thread with the Chinese font embedded (subset)', querystring: c.reportPdfQuery },
  }, async (req, reply) => {
    const file = await svc.pdf(authOf(req), req.query, req.lang);
    return reply.type('application/pdf').header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').send(file.body);
  });

  const parents = parentReportService(services.deps);
  const links = responses(z.array(c.parentLink));
  app.get('/report/parentLinks', {
    schema: { tags, summary: 'Parents’ QR links of a class: one row per student, with the live link’s path and expiry (null when none)', querystring: c.parentLinksQuery, response: links },
  }, async (req) => ok(await parents.list(authOf(req), req.query.classId)));
  app.post('/report/parentLinks', {
    schema: { tags, summary: 'Make a parents’ link for every student of the class without a live one (expires at the end of the class’s semester)', body: c.parentLinksBody, response: links },
  }, async (req) => ok(await parents.create(authOf(req), req.body.classId)));
  app.get('/report/parentSheet', {
    schema: { tags, summary: 'The printable parents’ sheet of a class (A4 PDF, eight cards a page with crop marks): each pupil’s name, class, number, the QR code of their parents’ page and its expiry; scope approved (default: pupils with an approved essay) or all; pupils without a live link are left out (make the links first) — application/pdf', querystring: c.parentSheetQuery },
  }, async (req, reply) => {
    // where phones reach this server: PUBLIC_URL when set, else the host the teacher's browser used
    const origin = services.deps.publicUrl ?? `${req.protocol}://${req.host}`;
    const file = await parents.sheet(authOf(req), req.query.classId, req.query.scope, req.lang, origin);
    return reply.type('application/pdf').header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').send(file.body);
  });
  app.post('/report/parentLinks/revoke', {
    schema: { tags, summary: 'Revoke a parents’ link at once', body: c.revokeLinkBody, response: responses(z.object({ revoked: z.boolean() })) },
  }, async (req) => ok(await parents.revoke(authOf(req), req.body.linkId)));
  app.get('/h5/parentReport', {
    config: { public: true },
    schema: { tags: ['platform-management: parents’ report (public)'], summary: 'One student’s report for the parents’ QR link: approved essays only, class figures as averages; 404 PARENT_LINK_INVALID, 410 PARENT_LINK_REVOKED or PARENT_LINK_EXPIRED, 429 TOO_MANY_REQUESTS (120 a minute per address)', querystring: c.parentReportQuery, response: { ...responses(c.parentReport), 404: errorBody, 410: errorBody, 429: errorBody } },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return ok(await parents.report(req.query.t, req.query.taskId, req.lang, req.ip));
  });
  app.post('/h5/parentReport/upgrade', {
    config: { public: true },
    schema: { tags: ['platform-management: parents’ report (public)'], summary: '升格 for the pupil: up to three rewrites of a sentence of their own released essay (the task’s, else the latest), same token as /h5/parentReport; 400 UPGRADE_NOT_IN_ESSAY when the text is not part of it; 404 PARENT_LINK_INVALID or no released essay, 410 PARENT_LINK_REVOKED or PARENT_LINK_EXPIRED, 429 TOO_MANY_REQUESTS (20 a minute per link)', body: u.parentUpgradeBody, response: { ...responses(u.upgradeResult), 404: errorBody, 410: errorBody, 429: errorBody } },
  }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await parents.upgrade(req.body.t, req.body.taskId, req.body.text, req.lang, req.ip));
  });
  app.get('/h5/parentReport/pdf', {
    config: { public: true },
    schema: { tags: ['platform-management: parents’ report (public)'], summary: 'The same student’s report as PDF (/h5Pdf): score, strengths, next steps, dimensions, comments, trend, the essay pages with the teacher’s marks; Chinese font embedded (subset), drawn in the report worker. Same token as /h5/parentReport; 404 PARENT_LINK_INVALID, 410 PARENT_LINK_REVOKED or PARENT_LINK_EXPIRED, 429 TOO_MANY_REQUESTS (20 a minute per address, 10 per 10 minutes per link) (JSON, before anything is drawn)', querystring: parentPdfQuery },
  }, async (req, reply) => {
    const lang = req.query.lang ?? req.lang;
    let file;
    try {
      file = await parents.pdf(req.query.t, req.query.taskId, lang, req.ip);
    } catch (err) {
      // The H5 page opens the PDF by navigation: an expected refusal is a readable page, not JSON.
      if (err instanceof AppError && isNavigation(req)) return sendNavigationError(reply, err, lang, `${PARENT_REPORT_PATH}?t=${encodeURIComponent(req.query.t)}`);
      throw err;
    }
    return reply.type('application/pdf').header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(file.body);
  });
};

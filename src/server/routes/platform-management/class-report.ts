import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as u from '../../../core/api/contracts/upgrade';
import * as c from '../../../core/api/contracts/class-report';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { classReportService } from '../../services/class-report-service';
import { reportWorkbook } from '../../services/class-report-export';
import { PARENT_REPORT_PATH, parentReportService } from '../../services/parent-report-service';
import { AppError } from '../../errors';
import { isNavigation, sendNavigationError } from '../navigation-error-page';
import { classTaskQuery } from '../../../core/api/contracts/review';
import { ok } from '../reply';
import { classReport as rt } from '../../../core/api/routes/class-report';
import * as shapes from '../../../core/api/contracts/shapes/class-report';
import { defineRoute } from '../define-route';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `tasks/getTeacherReportConfig`, `tasks/getReportData`, `tasks/getPartReportData` (product-rules.md#api). */
export const classReportRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = classReportService(services.deps);
  defineRoute(app, rt.tasksGetTeacherReportConfig, { body: c.reportConfigBody, answer: c.reportConfig }, async (req) => ok(await svc.getConfig(authOf(req), req.body ?? {})));
  const reportData = { body: c.reportDataBody, answer: c.classReport };
  defineRoute(app, rt.tasksGetReportData, reportData, async (req) => ok(await svc.reportData(authOf(req), req.body, req.lang)));
  defineRoute(app, rt.tasksGetPartReportData, reportData, async (req) => ok(await svc.reportData(authOf(req), req.body, req.lang)));

  defineRoute(app, rt.reportExport, { query: classTaskQuery }, async (req, reply) => {
    const report = await svc.reportData(authOf(req), { taskId: req.query.taskId, classId: req.query.classId, mode: 'full' }, req.lang, ['dimensions', 'students']);
    const file = await reportWorkbook(report, req.lang);
    return reply.type(XLSX).header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').send(file.body);
  });

  defineRoute(app, rt.reportPdf, { query: c.reportPdfQuery }, async (req, reply) => {
    const file = await svc.pdf(authOf(req), req.query, req.lang);
    return reply.type('application/pdf').header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').send(file.body);
  });

  const parents = parentReportService(services.deps);
  defineRoute(app, rt.reportParentLinks, { query: c.parentLinksQuery, answer: shapes.parentLinks }, async (req) => ok(await parents.list(authOf(req), req.query.classId)));
  defineRoute(app, rt.reportParentLinksPost, { body: c.parentLinksBody, answer: shapes.parentLinks }, async (req) => ok(await parents.create(authOf(req), req.body.classId)));
  defineRoute(app, rt.reportParentSheet, { query: c.parentSheetQuery }, async (req, reply) => {
    // where phones reach this server: PUBLIC_URL when set, else the host the teacher's browser used
    const origin = services.deps.publicUrl ?? `${req.protocol}://${req.host}`;
    const file = await parents.sheet(authOf(req), req.query.classId, req.query.scope, req.lang, origin);
    return reply.type('application/pdf').header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').send(file.body);
  });
  defineRoute(app, rt.reportParentLinksRevoke, { body: c.revokeLinkBody, answer: shapes.reportParentLinksRevokeAnswer }, async (req) => ok(await parents.revoke(authOf(req), req.body.linkId)));
  defineRoute(app, rt.h5ParentReport, { query: c.parentReportQuery, answer: c.parentReport }, async (req, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return ok(await parents.report(req.query.t, req.query.taskId, req.lang, req.ip));
  });
  defineRoute(app, rt.h5ParentReportUpgrade, { body: u.parentUpgradeBody, answer: u.upgradeResult }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await parents.upgrade(req.body.t, req.body.taskId, req.body.text, req.lang, req.ip));
  });
  defineRoute(app, rt.h5ParentReportPdf, { query: shapes.parentPdfQuery }, async (req, reply) => {
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

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as e from '../../../core/api/contracts/enrollment';
import { idParams, idQuery } from '../../../core/api/contracts/paging';
import { authOf } from '../../plugins/request-context';
import { enrollmentPublicService } from '../../services/enrollment/enrollment-public-service';
import { enrollmentService } from '../../services/enrollment/enrollment-service';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { enrollment as rt } from '../../../core/api/routes/enrollment';
import * as shapes from '../../../core/api/contracts/shapes/enrollment';
import { defineRoute } from '../define-route';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `enrollment/*`: notices and registrations for staff holding the `admissions` permission. */
export const enrollmentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = enrollmentService(services.deps);
  defineRoute(app, rt.enrollmentNotices, { answer: shapes.enrollmentNoticesAnswer }, async (req) => ok(await svc.notices(authOf(req))));
  defineRoute(app, rt.enrollmentNoticesPost, { body: e.noticeBody, answer: shapes.idOut }, async (req) => ok(await svc.createNotice(authOf(req), req.body)));
  defineRoute(app, rt.enrollmentNoticesPostById, { params: idParams, body: e.noticeBody, answer: shapes.idOut }, async (req) => ok(await svc.updateNotice(authOf(req), req.params.id, req.body)));
  defineRoute(app, rt.enrollmentNoticesStatus, { body: e.noticeStatusBody, answer: shapes.enrollmentNoticesStatusAnswer }, async (req) => ok(await svc.setNoticeStatus(authOf(req), req.body.id, req.body.status)));
  defineRoute(app, rt.enrollmentNoticesDelete, { query: idQuery, answer: shapes.idOut }, async (req) => ok(await svc.deleteNotice(authOf(req), req.query.id)));

  defineRoute(app, rt.enrollmentRegistrations, { query: e.registrationQuery, answer: e.registrationPage }, async (req) => ok(await svc.registrations(authOf(req), req.query)));
  defineRoute(app, rt.enrollmentRegistrationsExport, { query: e.registrationExportQuery }, async (req, reply) => {
    const file = await svc.exportXlsx(authOf(req), req.query, req.lang);
    return reply.type(XLSX).header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').send(file.body);
  });
  defineRoute(app, rt.enrollmentRegistrationsGet, { params: idParams, answer: e.registrationDetail }, async (req) => ok(await svc.registration(authOf(req), req.params.id)));
  defineRoute(app, rt.enrollmentRegistrationsStatus, { body: e.registrationStatusBody, answer: shapes.enrollmentRegistrationsStatusAnswer }, async (req) => ok(await svc.setStatus(authOf(req), req.body)));
};

/** `h5/enrollment/*`: the parents' public form (rate limited per address). */
export const enrollmentH5Routes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = enrollmentPublicService(services.deps);
  defineRoute(app, rt.h5EnrollmentNotice, { query: e.publicNoticeQuery, answer: e.publicNotice }, async (req) => ok(await svc.notice(req.query.key, req.ip)));
  defineRoute(app, rt.h5EnrollmentRegister, { body: e.registerBody, answer: e.registered }, async (req) => ok(await svc.register(req.body)), {
    bodyLimit: 16 * 1024,
    onRequest: async (req) => svc.throttleRegistration(req.ip),
  });
};

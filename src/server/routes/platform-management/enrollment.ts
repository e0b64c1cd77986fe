import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as e from '../../../core/api/contracts/enrollment';
import { errorBody } from '../../../core/api/contracts/envelope';
import { idParams, idQuery } from '../../../core/api/contracts/paging';
import { authOf } from '../../plugins/request-context';
import { enrollmentPublicService } from '../../services/enrollment/enrollment-public-service';
import { enrollmentService } from '../../services/enrollment/enrollment-service';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: enrollment information (招生信息, /enrollment)'];
const with404 = <T extends z.ZodType>(data: T) => ({ ...responses(data), 404: errorBody, 409: errorBody });
const idOut = z.object({ id: z.number().int() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `enrollment/*`: notices and registrations for staff holding the `admissions` permission. */
export const enrollmentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = enrollmentService(services.deps);
  app.get('/enrollment/notices', {
    schema: { tags, summary: "The school's enrollment notices with registration counts per status", response: responses(z.array(e.notice)) },
  }, async (req) => ok(await svc.notices(authOf(req))));
  app.post('/enrollment/notices', {
    schema: { tags, summary: 'Write a notice (grades, places, registration window, requirements); publish at once or keep a draft', body: e.noticeBody, response: responses(idOut) },
  }, async (req) => ok(await svc.createNotice(authOf(req), req.body)));
  app.post('/enrollment/notices/:id', {
    schema: { tags, summary: 'Change a notice (grades parents already chose stay on offer)', params: idParams, body: e.noticeBody, response: with404(idOut) },
  }, async (req) => ok(await svc.updateNotice(authOf(req), req.params.id, req.body)));
  app.post('/enrollment/notices/status', {
    schema: { tags, summary: 'Publish or close a notice (closed: the form refuses new registrations)', body: e.noticeStatusBody, response: with404(z.object({ id: z.number().int(), status: z.string() })) },
  }, async (req) => ok(await svc.setNoticeStatus(authOf(req), req.body.id, req.body.status)));
  app.delete('/enrollment/notices', {
    schema: { tags, summary: 'Remove a notice without registrations', querystring: idQuery, response: with404(idOut) },
  }, async (req) => ok(await svc.deleteNotice(authOf(req), req.query.id)));

  app.get('/enrollment/registrations', {
    schema: { tags, summary: 'Registrations by notice, status and name/phone, newest first (phone and ID number masked)', querystring: e.registrationQuery, response: responses(e.registrationPage) },
  }, async (req) => ok(await svc.registrations(authOf(req), req.query)));
  app.get('/enrollment/registrations/export', {
    schema: { tags, summary: `The registrations with the list's filters as xlsx (${XLSX}); ID numbers masked`, querystring: e.registrationExportQuery },
  }, async (req, reply) => {
    const file = await svc.exportXlsx(authOf(req), req.query, req.lang);
    return reply.type(XLSX).header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').send(file.body);
  });
  app.get('/enrollment/registrations/:id', {
    schema: { tags, summary: 'One registration with its notice and the status history (phone whole for calling; ID number masked)', params: idParams, response: with404(e.registrationDetail) },
  }, async (req) => ok(await svc.registration(authOf(req), req.params.id)));
  app.post('/enrollment/registrations/status', {
    schema: { tags, summary: 'Move a registration: new, contacted, admitted (not past the places), declined; with a note kept in the history', body: e.registrationStatusBody, response: with404(z.object({ id: z.number().int(), status: z.enum(e.REGISTRATION_STATUSES) })) },
  }, async (req) => ok(await svc.setStatus(authOf(req), req.body)));
};

/** `h5/enrollment/*`: the parents' public form (rate limited per address). */
export const enrollmentH5Routes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = enrollmentPublicService(services.deps);
  const h5Tags = ['platform-management: enrollment form (public)'];
  app.get('/h5/enrollment/notice', {
    config: { public: true },
    schema: { tags: h5Tags, summary: 'A published notice by its key (from the QR code)', querystring: e.publicNoticeQuery, response: with404(e.publicNotice) },
  }, async (req) => ok(await svc.notice(req.query.key, req.ip)));
  app.post('/h5/enrollment/register', {
    config: { public: true },
    bodyLimit: 16 * 1024,
    onRequest: async (req) => svc.throttleRegistration(req.ip),
    schema: { tags: h5Tags, summary: "Register a child: inside the window, an offered grade, a valid ID number matching the birth date; the same ID number, or the same phone and child's name, is refused as a duplicate", body: e.registerBody, response: with404(e.registered) },
  }, async (req) => ok(await svc.register(req.body)));
};

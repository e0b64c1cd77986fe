import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as g from '../../../core/api/contracts/growth';
import { authOf } from '../../plugins/request-context';
import { growthService } from '../../services/growth-service';
import type { Services } from '../../services/services';
import { GzipJsonCache } from '../gzip-json-cache';
import { ok } from '../reply';
import { growth as rt } from '../../../core/api/routes/growth';
import { defineRoute } from '../define-route';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `studentGrowing/*` (product-rules.md#api): the class growth table, one student's profile and record, the xlsx export. */
export const growthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = growthService(services.deps);
  const gzipped = new GzipJsonCache();
  defineRoute(app, rt.studentGrowingPageList, { query: g.growthPageQuery, answer: g.growthPage }, async (req) => ok(await svc.page(authOf(req), req.query, req.lang)));
  defineRoute(app, rt.studentGrowingSingle, { query: g.growthSingleQuery, answer: g.growthProfile }, async (req, reply) => {
    const json = await svc.profileJson(authOf(req), req.query.studentId, req.query.semesterId, req.lang);
    return gzipped.send(req, reply, `${req.query.studentId}:${req.query.semesterId ?? ''}:${req.lang}`, json);
  }, {
    // The service answers the envelope as JSON (cached while the record is unchanged); the schema
    // documents it and tests/api/growth-records.test.ts checks answers against it.
    serializerCompiler: () => (data) => (typeof data === 'string' || Buffer.isBuffer(data) ? (data as string) : JSON.stringify(data)),
  });
  defineRoute(app, rt.studentGrowingExport, { query: g.growthExportQuery }, async (req, reply) => {
    const file = await svc.exportTable(authOf(req), req.query, req.lang);
    return reply.type(XLSX).header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').send(file.body);
  });
  defineRoute(app, rt.studentGrowing, { params: g.growthRecordParams, answer: g.growthRecord }, async (req) => ok(await svc.record(authOf(req), req.params.studentId, req.params.semesterId, req.lang)));
};

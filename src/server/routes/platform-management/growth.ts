import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as g from '../../../core/api/contracts/growth';
import { errorBody } from '../../../core/api/contracts/envelope';
import { authOf } from '../../plugins/request-context';
import { growthService } from '../../services/growth-service';
import type { Services } from '../../services/services';
import { GzipJsonCache } from '../gzip-json-cache';
import { ok, responses } from '../reply';

const tags = ['platform-management: student growth records'];
const with404 = <T extends z.ZodType>(data: T) => ({ ...responses(data), 404: errorBody });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `studentGrowing/*` (product-rules.md#api): the class growth table, one student's profile and record, the xlsx export. */
export const growthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = growthService(services.deps);
  const gzipped = new GzipJsonCache();
  app.get('/studentGrowing/pageList', {
    schema: { tags, summary: "Growth records of the semester's students the caller sees (a teacher: their classes; headmasters: the school), filtered by class, campus, grade and name/student id, sorted, paged; without semesterId the current semester", querystring: g.growthPageQuery, response: with404(g.growthPage) },
  }, async (req) => ok(await svc.page(authOf(req), req.query, req.lang)));
  app.get('/studentGrowing/single', {
    schema: { tags, summary: "One student's growth profile of a semester (default: the semester of the student's class): record, score trend per dimension, length by task, drafts and improvement, wrong-character book, good sentences, teacher comments", querystring: g.growthSingleQuery, response: with404(g.growthProfile) },
    // The service answers the envelope as JSON (cached while the record is unchanged); the schema
    // documents it and tests/api/growth-records.test.ts checks answers against it.
    serializerCompiler: () => (data) => (typeof data === 'string' || Buffer.isBuffer(data) ? (data as string) : JSON.stringify(data)),
  }, async (req, reply) => {
    const json = await svc.profileJson(authOf(req), req.query.studentId, req.query.semesterId, req.lang);
    return gzipped.send(req, reply, `${req.query.studentId}:${req.query.semesterId ?? ''}:${req.lang}`, json);
  });
  app.get('/studentGrowing/export', {
    schema: { tags, summary: `The growth table with the same filters and order as pageList, as xlsx (${XLSX})`, querystring: g.growthExportQuery },
  }, async (req, reply) => {
    const file = await svc.exportTable(authOf(req), req.query, req.lang);
    return reply.type(XLSX).header('content-disposition', file.contentDisposition).header('cache-control', 'no-store').send(file.body);
  });
  app.get('/studentGrowing/:studentId/:semesterId', {
    schema: { tags, summary: "One student's growth record of a semester (spec §3 fields); semesterId is id_year_term or the bare id", params: g.growthRecordParams, response: with404(g.growthRecord) },
  }, async (req) => ok(await svc.record(authOf(req), req.params.studentId, req.params.semesterId, req.lang)));
};

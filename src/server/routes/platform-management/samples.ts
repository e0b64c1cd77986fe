import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/samples';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { samples as rt } from '../../../core/api/routes/samples';
import * as shapes from '../../../core/api/contracts/shapes/samples';
import { defineRoute } from '../define-route';
/** The pupil a read names, when it gives both their id and their code. */
const pupilOf = (studentId: number | undefined, studentCode: string | undefined) => (studentId && studentCode ? { studentId, studentCode } : undefined);

/**
 * `samples/*` (the /excellentArticle pages) and `h5/samples*` (students and parents, class code).
 * Proposing, editing and publishing need class.edit on the essay's class; reading needs class.query
 * or headmaster.query and sees only what the sample's scope reaches (product-rules.md#states).
 */
export const sampleRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const s = services.samples;
  defineRoute(app, rt.samplesPropose, { body: c.proposeBody, answer: c.sampleSummary }, async (req) => ok(await s.propose(authOf(req), req.body, req.lang)));
  defineRoute(app, rt.samplesPreList, { answer: c.preList }, async (req) => ok(await s.preList(authOf(req), req.lang)));
  defineRoute(app, rt.samplesDetail, { query: c.sampleIdQuery, answer: c.sampleDetail }, async (req) => ok(await s.detail(authOf(req), req.query.id, req.lang)));
  defineRoute(app, rt.samplesSave, { body: c.saveSampleBody, answer: c.sampleDetail }, async (req) => ok(await s.save(authOf(req), req.body, req.lang)));
  defineRoute(app, rt.samplesPublish, { body: c.sampleIdBody, answer: c.sampleDetail }, async (req) => ok(await s.publish(authOf(req), req.body.id, req.lang)));
  defineRoute(app, rt.samplesUnpublish, { body: c.sampleIdBody, answer: c.sampleDetail }, async (req) => ok(await s.unpublish(authOf(req), req.body.id, req.lang)));
  defineRoute(app, rt.samplesWithdraw, { body: c.sampleIdBody, answer: shapes.samplesWithdrawAnswer }, async (req) => ok(await s.withdraw(authOf(req), req.body.id, req.lang)));
  defineRoute(app, rt.samplesCheck, { body: c.checkBody, answer: c.sampleDetail }, async (req) => ok(await s.check(authOf(req), req.body, req.lang)));
  defineRoute(app, rt.samplesList, { query: c.sampleListQuery, answer: c.sampleList }, async (req) => ok(await s.list(authOf(req), req.query, req.lang)));
  defineRoute(app, rt.samplesHome, { query: c.homeQuery, answer: c.sampleHome }, async (req) => ok(await s.home(authOf(req), req.query, req.lang)));
  defineRoute(app, rt.samplesLike, { body: c.sampleIdBody, answer: c.likeResult }, async (req) => ok(await s.like(authOf(req), req.body.id)));

  defineRoute(app, rt.h5Samples, { query: c.h5SamplesQuery, answer: c.h5SampleList }, async (req) => ok(await s.h5List(req.query.classCode, req.ip, req.lang)));
  defineRoute(app, rt.h5SamplesDetail, { query: c.h5SampleQuery, answer: c.sampleDetail }, async (req) => ok(await s.h5Detail(req.query.classCode, req.query.id, pupilOf(req.query.studentId, req.query.studentCode), req.ip, req.lang)));
  defineRoute(app, rt.h5SamplesLike, { body: c.h5LikeBody, answer: c.likeResult }, async (req) => ok(await s.h5Like(req.body.classCode, req.body.id, { studentId: req.body.studentId, studentCode: req.body.studentCode }, req.ip)), {
    // an id, a class code and a student code: a few hundred bytes
    bodyLimit: 4 * 1024,
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as c from '../../../core/api/contracts/samples';
import { errorBody } from '../../../core/api/contracts/envelope';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: excellent sample essays'];
const h5Tags = ['platform-management: excellent sample essays on H5 (public)'];
/** The pupil a read names, when it gives both their id and their code. */
const pupilOf = (studentId: number | undefined, studentCode: string | undefined) => (studentId && studentCode ? { studentId, studentCode } : undefined);
const refusals = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * `samples/*` (the /excellentArticle pages) and `h5/samples*` (students and parents, class code).
 * Proposing, editing and publishing need class.edit on the essay's class; reading needs class.query
 * or headmaster.query and sees only what the sample's scope reaches (product-rules.md#states).
 */
export const sampleRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const s = services.samples;
  app.post('/samples/propose', {
    schema: { tags, summary: 'Propose an approved essay as a sample (to be released); other essays 400 ESSAY_NOT_APPROVED, an essay already proposed 409', body: c.proposeBody, response: { ...responses(c.sampleSummary), ...refusals } },
  }, async (req) => ok(await s.propose(authOf(req), req.body, req.lang)));
  app.get('/samples/preList', {
    schema: { tags, summary: 'pre-list: samples to be released or awaiting review, and the AI’s suggestions (highest approved essays of recent tasks, with why)', response: responses(c.preList) },
  }, async (req) => ok(await s.preList(authOf(req), req.lang)));
  app.get('/samples/detail', {
    schema: { tags, summary: 'A sample the caller may see: essay text, highlights, pages, comments, evaluation', querystring: c.sampleIdQuery, response: { ...responses(c.sampleDetail), 404: errorBody } },
  }, async (req) => ok(await s.detail(authOf(req), req.query.id, req.lang)));
  app.post('/samples/save', {
    schema: { tags, summary: 'edit: title, cover, abstract, AI review, evaluation, scope (class/grade/campus), name shown, tags, highlights; only while to be released', body: c.saveSampleBody, response: { ...responses(c.sampleDetail), ...refusals } },
  }, async (req) => ok(await s.save(authOf(req), req.body, req.lang)));
  app.post('/samples/publish', {
    schema: { tags, summary: 'to be released → published (class, grade) or → awaiting review (campus)', body: c.sampleIdBody, response: { ...responses(c.sampleDetail), ...refusals } },
  }, async (req) => ok(await s.publish(authOf(req), req.body.id, req.lang)));
  app.post('/samples/unpublish', {
    schema: { tags, summary: 'published or awaiting review → to be released', body: c.sampleIdBody, response: { ...responses(c.sampleDetail), ...refusals } },
  }, async (req) => ok(await s.unpublish(authOf(req), req.body.id, req.lang)));
  app.post('/samples/withdraw', {
    schema: { tags, summary: 'Remove a proposal (not while published)', body: c.sampleIdBody, response: { ...responses(z.object({ id: z.number().int() })), ...refusals } },
  }, async (req) => ok(await s.withdraw(authOf(req), req.body.id, req.lang)));
  app.post('/samples/check', {
    schema: { tags, summary: 'exCheck: a headmaster of the campus or the class’s teacher confirms (→ published campus-wide) or sends back with a note', body: c.checkBody, response: { ...responses(c.sampleDetail), ...refusals } },
  }, async (req) => ok(await s.check(authOf(req), req.body, req.lang)));
  app.get('/samples/list', {
    schema: { tags, summary: 'list: search, grade, genre, theme, status, task, class, sort by date or likes, paging', querystring: c.sampleListQuery, response: responses(c.sampleList) },
  }, async (req) => ok(await s.list(authOf(req), req.query, req.lang)));
  app.get('/samples/home', {
    schema: { tags, summary: 'exceHome: featured and latest published samples, counts by grade and genre', querystring: c.homeQuery, response: responses(c.sampleHome) },
  }, async (req) => ok(await s.home(authOf(req), req.query, req.lang)));
  app.post('/samples/like', {
    schema: { tags, summary: 'Like a published sample once per reader (again = no change)', body: c.sampleIdBody, response: { ...responses(c.likeResult), 404: errorBody } },
  }, async (req) => ok(await s.like(authOf(req), req.body.id)));

  app.get('/h5/samples', {
    config: { public: true },
    schema: { tags: h5Tags, summary: 'Published samples whose scope reaches the class of the code', querystring: c.h5SamplesQuery, response: { ...responses(c.h5SampleList), 403: errorBody, 429: errorBody } },
  }, async (req) => ok(await s.h5List(req.query.classCode, req.ip, req.lang)));
  app.get('/h5/samples/detail', {
    config: { public: true },
    schema: { tags: h5Tags, summary: 'A published sample of the class: original pages and comments (404 before publication); with studentId and studentCode, whether that pupil liked it', querystring: c.h5SampleQuery, response: { ...responses(c.sampleDetail), 403: errorBody, 404: errorBody, 429: errorBody } },
  }, async (req) => ok(await s.h5Detail(req.query.classCode, req.query.id, pupilOf(req.query.studentId, req.query.studentCode), req.ip, req.lang)));
  app.post('/h5/samples/like', {
    config: { public: true },
    // an id, a class code and a student code: a few hundred bytes
    bodyLimit: 4 * 1024,
    schema: { tags: h5Tags, summary: 'Like once per pupil: their studentId and own student code (学生码), checked like the other H5 pupil pages; rate-limited per address and per pupil', body: c.h5LikeBody, response: { ...responses(c.likeResult), 400: errorBody, 403: errorBody, 404: errorBody, 429: errorBody } },
  }, async (req) => ok(await s.h5Like(req.body.classCode, req.body.id, { studentId: req.body.studentId, studentCode: req.body.studentCode }, req.ip)));
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as c from '../../../core/api/contracts/practice';
import { errorBody } from '../../../core/api/contracts/envelope';
import { idParams } from '../../../core/api/contracts/paging';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: practice and classroom composition'];
const refusals = { 404: errorBody, 409: errorBody };

/**
 * `practice/*`: practice homework (/practice, permission exercise) and the timed classroom writing
 * (/homework/situation/index, permission task). A teacher sees the classes they teach; other
 * schools' practices are 404. docs/practice.md.
 */
export const practiceRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const s = services.practice;
  app.get('/practice/list', {
    schema: { tags, summary: 'Practices (kind=practice) or classroom writings (kind=classroom) of the caller’s classes, newest first, with participation and the average of each participant’s best AI score', querystring: c.practiceListQuery, response: responses(c.practicePage) },
  }, async (req) => ok(await s.page(authOf(req), req.query)));
  app.post('/practice/add', {
    schema: { tags, summary: 'Set a practice (deadline) or a classroom writing (duration, startNow) for a class; prompt own or from the bank (sourceId), length target, optional focus', body: c.practiceAddBody, response: { ...responses(c.practiceSummary), ...refusals } },
  }, async (req) => ok(await s.add(authOf(req), req.body)));
  app.get('/practice/:id', {
    schema: { tags, summary: 'One practice with every student of the class and all their attempts (text or photos, AI feedback, teacher comment); poll it for live submissions', params: idParams, response: { ...responses(c.practiceDetail), ...refusals } },
  }, async (req) => ok(await s.detail(authOf(req), req.params.id, req.lang)));
  app.post('/practice/:id/comment', {
    schema: { tags, summary: 'The teacher’s comment on an attempt (empty removes it)', params: idParams, body: c.practiceCommentBody, response: { ...responses(z.object({ attemptId: z.number().int(), teacherComment: z.string(), commentedAt: z.string().nullable() })), ...refusals } },
  }, async (req) => ok(await s.comment(authOf(req), req.params.id, req.body.attemptId, req.body.comment)));
  app.post('/practice/:id/start', {
    schema: { tags, summary: 'Start a classroom writing now (ends after its duration); once', params: idParams, response: { ...responses(c.practiceSummary), ...refusals } },
  }, async (req) => ok(await s.start(authOf(req), req.params.id)));
  app.post('/practice/:id/end', {
    schema: { tags, summary: 'End a classroom writing or close a practice now: later submissions are refused', params: idParams, response: { ...responses(c.practiceSummary), ...refusals } },
  }, async (req) => ok(await s.end(authOf(req), req.params.id)));
  app.delete('/practice/:id', {
    schema: { tags, summary: 'Delete a practice (its attempts stay out of every list)', params: idParams, response: { ...responses(z.object({ deleted: z.number().int() })), ...refusals } },
  }, async (req) => ok(await s.remove(authOf(req), req.params.id)));
  app.get('/practice/growth', {
    schema: { tags, summary: 'A student’s practice series for the growth profile (kept apart from graded tasks): per practice the best AI score, words, attempts, focus met', querystring: c.practiceGrowthQuery, response: { ...responses(c.practiceGrowth), ...refusals } },
  }, async (req) => ok(await s.growth(authOf(req), req.query.studentId)));
};

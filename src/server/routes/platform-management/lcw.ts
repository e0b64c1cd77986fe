import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as l from '../../../core/api/contracts/lcw';
import { errorBody } from '../../../core/api/contracts/envelope';
import { idParams, idQuery } from '../../../core/api/contracts/paging';
import { authOf } from '../../plugins/request-context';
import { requireAny } from '../../services/access';
import { lcwService } from '../../services/lcw/lcw-service';
import { lcwH5Service } from '../../services/lcw/lcw-h5-service';
import type { Services } from '../../services/services';
import { badRequest } from '../../errors';
import { ok, responses } from '../reply';

const tags = ['platform-management: etiquette test (礼仪测试, /lcwAts)'];
const with404 = <T extends z.ZodType>(data: T) => ({ ...responses(data), 404: errorBody, 409: errorBody });
const idOut = z.object({ id: z.number().int() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `lcw/*`: the etiquette question bank (with xlsx import), tests for classes, results and marking. Needs the `lcw` permission. */
export const lcwRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = lcwService(services.deps);

  app.get('/lcw/classes', {
    schema: { tags, summary: 'Classes the caller may give a test to (a teacher: their own; others: the school)', response: responses(z.array(l.lcwClass)) },
  }, async (req) => ok(await svc.classes(authOf(req))));

  app.get('/lcw/questions', {
    schema: { tags, summary: "The school's etiquette question bank, by kind and keyword, paged", querystring: l.questionQuery, response: responses(l.questionPage) },
  }, async (req) => ok(await svc.questionPage(authOf(req), req.query)));
  app.post('/lcw/questions', {
    schema: { tags, summary: 'Add a question (single/multiple choice with 2–6 options, true/false, short answer)', body: l.questionBody, response: responses(idOut) },
  }, async (req) => ok(await svc.createQuestion(authOf(req), req.body)));
  app.post('/lcw/questions/:id', {
    schema: { tags, summary: 'Change a question (a teacher: only their own); tests keep the copy they were built with', params: idParams, body: l.questionBody, response: with404(idOut) },
  }, async (req) => ok(await svc.updateQuestion(authOf(req), req.params.id, req.body)));
  app.delete('/lcw/questions', {
    schema: { tags, summary: 'Remove a question from the bank (a teacher: only their own)', querystring: idQuery, response: with404(idOut) },
  }, async (req) => ok(await svc.deleteQuestion(authOf(req), req.query.id)));
  app.get('/lcw/questions/template', {
    schema: { tags, summary: `The import template with an example of each kind (${XLSX})` },
  }, async (req, reply) => {
    const body = await svc.template(authOf(req), req.lang);
    return reply.type(XLSX).header('content-disposition', `attachment; filename="lcw-questions.xlsx"`).send(body);
  });
  app.post('/lcw/questions/import', {
    bodyLimit: Math.ceil((l.LCW_IMPORT_MAX_BYTES * 4) / 3) + 16 * 1024,
    // Permission before the body is read.
    onRequest: async (req) => requireAny(authOf(req), ['lcw', 'import']),
    schema: { tags, summary: `Import questions from the xlsx template (Base64, ≤ ${l.LCW_IMPORT_MAX_BYTES / 1024} KB, ≤ ${l.LCW_IMPORT_MAX_ROWS} lines); good lines go in, refused lines come back with the reason`, body: l.importBody, response: responses(l.importResult) },
  }, async (req) => {
    const bytes = Buffer.from(req.body.contentBase64, 'base64');
    if (!/\.xlsx$/i.test(req.body.fileName)) throw badRequest('LCW_IMPORT_REFUSED', 'lcw.import.unreadable');
    return ok(await svc.importQuestions(authOf(req), bytes, req.lang));
  });

  app.get('/lcw/tests', {
    schema: { tags, summary: 'Tests the caller sees with participation, average and marking still to do, newest first', querystring: l.testQuery, response: responses(l.testPage) },
  }, async (req) => ok(await svc.testPage(authOf(req), req.query)));
  app.get('/lcw/tests/:id', {
    schema: { tags, summary: 'One test with its questions and right answers (staff only)', params: idParams, response: with404(l.testDetail) },
  }, async (req) => ok(await svc.testDetail(authOf(req), req.params.id)));
  app.post('/lcw/tests', {
    schema: { tags, summary: 'Build a test from bank questions for the caller’s classes; publish at once or keep a draft', body: l.testBody, response: with404(idOut) },
  }, async (req) => ok(await svc.createTest(authOf(req), req.body)));
  app.post('/lcw/tests/:id', {
    schema: { tags, summary: 'Change a draft test (a published one is fixed: 409)', params: idParams, body: l.testBody, response: with404(idOut) },
  }, async (req) => ok(await svc.updateTest(authOf(req), req.params.id, req.body)));
  app.post('/lcw/tests/:id/publish', {
    schema: { tags, summary: 'Publish a draft: the classes’ students see it on the phone', params: idParams, response: with404(idOut) },
  }, async (req) => ok(await svc.publishTest(authOf(req), req.params.id)));
  app.delete('/lcw/tests', {
    schema: { tags, summary: 'Remove a test nobody has answered yet', querystring: idQuery, response: with404(idOut) },
  }, async (req) => ok(await svc.deleteTest(authOf(req), req.query.id)));
  app.get('/lcw/tests/:id/results', {
    schema: { tags, summary: 'particularsLcw: per question score rate, difficulty and option picks; per student score or not submitted', params: idParams, response: with404(l.testResults) },
  }, async (req) => ok(await svc.results(authOf(req), req.params.id)));
  app.get('/lcw/submissions/:id', {
    schema: { tags, summary: "One student's answers with right answers, scores and the teacher's comments", params: idParams, response: with404(l.submissionDetail) },
  }, async (req) => ok(await svc.submission(authOf(req), req.params.id)));
  app.get('/lcw/marking', {
    schema: { tags, summary: 'examineLcw: short answers of a test (onlyPending=1: those not marked yet)', querystring: l.markingQuery, response: with404(z.array(l.markingItem)) },
  }, async (req) => ok(await svc.marking(authOf(req), req.query.testId, req.query.onlyPending === 1)));
  app.post('/lcw/marking', {
    schema: { tags, summary: "Mark a short answer (0 to the question's points, with a comment); the submission's score follows", body: l.markBody, response: with404(z.object({ submissionId: z.number().int(), score: z.number().int(), pending: z.number().int() })) },
  }, async (req) => ok(await svc.mark(authOf(req), req.body)));
};

/** `h5/lcw/*`: the students' phone pages (public: class code, then the student's own code). */
export const lcwH5Routes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = lcwH5Service(services.deps);
  const h5Tags = ['platform-management: etiquette test on the phone (public)'];
  app.post('/h5/lcw/class', {
    config: { public: true },
    schema: { tags: h5Tags, summary: "The class's started tests and its students' names (class code from the login QR with lcwProgram=1)", body: l.h5LcwClassBody, response: responses(l.h5LcwClass) },
  }, async (req) => ok(await svc.classInfo(req.body.classCode, req.ip)));
  app.post('/h5/lcw/test', {
    config: { public: true },
    schema: { tags: h5Tags, summary: "A test's questions (no answers) and the student's own submission; right answers after the deadline", body: l.h5LcwTestBody, response: with404(l.h5LcwTest) },
  }, async (req) => ok(await svc.test(req.body, req.body.testId, req.ip)));
  app.post('/h5/lcw/submit', {
    config: { public: true },
    // Answers are choices and short texts: 64 kB is far beyond a real test, and far below the default.
    bodyLimit: 64 * 1024,
    schema: { tags: h5Tags, summary: 'Send the answers once, before the deadline; scored on the server (short answers wait for the teacher)', body: l.h5LcwSubmitBody, response: with404(z.object({ score: z.number().int(), pending: z.number().int(), totalPoints: z.number().int() })) },
  }, async (req) => ok(await svc.submit(req.body, req.body.testId, req.body.answers, req.ip)));
};

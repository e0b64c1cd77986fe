import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as l from '../../../core/api/contracts/lcw';
import { idParams, idQuery } from '../../../core/api/contracts/paging';
import { authOf } from '../../plugins/request-context';
import { requireAny } from '../../services/access';
import { lcwService } from '../../services/lcw/lcw-service';
import { lcwH5Service } from '../../services/lcw/lcw-h5-service';
import type { Services } from '../../services/services';
import { badRequest } from '../../errors';
import { ok } from '../reply';
import { lcw as rt } from '../../../core/api/routes/lcw';
import * as shapes from '../../../core/api/contracts/shapes/lcw';
import { defineRoute } from '../define-route';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `lcw/*`: the etiquette question bank (with xlsx import), tests for classes, results and marking. Needs the `lcw` permission. */
export const lcwRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = lcwService(services.deps);

  defineRoute(app, rt.lcwClasses, { answer: shapes.lcwClassesAnswer }, async (req) => ok(await svc.classes(authOf(req))));

  defineRoute(app, rt.lcwQuestions, { query: l.questionQuery, answer: l.questionPage }, async (req) => ok(await svc.questionPage(authOf(req), req.query)));
  defineRoute(app, rt.lcwQuestionsPost, { body: l.questionBody, answer: shapes.idOut }, async (req) => ok(await svc.createQuestion(authOf(req), req.body)));
  defineRoute(app, rt.lcwQuestionsPostById, { params: idParams, body: l.questionBody, answer: shapes.idOut }, async (req) => ok(await svc.updateQuestion(authOf(req), req.params.id, req.body)));
  defineRoute(app, rt.lcwQuestionsDelete, { query: idQuery, answer: shapes.idOut }, async (req) => ok(await svc.deleteQuestion(authOf(req), req.query.id)));
  defineRoute(app, rt.lcwQuestionsTemplate, {  }, async (req, reply) => {
    const body = await svc.template(authOf(req), req.lang);
    return reply.type(XLSX).header('content-disposition', `attachment; filename="lcw-questions.xlsx"`).send(body);
  });
  defineRoute(app, rt.lcwQuestionsImport, { body: l.importBody, answer: l.importResult }, async (req) => {
    const bytes = Buffer.from(req.body.contentBase64, 'base64');
    if (!/\.xlsx$/i.test(req.body.fileName)) throw badRequest('LCW_IMPORT_REFUSED', 'lcw.import.unreadable');
    return ok(await svc.importQuestions(authOf(req), bytes, req.lang));
  }, {
    bodyLimit: Math.ceil((l.LCW_IMPORT_MAX_BYTES * 4) / 3) + 16 * 1024,
    // Permission before the body is read.
    onRequest: async (req) => requireAny(authOf(req), ['lcw', 'import']),
  });

  defineRoute(app, rt.lcwTests, { query: l.testQuery, answer: l.testPage }, async (req) => ok(await svc.testPage(authOf(req), req.query)));
  defineRoute(app, rt.lcwTestsGet, { params: idParams, answer: l.testDetail }, async (req) => ok(await svc.testDetail(authOf(req), req.params.id)));
  defineRoute(app, rt.lcwTestsPost, { body: l.testBody, answer: shapes.idOut }, async (req) => ok(await svc.createTest(authOf(req), req.body)));
  defineRoute(app, rt.lcwTestsPostById, { params: idParams, body: l.testBody, answer: shapes.idOut }, async (req) => ok(await svc.updateTest(authOf(req), req.params.id, req.body)));
  defineRoute(app, rt.lcwTestsPublish, { params: idParams, answer: shapes.idOut }, async (req) => ok(await svc.publishTest(authOf(req), req.params.id)));
  defineRoute(app, rt.lcwTestsDelete, { query: idQuery, answer: shapes.idOut }, async (req) => ok(await svc.deleteTest(authOf(req), req.query.id)));
  defineRoute(app, rt.lcwTestsResults, { params: idParams, answer: l.testResults }, async (req) => ok(await svc.results(authOf(req), req.params.id)));
  defineRoute(app, rt.lcwSubmissions, { params: idParams, answer: l.submissionDetail }, async (req) => ok(await svc.submission(authOf(req), req.params.id)));
  defineRoute(app, rt.lcwMarking, { query: l.markingQuery, answer: shapes.lcwMarkingAnswer }, async (req) => ok(await svc.marking(authOf(req), req.query.testId, req.query.onlyPending === 1)));
  defineRoute(app, rt.lcwMarkingPost, { body: l.markBody, answer: shapes.lcwMarkingPostAnswer }, async (req) => ok(await svc.mark(authOf(req), req.body)));
};

/** `h5/lcw/*`: the students' phone pages (public: class code, then the student's own code). */
export const lcwH5Routes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = lcwH5Service(services.deps);
  defineRoute(app, rt.h5LcwClass, { body: l.h5LcwClassBody, answer: l.h5LcwClass }, async (req) => ok(await svc.classInfo(req.body.classCode, req.ip)));
  defineRoute(app, rt.h5LcwTest, { body: l.h5LcwTestBody, answer: l.h5LcwTest }, async (req) => ok(await svc.test(req.body, req.body.testId, req.ip)));
  defineRoute(app, rt.h5LcwSubmit, { body: l.h5LcwSubmitBody, answer: shapes.h5LcwSubmitAnswer }, async (req) => ok(await svc.submit(req.body, req.body.testId, req.body.answers, req.ip)), {
    // Answers are choices and short texts: 64 kB is far beyond a real test, and far below the default.
    bodyLimit: 64 * 1024,
  });
};

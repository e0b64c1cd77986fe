import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as p from '../../../core/api/contracts/prompt-bank';
import { idQuery, idParams } from '../../../core/api/contracts/paging';
import { authOf } from '../../plugins/request-context';
import { promptBankRepo } from '../../repositories/prompt-bank';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { promptBank as rt } from '../../../core/api/routes/prompt-bank';
import * as shapes from '../../../core/api/contracts/shapes/prompt-bank';
import { defineRoute } from '../define-route';

/** `writingSource/*` (public prompts) and `teacherWritingSource/*` (the caller's own). */
export const promptBankRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const db = services.deps.db;
  const bank = services.promptBank;
  defineRoute(app, rt.writingSourcePageSource, { query: p.sourcePageQuery, answer: shapes.writingSourcePageSourceAnswer }, async (req) => {
    authOf(req);
    const { pageNum, pageSize, ...f } = req.query;
    return ok(await bank.page(null, f, pageNum, pageSize));
  });
  defineRoute(app, rt.writingSourceThemes, { query: p.themesQuery, answer: shapes.writingSourceThemesAnswer }, async (req) => {
    authOf(req);
    return ok(await promptBankRepo.distinct(db, 'theme', req.query));
  });
  defineRoute(app, rt.writingSourceTopics, { query: p.topicsQuery, answer: shapes.writingSourceTopicsAnswer }, async (req) => {
    authOf(req);
    return ok(await promptBankRepo.distinct(db, 'topic', req.query));
  });
  defineRoute(app, rt.writingSourceTypes, { answer: shapes.writingSourceTypesAnswer }, async (req) => {
    authOf(req);
    return ok(await bank.types(req.lang));
  });
  defineRoute(app, rt.writingSourceUnits, { query: p.unitsQuery, answer: shapes.writingSourceUnitsAnswer }, async (req) => {
    authOf(req);
    return ok(await promptBankRepo.units(db, req.query.grade, req.query.term));
  });
  defineRoute(app, rt.writingSourceGetSource, { query: idQuery, answer: p.writingSource }, async (req) => {
    authOf(req);
    return ok(await bank.getPublic(req.query.id));
  });

  defineRoute(app, rt.teacherWritingSourcePageSource, { query: p.sourcePageQuery, answer: shapes.teacherWritingSourcePageSourceAnswer }, async (req) => {
    const { pageNum, pageSize, ...f } = req.query;
    return ok(await bank.page(authOf(req).identity.id, f, pageNum, pageSize));
  });
  defineRoute(app, rt.teacherWritingSourceToPersonal, { query: idQuery, answer: p.writingSource }, async (req) => ok(await bank.toPersonal(authOf(req), req.query.id)));
  defineRoute(app, rt.teacherWritingSourceGetSource, { query: idQuery, answer: p.writingSource }, async (req) => ok(await bank.getMine(authOf(req), req.query.id)));
  defineRoute(app, rt.teacherWritingSourceSaveSource, { body: p.sourceBody, answer: p.writingSource }, async (req) => ok(await bank.save(authOf(req), req.body)));
  defineRoute(app, rt.teacherWritingSourceDeleteSource, { params: idParams, answer: shapes.teacherWritingSourceDeleteSourceAnswer }, async (req) => ok(await bank.remove(authOf(req), req.params.id)));
};

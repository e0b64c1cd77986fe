import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as p from '../../../core/api/contracts/prompt-bank';
import { paged, idQuery, idParams } from '../../../core/api/contracts/paging';
import { authOf } from '../../plugins/request-context';
import { promptBankRepo } from '../../repositories/prompt-bank';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: prompt bank'];

/** `writingSource/*` (public prompts) and `teacherWritingSource/*` (the caller's own). */
export const promptBankRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const db = services.deps.db;
  const bank = services.promptBank;
  app.get('/writingSource/pageSource', {
    schema: { tags, summary: 'Public prompts, paged, filtered by grade, unit, term, genre, theme, topic or keyword', querystring: p.sourcePageQuery, response: responses(paged(p.writingSource)) },
  }, async (req) => {
    authOf(req);
    const { pageNum, pageSize, ...f } = req.query;
    return ok(await bank.page(null, f, pageNum, pageSize));
  });
  app.get('/writingSource/themes', {
    schema: { tags, summary: 'Themes of the public prompts', querystring: p.themesQuery, response: responses(z.array(z.string())) },
  }, async (req) => {
    authOf(req);
    return ok(await promptBankRepo.distinct(db, 'theme', req.query));
  });
  app.get('/writingSource/topics', {
    schema: { tags, summary: 'Topics of the public prompts (optionally of one theme)', querystring: p.topicsQuery, response: responses(z.array(z.string())) },
  }, async (req) => {
    authOf(req);
    return ok(await promptBankRepo.distinct(db, 'topic', req.query));
  });
  app.get('/writingSource/types', {
    schema: { tags, summary: 'Genres with the number of public prompts in each', response: responses(z.array(p.typeItem)) },
  }, async (req) => {
    authOf(req);
    return ok(await bank.types(req.lang));
  });
  app.get('/writingSource/units', {
    schema: { tags, summary: 'Units of a grade that have prompts (grade → unit → topic cascade)', querystring: p.unitsQuery, response: responses(z.array(z.number().int())) },
  }, async (req) => {
    authOf(req);
    return ok(await promptBankRepo.units(db, req.query.grade, req.query.term));
  });
  app.get('/writingSource/getSource', {
    schema: { tags, summary: 'One public prompt', querystring: idQuery, response: responses(p.writingSource) },
  }, async (req) => {
    authOf(req);
    return ok(await bank.getPublic(req.query.id));
  });

  app.get('/teacherWritingSource/pageSource', {
    schema: { tags, summary: 'The caller’s own prompts, paged', querystring: p.sourcePageQuery, response: responses(paged(p.writingSource)) },
  }, async (req) => {
    const { pageNum, pageSize, ...f } = req.query;
    return ok(await bank.page(authOf(req).identity.id, f, pageNum, pageSize));
  });
  app.get('/teacherWritingSource/toPersonal', {
    schema: { tags, summary: 'Copy a public prompt into the caller’s own bank', querystring: idQuery, response: responses(p.writingSource) },
  }, async (req) => ok(await bank.toPersonal(authOf(req), req.query.id)));
  app.get('/teacherWritingSource/getSource', {
    schema: { tags, summary: 'One of the caller’s own prompts', querystring: idQuery, response: responses(p.writingSource) },
  }, async (req) => ok(await bank.getMine(authOf(req), req.query.id)));
  app.post('/teacherWritingSource/saveSource', {
    schema: { tags, summary: 'Create (no id) or update (id) one of the caller’s prompts', body: p.sourceBody, response: responses(p.writingSource) },
  }, async (req) => ok(await bank.save(authOf(req), req.body)));
  app.delete('/teacherWritingSource/deleteSource/:id', {
    schema: { tags, summary: 'Delete one of the caller’s prompts', params: idParams, response: responses(z.object({ deleted: z.number().int() })) },
  }, async (req) => ok(await bank.remove(authOf(req), req.params.id)));
};

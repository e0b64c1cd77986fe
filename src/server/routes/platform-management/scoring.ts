import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as s from '../../../core/api/contracts/scoring';
import { idQuery } from '../../../core/api/contracts/paging';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: scoring standards'];

/** `mScoringLevel/*` and `mTeacherScoreConfig/*`. */
export const scoringRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const scoring = services.scoring;
  app.get('/mScoringLevel/list', {
    schema: { tags, summary: 'Scoring standards: the default ones, the school’s and the caller’s own', response: responses(z.array(s.scoringLevel)) },
  }, async (req) => ok(await scoring.list(authOf(req))));
  app.get('/mScoringLevel/get', {
    schema: { tags, summary: 'One scoring standard', querystring: idQuery, response: responses(s.scoringLevel) },
  }, async (req) => ok(await scoring.get(authOf(req), req.query.id)));
  app.post('/mScoringLevel/add', {
    schema: { tags, summary: 'Create a scoring standard (types 1, 2, 4: 4 to 8 dimensions; type 3: one option)', body: s.scoringLevelBody, response: responses(s.scoringLevel) },
  }, async (req) => ok(await scoring.add(authOf(req), req.body, req.lang)));
  app.post('/mScoringLevel/upl', {
    schema: { tags, summary: 'Update one of the caller’s scoring standards', body: s.scoringLevelUpdateBody, response: responses(s.scoringLevel) },
  }, async (req) => ok(await scoring.update(authOf(req), req.body)));

  app.get('/mTeacherScoreConfig/list', {
    schema: { tags, summary: 'Score configuration of every campus of the school (optionally one key)', querystring: s.scoreConfigListQuery, response: responses(z.array(s.scoreConfig)) },
  }, async (req) => ok(await scoring.configs(authOf(req), { key: req.query.key })));
  app.get('/mTeacherScoreConfig/get', {
    schema: { tags, summary: 'Score configuration of one campus (compusId or campusId)', querystring: s.scoreConfigGetQuery, response: responses(z.array(s.scoreConfig)) },
  }, async (req) => ok(await scoring.configs(authOf(req), { key: req.query.key, campusId: req.query.compusId ?? req.query.campusId })));
  app.post('/mTeacherScoreConfig/saveOrUpdate', {
    schema: { tags, summary: 'Save the scoring standard and full mark of a campus and key', body: s.scoreConfigBody, response: responses(s.scoreConfig) },
  }, async (req) => ok(await scoring.saveConfig(authOf(req), req.body)));
};

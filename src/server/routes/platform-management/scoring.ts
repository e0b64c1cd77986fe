import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as s from '../../../core/api/contracts/scoring';
import { idQuery } from '../../../core/api/contracts/paging';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { scoring as rt } from '../../../core/api/routes/scoring';
import * as shapes from '../../../core/api/contracts/shapes/scoring';
import { defineRoute } from '../define-route';

/** `mScoringLevel/*` and `mTeacherScoreConfig/*`. */
export const scoringRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const scoring = services.scoring;
  defineRoute(app, rt.mScoringLevelList, { answer: shapes.mScoringLevelListAnswer }, async (req) => ok(await scoring.list(authOf(req))));
  defineRoute(app, rt.mScoringLevelGet, { query: idQuery, answer: s.scoringLevel }, async (req) => ok(await scoring.get(authOf(req), req.query.id)));
  defineRoute(app, rt.mScoringLevelAdd, { body: s.scoringLevelBody, answer: s.scoringLevel }, async (req) => ok(await scoring.add(authOf(req), req.body, req.lang)));
  defineRoute(app, rt.mScoringLevelUpl, { body: s.scoringLevelUpdateBody, answer: s.scoringLevel }, async (req) => ok(await scoring.update(authOf(req), req.body)));

  defineRoute(app, rt.mTeacherScoreConfigList, { query: s.scoreConfigListQuery, answer: shapes.mTeacherScoreConfigListAnswer }, async (req) => ok(await scoring.configs(authOf(req), { key: req.query.key })));
  defineRoute(app, rt.mTeacherScoreConfigGet, { query: s.scoreConfigGetQuery, answer: shapes.mTeacherScoreConfigGetAnswer }, async (req) => ok(await scoring.configs(authOf(req), { key: req.query.key, campusId: req.query.compusId ?? req.query.campusId })));
  defineRoute(app, rt.mTeacherScoreConfigSaveOrUpdate, { body: s.scoreConfigBody, answer: s.scoreConfig }, async (req) => ok(await scoring.saveConfig(authOf(req), req.body)));
};

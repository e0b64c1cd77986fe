import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/platform';
import { authOf } from '../../plugins/request-context';
import { autoCorrectionSettingsRepo } from '../../repositories/auto-correction-settings';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { autoCorrection as rt } from '../../../core/api/routes/auto-correction';
import { defineRoute } from '../define-route';
const DEFAULTS = { enabled: true, manual: 0, waitSeconds: 60 };
const view = (row: { enabled: boolean; manual: number; waitSeconds: number }) => ({ enabled: row.enabled, manual: row.manual, waitMinute: row.waitSeconds });

/** `writingAutoCorrectionConfig/*`: how long after upload the AI review starts, per teacher identity. */
export const autoCorrectionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const db = services.deps.db;
  defineRoute(app, rt.getInfo, { answer: c.autoCorrectionConfig }, async (req) => ok(view((await autoCorrectionSettingsRepo.get(db, authOf(req).identity.id)) ?? DEFAULTS)));

  defineRoute(app, rt.updateStatus, { body: c.autoCorrectionStatusBody, answer: c.autoCorrectionConfig }, async (req) => ok(view(await autoCorrectionSettingsRepo.upsert(db, authOf(req).identity.id, { enabled: req.body.enabled }))));

  defineRoute(app, rt.updateConfig, { params: c.autoCorrectionConfigParams, answer: c.autoCorrectionConfig }, async (req) => ok(view(await autoCorrectionSettingsRepo.upsert(db, authOf(req).identity.id, { waitSeconds: req.params.minute, manual: req.params.manual }))));
};

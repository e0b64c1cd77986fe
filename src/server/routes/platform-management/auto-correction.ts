import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/platform';
import { authOf } from '../../plugins/request-context';
import { autoCorrectionSettingsRepo } from '../../repositories/auto-correction-settings';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: AI review setting'];
const DEFAULTS = { enabled: true, manual: 0, waitSeconds: 60 };
const view = (row: { enabled: boolean; manual: number; waitSeconds: number }) => ({ enabled: row.enabled, manual: row.manual, waitMinute: row.waitSeconds });

/** `writingAutoCorrectionConfig/*`: how long after upload the AI review starts, per teacher identity. */
export const autoCorrectionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const db = services.deps.db;
  app.get('/writingAutoCorrectionConfig/getInfo', {
    schema: { tags, summary: 'The AI review delay of the current identity (waitMinute holds seconds)', response: responses(c.autoCorrectionConfig) },
  }, async (req) => ok(view((await autoCorrectionSettingsRepo.get(db, authOf(req).identity.id)) ?? DEFAULTS)));

  app.post('/writingAutoCorrectionConfig/updateStatus', {
    schema: { tags, summary: 'Turn automatic AI review on or off', body: c.autoCorrectionStatusBody, response: responses(c.autoCorrectionConfig) },
  }, async (req) => ok(view(await autoCorrectionSettingsRepo.upsert(db, authOf(req).identity.id, { enabled: req.body.enabled }))));

  app.post('/writingAutoCorrectionConfig/updateConfig/:minute/:manual', {
    schema: { tags, summary: 'Set the delay in seconds (presets 60/180/300 with manual 0, custom ≥ 1 with manual 1)', params: c.autoCorrectionConfigParams, response: responses(c.autoCorrectionConfig) },
  }, async (req) => ok(view(await autoCorrectionSettingsRepo.upsert(db, authOf(req).identity.id, { waitSeconds: req.params.minute, manual: req.params.manual }))));
};

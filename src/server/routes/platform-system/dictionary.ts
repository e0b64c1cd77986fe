import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as c from '../../../core/api/contracts/platform';
import { dictionaryRepo } from '../../repositories/dictionary';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-system: dictionary'];

/**
 * `/platform-system/api/dictDetail[/map]`: shared code lists (grades, genres, semesters...). Not served to an
 * expired school: the /expired page needs none of them (product-rules.md#states, default deny).
 */
export const dictionaryRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const db = services.deps.db;
  app.get('/api/dictDetail', {
    schema: { tags, summary: 'Items of one dictionary', querystring: c.dictQuery, response: responses(z.array(c.dictItem)) },
  }, async (req) => ok(await dictionaryRepo.list(db, req.query.dictName, req.lang)));

  app.get('/api/dictDetail/map', {
    schema: { tags, summary: 'Items of several dictionaries (comma-separated names), keyed by name', querystring: c.dictMapQuery, response: responses(z.record(z.string(), z.array(c.dictItem))) },
  }, async (req) => {
    const names = [...new Set(req.query.dictName.split(',').map((n) => n.trim()).filter(Boolean))];
    const rows = await dictionaryRepo.listMany(db, names, req.lang);
    const map: Record<string, { label: string; value: string; sort: number }[]> = Object.fromEntries(names.map((n) => [n, []]));
    for (const { dictName, ...item } of rows) map[dictName]?.push(item);
    return ok(map);
  });
};

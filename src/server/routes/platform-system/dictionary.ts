import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/platform';
import { dictionaryRepo } from '../../repositories/dictionary';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { dictionary as rt } from '../../../core/api/routes/dictionary';
import * as shapes from '../../../core/api/contracts/shapes/dictionary';
import { defineRoute } from '../define-route';

/**
 * `/platform-system/api/dictDetail[/map]`: shared code lists (grades, genres, semesters...). Not served to an
 * expired school: the /expired page needs none of them (product-rules.md#states, default deny).
 */
export const dictionaryRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const db = services.deps.db;
  defineRoute(app, rt.dictDetail, { query: c.dictQuery, answer: shapes.dictDetailAnswer }, async (req) => ok(await dictionaryRepo.list(db, req.query.dictName, req.lang)));

  defineRoute(app, rt.dictDetailMap, { query: c.dictMapQuery, answer: shapes.dictDetailMapAnswer }, async (req) => {
    const names = [...new Set(req.query.dictName.split(',').map((n) => n.trim()).filter(Boolean))];
    const rows = await dictionaryRepo.listMany(db, names, req.lang);
    const map: Record<string, { label: string; value: string; sort: number }[]> = Object.fromEntries(names.map((n) => [n, []]));
    for (const { dictName, ...item } of rows) map[dictName]?.push(item);
    return ok(map);
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as e from '../../../core/api/contracts/essays';
import { idQuery } from '../../../core/api/contracts/paging';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { writings as rt } from '../../../core/api/routes/writings';
import * as shapes from '../../../core/api/contracts/shapes/writings';
import { defineRoute } from '../define-route';

/** `writings/*`: the class essay list, single upload and page edits (/homework/writingUploadInfo). */
export const writingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const essays = services.essays;
  defineRoute(app, rt.list, { query: e.writingListQuery, answer: e.writingList }, async (req) => ok(await essays.list(authOf(req), req.query.taskId, req.query.classId)));
  defineRoute(app, rt.get, { query: idQuery, answer: e.essay }, async (req) => ok(await essays.get(authOf(req), req.query.id)));
  defineRoute(app, rt.saveSingle, { body: e.saveSingleBody, answer: e.essay }, async (req) => ok(await essays.saveSingle(authOf(req), req.body)));
  defineRoute(app, rt.pagesAdd, { body: e.addPagesBody, answer: e.essay }, async (req) => ok(await essays.addPages(authOf(req), req.body.essayId, req.body.fileIds)));
  defineRoute(app, rt.pagesReorder, { body: e.reorderPagesBody, answer: e.essay }, async (req) => ok(await essays.reorder(authOf(req), req.body.essayId, req.body.pageIds)));
  defineRoute(app, rt.pagesRotate, { body: e.rotatePageBody, answer: e.essay }, async (req) => ok(await essays.rotate(authOf(req), req.body.pageId, req.body.degrees)));
  defineRoute(app, rt.pagesReplace, { body: e.replacePageBody, answer: e.essay }, async (req) => ok(await essays.replace(authOf(req), req.body.pageId, req.body.fileId)));
  defineRoute(app, rt.pagesDel, { query: idQuery, answer: e.essay }, async (req) => ok(await essays.deletePage(authOf(req), req.query.id)));
  defineRoute(app, rt.del, { query: idQuery, answer: shapes.delAnswer }, async (req) => ok(await essays.remove(authOf(req), req.query.id)));
};

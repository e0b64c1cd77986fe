import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as e from '../../../core/api/contracts/essays';
import { idQuery } from '../../../core/api/contracts/paging';
import { errorBody } from '../../../core/api/contracts/envelope';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: essays (intake)'];
const withConflict = <T extends z.ZodType>(data: T) => ({ ...responses(data), 404: errorBody, 409: errorBody });

/** `writings/*`: the class essay list, single upload and page edits (/homework/writingUploadInfo). */
export const writingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const essays = services.essays;
  app.get('/writings/list', {
    schema: { tags, summary: 'Students of a class × their essays for a task, with status labels, counts and unmatched batch images', querystring: e.writingListQuery, response: responses(e.writingList) },
  }, async (req) => ok(await essays.list(authOf(req), req.query.taskId, req.query.classId)));
  app.get('/writings/get', {
    schema: { tags, summary: 'One essay with its pages (signed image links)', querystring: idQuery, response: withConflict(e.essay) },
  }, async (req) => ok(await essays.get(authOf(req), req.query.id)));
  app.post('/writings/saveSingle', {
    schema: { tags, summary: 'Single upload: one student, one draft (0, 1, 2), pages as file ids in order; a repeat replaces the pages of the draft unless approved', body: e.saveSingleBody, response: withConflict(e.essay) },
  }, async (req) => ok(await essays.saveSingle(authOf(req), req.body)));
  app.post('/writings/pages/add', {
    schema: { tags, summary: 'Append pages (file ids) to an essay', body: e.addPagesBody, response: withConflict(e.essay) },
  }, async (req) => ok(await essays.addPages(authOf(req), req.body.essayId, req.body.fileIds)));
  app.post('/writings/pages/reorder', {
    schema: { tags, summary: 'New page order: every page id of the essay, in order', body: e.reorderPagesBody, response: withConflict(e.essay) },
  }, async (req) => ok(await essays.reorder(authOf(req), req.body.essayId, req.body.pageIds)));
  app.post('/writings/pages/rotate', {
    schema: { tags, summary: 'Turn a page clockwise on the server (90, 180, 270 or -90); too large → 图片像素过大无法旋转…', body: e.rotatePageBody, response: withConflict(e.essay) },
  }, async (req) => ok(await essays.rotate(authOf(req), req.body.pageId, req.body.degrees)));
  app.post('/writings/pages/replace', {
    schema: { tags, summary: 'Replace the image of a page with another uploaded file', body: e.replacePageBody, response: withConflict(e.essay) },
  }, async (req) => ok(await essays.replace(authOf(req), req.body.pageId, req.body.fileId)));
  app.delete('/writings/pages/del', {
    schema: { tags, summary: 'Delete a page (not the last one)', querystring: idQuery, response: withConflict(e.essay) },
  }, async (req) => ok(await essays.deletePage(authOf(req), req.query.id)));
  app.delete('/writings/del', {
    schema: { tags, summary: 'Delete an essay (not an approved one)', querystring: idQuery, response: withConflict(z.object({ deleted: z.number().int() })) },
  }, async (req) => ok(await essays.remove(authOf(req), req.query.id)));
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as t from '../../../core/api/contracts/tasks';
import { paged, idQuery } from '../../../core/api/contracts/paging';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: essay tasks'];

/** `tasks/*`: the task board, assign/modify, delete, statistics; `h5/class`: the students' join page. */
export const taskRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tasks = services.tasks;
  app.get('/tasks/list', {
    schema: { tags, summary: 'Essay tasks the caller sees (a teacher: their classes’ and their own), newest release first, with status counts', querystring: t.taskListQuery, response: responses(paged(t.task)) },
  }, async (req) => ok(await tasks.page(authOf(req), req.query)));
  app.post('/tasks/add', {
    schema: { tags, summary: 'Assign an essay task to classes (scheduled = released by the background job at releaseAt)', body: t.taskBody, response: responses(t.task) },
  }, async (req) => ok(await tasks.add(authOf(req), req.body)));
  app.get('/tasks/get', {
    schema: { tags, summary: 'One essay task', querystring: idQuery, response: responses(t.task) },
  }, async (req) => ok(await tasks.get(authOf(req), req.query.id)));
  app.post('/tasks/upl', {
    schema: { tags, summary: 'Modify an essay task (changed requirements apply only to essays uploaded afterwards)', body: t.taskUpdateBody, response: responses(t.task) },
  }, async (req) => ok(await tasks.update(authOf(req), req.body.id, req.body)));
  app.delete('/tasks/del', {
    schema: { tags, summary: 'Delete an essay task', querystring: idQuery, response: responses(z.object({ deleted: z.number().int() })) },
  }, async (req) => ok(await tasks.remove(authOf(req), req.query.id)));
  app.get('/tasks/statistics', {
    schema: { tags, summary: 'Submission, AI review and approval counts of a task, per class and in total', querystring: idQuery, response: responses(t.taskStatistics) },
  }, async (req) => ok(await tasks.statistics(authOf(req), req.query.id)));

  app.get('/h5/class', {
    config: { public: true },
    schema: { tags, summary: 'H5 student join page: the class behind a class code and its released tasks (scheduled ones stay hidden)', querystring: t.h5ClassQuery, response: responses(t.h5Class) },
  }, async (req) => ok(await tasks.h5Class(req.query.code, req.ip)));
};

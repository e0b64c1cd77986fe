import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as t from '../../../core/api/contracts/tasks';
import { idQuery } from '../../../core/api/contracts/paging';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { tasks as rt } from '../../../core/api/routes/tasks';
import * as shapes from '../../../core/api/contracts/shapes/tasks';
import { defineRoute } from '../define-route';

/** `tasks/*`: the task board, assign/modify, delete, statistics; `h5/class`: the students' join page. */
export const taskRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tasks = services.tasks;
  defineRoute(app, rt.tasksList, { query: t.taskListQuery, answer: shapes.tasksListAnswer }, async (req) => ok(await tasks.page(authOf(req), req.query)));
  defineRoute(app, rt.tasksAdd, { body: t.taskBody, answer: t.task }, async (req) => ok(await tasks.add(authOf(req), req.body)));
  defineRoute(app, rt.tasksGet, { query: idQuery, answer: t.task }, async (req) => ok(await tasks.get(authOf(req), req.query.id)));
  defineRoute(app, rt.tasksUpl, { body: t.taskUpdateBody, answer: t.task }, async (req) => ok(await tasks.update(authOf(req), req.body.id, req.body)));
  defineRoute(app, rt.tasksDel, { query: idQuery, answer: shapes.tasksDelAnswer }, async (req) => ok(await tasks.remove(authOf(req), req.query.id)));
  defineRoute(app, rt.tasksStatistics, { query: idQuery, answer: t.taskStatistics }, async (req) => ok(await tasks.statistics(authOf(req), req.query.id)));

  defineRoute(app, rt.h5Class, { query: t.h5ClassQuery, answer: t.h5Class }, async (req) => ok(await tasks.h5Class(req.query.code, req.ip)));
};

import type { z } from 'zod';
import type { ApiClient } from '../client';
import { tasks as tasksRoutes } from '../routes/tasks';
import type * as t from '../contracts/tasks';
type In<T extends z.ZodType> = z.input<T>;
/** Query objects: the parsed shape, every field optional unless said. */
type Query<T extends z.ZodType> = Partial<z.output<T>>;

/** Essay tasks: the task board, assign/modify form, statistics, and the H5 student view. */
export function tasksApi(client: ApiClient) {
  return {
    list: (query: Query<typeof t.taskListQuery> = {}) => client.call(tasksRoutes.tasksList, { query }),
    add: (body: In<typeof t.taskBody>) => client.call(tasksRoutes.tasksAdd, { body }, { silent: true }),
    get: (id: number) => client.call(tasksRoutes.tasksGet, { query: { id } }),
    update: (body: In<typeof t.taskUpdateBody>) => client.call(tasksRoutes.tasksUpl, { body }, { silent: true }),
    remove: (id: number) => client.call(tasksRoutes.tasksDel, { query: { id } }),
    statistics: (id: number) => client.call(tasksRoutes.tasksStatistics, { query: { id } }),
    /** Public: the class behind a join code and its released tasks (H5 student page). */
    /** Silent: each H5 page shows a wrong code (404) or a limit in place, never a second, floating error. */
    h5Class: (code: string) => client.call(tasksRoutes.h5Class, { query: { code } }, { silent: true }),
  };
}
export type TasksApi = ReturnType<typeof tasksApi>;

import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as t from '../contracts/tasks';
import type { Paged } from '../contracts/paging';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;
type In<T extends z.ZodType> = z.input<T>;
/** Query objects: the parsed shape, every field optional unless said. */
type Query<T extends z.ZodType> = Partial<z.output<T>>;

/** Essay tasks: the task board, assign/modify form, statistics, and the H5 student view. */
export function tasksApi(client: ApiClient) {
  return {
    list: (query: Query<typeof t.taskListQuery> = {}) => client.get<Paged<Out<typeof t.task>>>(`${MGMT}/tasks/list`, { query }),
    add: (body: In<typeof t.taskBody>) => client.post<Out<typeof t.task>>(`${MGMT}/tasks/add`, body, { silent: true }),
    get: (id: number) => client.get<Out<typeof t.task>>(`${MGMT}/tasks/get`, { query: { id } }),
    update: (body: In<typeof t.taskUpdateBody>) => client.post<Out<typeof t.task>>(`${MGMT}/tasks/upl`, body, { silent: true }),
    remove: (id: number) => client.delete<{ deleted: number }>(`${MGMT}/tasks/del`, { query: { id } }),
    statistics: (id: number) => client.get<Out<typeof t.taskStatistics>>(`${MGMT}/tasks/statistics`, { query: { id } }),
    /** Public: the class behind a join code and its released tasks (H5 student page). */
    /** Silent: each H5 page shows a wrong code (404) or a limit in place, never a second, floating error. */
    h5Class: (code: string) => client.get<Out<typeof t.h5Class>>(`${MGMT}/h5/class`, { query: { code }, silent: true }),
  };
}
export type TasksApi = ReturnType<typeof tasksApi>;

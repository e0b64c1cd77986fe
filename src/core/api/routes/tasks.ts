import type * as t from '../contracts/tasks';
import type * as shapes from '../contracts/shapes/tasks';
import type { idQuery } from '../contracts/paging';
import { route } from './route';

/** /platform-management: tasks.ts routes. */
export const tasks = {
  tasksList: route<{ query: typeof t.taskListQuery; answer: typeof shapes.tasksListAnswer }>('GET', '/platform-management/tasks/list', {
    summary: "Essay tasks the caller sees (a teacher: their classes’ and their own), newest release first, with status counts",
    tags: ["platform-management: essay tasks"],
  }),
  tasksAdd: route<{ body: typeof t.taskBody; answer: typeof t.task }>('POST', '/platform-management/tasks/add', {
    summary: "Assign an essay task to classes (scheduled = released by the background job at releaseAt)",
    tags: ["platform-management: essay tasks"],
  }),
  tasksGet: route<{ query: typeof idQuery; answer: typeof t.task }>('GET', '/platform-management/tasks/get', {
    summary: "One essay task",
    tags: ["platform-management: essay tasks"],
  }),
  tasksUpl: route<{ body: typeof t.taskUpdateBody; answer: typeof t.task }>('POST', '/platform-management/tasks/upl', {
    summary: "Modify an essay task (changed requirements apply only to essays uploaded afterwards)",
    tags: ["platform-management: essay tasks"],
  }),
  tasksDel: route<{ query: typeof idQuery; answer: typeof shapes.tasksDelAnswer }>('DELETE', '/platform-management/tasks/del', {
    summary: "Delete an essay task",
    tags: ["platform-management: essay tasks"],
  }),
  tasksStatistics: route<{ query: typeof idQuery; answer: typeof t.taskStatistics }>('GET', '/platform-management/tasks/statistics', {
    summary: "Submission, AI review and approval counts of a task, per class and in total",
    tags: ["platform-management: essay tasks"],
  }),
  h5Class: route<{ query: typeof t.h5ClassQuery; answer: typeof t.h5Class }>('GET', '/platform-management/h5/class', {
    summary: "H5 student join page: the class behind a class code and its released tasks (scheduled ones stay hidden)",
    tags: ["platform-management: essay tasks"],
    public: true,
  }),
};

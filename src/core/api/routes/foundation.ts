import type * as c from '../contracts/classes';
import type { idQuery } from '../contracts/paging';
import type * as shapes from '../contracts/shapes/foundation';
import { route } from './route';

/** /platform-management: foundation.ts routes. */
export const foundation = {
  foundationCampusAdd: route<{ body: typeof c.campusBody; answer: typeof c.campusItem }>('POST', '/platform-management/foundation/campus/add', {
    summary: "Add a campus",
    tags: ["platform-management: basic data (headmaster)"],
  }),
  foundationCampusUpl: route<{ body: typeof c.campusUpdateBody; answer: typeof c.campusItem }>('POST', '/platform-management/foundation/campus/upl', {
    summary: "Rename a campus",
    tags: ["platform-management: basic data (headmaster)"],
  }),
  foundationCampusDel: route<{ query: typeof idQuery; answer: typeof shapes.foundationCampusDelAnswer }>('DELETE', '/platform-management/foundation/campus/del', {
    summary: "Delete a campus without classes",
    tags: ["platform-management: basic data (headmaster)"],
  }),
  foundationSemesterAdd: route<{ body: typeof c.semesterBody; answer: typeof c.semester }>('POST', '/platform-management/foundation/semester/add', {
    summary: "Add a semester (isCurrent makes it the current one)",
    tags: ["platform-management: basic data (headmaster)"],
  }),
  foundationSemesterUpl: route<{ body: typeof c.semesterUpdateBody; answer: typeof c.semester }>('POST', '/platform-management/foundation/semester/upl', {
    summary: "Change a semester’s dates or make it current",
    tags: ["platform-management: basic data (headmaster)"],
  }),
  foundationTeacherAdd: route<{ body: typeof c.teacherBody; answer: typeof c.teacherCreated }>('POST', '/platform-management/foundation/teacher/add', {
    summary: "Create a teacher account in the school; answers a one-time initial password that must be changed at first sign-in",
    tags: ["platform-management: basic data (headmaster)"],
  }),
  foundationTeacherUpl: route<{ body: typeof c.teacherUpdateBody; answer: typeof c.teacherItem }>('POST', '/platform-management/foundation/teacher/upl', {
    summary: "Change a teacher’s name or campus in this school",
    tags: ["platform-management: basic data (headmaster)"],
  }),
  classSyncRun: route<{ answer: typeof c.syncReport }>('POST', '/platform-management/classSync/run', {
    summary: "Sync classes and students from the basic-data platform; classes created in zhipi are never touched",
    tags: ["platform-management: basic data (headmaster)"],
  }),
  classSyncLast: route<{ answer: typeof c.lastSync }>('GET', '/platform-management/classSync/last', {
    summary: "The last successful sync report of the school, and whether a platform is configured",
    tags: ["platform-management: basic data (headmaster)"],
  }),
};

import type * as e from '../contracts/essays';
import type { idQuery } from '../contracts/paging';
import type * as shapes from '../contracts/shapes/writings';
import { route } from './route';

/** /platform-management: writings.ts routes. */
export const writings = {
  list: route<{ query: typeof e.writingListQuery; answer: typeof e.writingList }>('GET', '/platform-management/writings/list', {
    summary: "Students of a class × their essays for a task, with status labels, counts and unmatched batch images",
    tags: ["platform-management: essays (intake)"],
  }),
  get: route<{ query: typeof idQuery; answer: typeof e.essay }>('GET', '/platform-management/writings/get', {
    summary: "One essay with its pages (signed image links)",
    tags: ["platform-management: essays (intake)"],
    errors: [404, 409],
  }),
  saveSingle: route<{ body: typeof e.saveSingleBody; answer: typeof e.essay }>('POST', '/platform-management/writings/saveSingle', {
    summary: "Single upload: one student, one draft (0, 1, 2), pages as file ids in order; a repeat replaces the pages of the draft unless approved",
    tags: ["platform-management: essays (intake)"],
    errors: [404, 409],
  }),
  pagesAdd: route<{ body: typeof e.addPagesBody; answer: typeof e.essay }>('POST', '/platform-management/writings/pages/add', {
    summary: "Append pages (file ids) to an essay",
    tags: ["platform-management: essays (intake)"],
    errors: [404, 409],
  }),
  pagesReorder: route<{ body: typeof e.reorderPagesBody; answer: typeof e.essay }>('POST', '/platform-management/writings/pages/reorder', {
    summary: "New page order: every page id of the essay, in order",
    tags: ["platform-management: essays (intake)"],
    errors: [404, 409],
  }),
  pagesRotate: route<{ body: typeof e.rotatePageBody; answer: typeof e.essay }>('POST', '/platform-management/writings/pages/rotate', {
    summary: "Turn a page clockwise on the server (90, 180, 270 or -90); too large → 图片像素过大无法旋转…",
    tags: ["platform-management: essays (intake)"],
    errors: [404, 409],
  }),
  pagesReplace: route<{ body: typeof e.replacePageBody; answer: typeof e.essay }>('POST', '/platform-management/writings/pages/replace', {
    summary: "Replace the image of a page with another uploaded file",
    tags: ["platform-management: essays (intake)"],
    errors: [404, 409],
  }),
  pagesDel: route<{ query: typeof idQuery; answer: typeof e.essay }>('DELETE', '/platform-management/writings/pages/del', {
    summary: "Delete a page (not the last one)",
    tags: ["platform-management: essays (intake)"],
    errors: [404, 409],
  }),
  del: route<{ query: typeof idQuery; answer: typeof shapes.delAnswer }>('DELETE', '/platform-management/writings/del', {
    summary: "Delete an essay (not an approved one)",
    tags: ["platform-management: essays (intake)"],
    errors: [404, 409],
  }),
};

import type * as g from '../contracts/growth';
import { route } from './route';

/** /platform-management: growth.ts routes. */
export const growth = {
  studentGrowingPageList: route<{ query: typeof g.growthPageQuery; answer: typeof g.growthPage }>('GET', '/platform-management/studentGrowing/pageList', {
    summary: "Growth records of the semester's students the caller sees (a teacher: their classes; headmasters: the school), filtered by class, campus, grade and name/student id, sorted, paged; without semesterId the current semester",
    tags: ["platform-management: student growth records"],
    errors: [404],
  }),
  studentGrowingSingle: route<{ query: typeof g.growthSingleQuery; answer: typeof g.growthProfile }>('GET', '/platform-management/studentGrowing/single', {
    summary: "One student's growth profile of a semester (default: the semester of the student's class): record, score trend per dimension, length by task, drafts and improvement, wrong-character book, good sentences, teacher comments",
    tags: ["platform-management: student growth records"],
    errors: [404],
  }),
  studentGrowingExport: route<{ query: typeof g.growthExportQuery }>('GET', '/platform-management/studentGrowing/export', {
    summary: "The growth table with the same filters and order as pageList, as xlsx (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)",
    tags: ["platform-management: student growth records"],
  }),
  studentGrowing: route<{ params: typeof g.growthRecordParams; answer: typeof g.growthRecord }>('GET', '/platform-management/studentGrowing/:studentId/:semesterId', {
    summary: "One student's growth record of a semester (the fields of product-rules.md#growth-records); semesterId is id_year_term or the bare id",
    tags: ["platform-management: student growth records"],
    errors: [404],
  }),
};

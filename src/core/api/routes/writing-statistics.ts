import type * as r from '../contracts/review';
import type { anchorCalibrationBody } from '../contracts/anchors';
import type { anchorCalibration } from '../contracts/anchors';
import { route } from './route';

/** /platform-management: writing-statistics.ts routes. */
export const writingStatistics = {
  writingsStatistics: route<{ query: typeof r.classTaskQuery; answer: typeof r.writingStatistics }>('GET', '/platform-management/writings/statistics', {
    summary: "Statistics of a task in a class: counts, AI and teacher averages (percent), words, grade bands, distribution in steps of 10, dimension averages, common problems found by the AI",
    tags: ["platform-management: writing statistics and export"],
    errors: [404],
  }),
  writingsClassroomEvaluation: route<{ query: typeof r.classTaskQuery; answer: typeof r.classroomEvaluation }>('GET', '/platform-management/writings/classroomEvaluation', {
    summary: "Classroom evaluation of a task in a class, from its corrections: summary, strengths, problems, good sentences with names, best essays (approved first), frequent wrong characters, and the statistics",
    tags: ["platform-management: writing statistics and export"],
    errors: [404],
  }),
  writingsAnchorCalibration: route<{ body: typeof anchorCalibrationBody; answer: typeof anchorCalibration }>('POST', '/platform-management/writings/anchorCalibration', {
    summary: "Anchor essays (按您的评分校准): the teacher's scores of 3-5 essays of a task in a class put the AI's scores of the rest on the teacher's scale; each essay before and after, and the bands before and after. A preview: nothing is stored",
    tags: ["platform-management: writing statistics and export"],
    errors: [404],
  }),
  exportWriting: route<{ query: typeof r.exportWritingQuery }>('GET', '/platform-management/export/writing', {
    summary: "Teacher-approved scores of a task (all the caller's classes of it, or one) as xlsx (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet): latest approved draft per student, dimensions, grade band, words, times in CST; 400 when nothing is approved",
    tags: ["platform-management: writing statistics and export"],
  }),
};

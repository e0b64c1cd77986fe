import type * as c from '../contracts/practice';
import type { idParams } from '../contracts/paging';
import type * as shapes from '../contracts/shapes/practice';
import { route } from './route';

/** /platform-management: practice.ts routes. */
export const practice = {
  practiceList: route<{ query: typeof c.practiceListQuery; answer: typeof c.practicePage }>('GET', '/platform-management/practice/list', {
    summary: "Practices (kind=practice) or classroom writings (kind=classroom) of the caller’s classes, newest first, with participation and the average of each participant’s best AI score",
    tags: ["platform-management: practice and classroom composition"],
  }),
  practiceAdd: route<{ body: typeof c.practiceAddBody; answer: typeof c.practiceSummary }>('POST', '/platform-management/practice/add', {
    summary: "Set a practice (deadline) or a classroom writing (duration, startNow) for a class; prompt own or from the bank (sourceId), length target, optional focus",
    tags: ["platform-management: practice and classroom composition"],
    errors: [404, 409],
  }),
  practice: route<{ params: typeof idParams; answer: typeof c.practiceDetail }>('GET', '/platform-management/practice/:id', {
    summary: "One practice with every student of the class and all their attempts (text or photos, AI feedback, teacher comment); poll it for live submissions",
    tags: ["platform-management: practice and classroom composition"],
    errors: [404, 409],
  }),
  practiceComment: route<{ params: typeof idParams; body: typeof c.practiceCommentBody; answer: typeof shapes.practiceCommentAnswer }>('POST', '/platform-management/practice/:id/comment', {
    summary: "The teacher’s comment on an attempt (empty removes it)",
    tags: ["platform-management: practice and classroom composition"],
    errors: [404, 409],
  }),
  practiceStart: route<{ params: typeof idParams; answer: typeof c.practiceSummary }>('POST', '/platform-management/practice/:id/start', {
    summary: "Start a classroom writing now (ends after its duration); once",
    tags: ["platform-management: practice and classroom composition"],
    errors: [404, 409],
  }),
  practiceEnd: route<{ params: typeof idParams; answer: typeof c.practiceSummary }>('POST', '/platform-management/practice/:id/end', {
    summary: "End a classroom writing or close a practice now: later submissions are refused",
    tags: ["platform-management: practice and classroom composition"],
    errors: [404, 409],
  }),
  practiceDelete: route<{ params: typeof idParams; answer: typeof shapes.practiceDeleteAnswer }>('DELETE', '/platform-management/practice/:id', {
    summary: "Delete a practice (its attempts stay out of every list)",
    tags: ["platform-management: practice and classroom composition"],
    errors: [404, 409],
  }),
  practiceGrowth: route<{ query: typeof c.practiceGrowthQuery; answer: typeof c.practiceGrowth }>('GET', '/platform-management/practice/growth', {
    summary: "A student’s practice series for the growth profile (kept apart from graded tasks): per practice the best AI score, words, attempts, focus met",
    tags: ["platform-management: practice and classroom composition"],
    errors: [404, 409],
  }),
};

import type * as r from '../contracts/review';
import { route } from './route';

/** /platform-management: revision.ts routes. */
export const revision = {
  revisionRequest: route<{ body: typeof r.requestRevisionBody; answer: typeof r.batchResult }>('POST', '/platform-management/revision/request', {
    summary: "Ask for revised drafts: keep (the essay stays for comparison, the next upload is draft + 1; a revised draft 2 cannot be asked again) or discard (the essay and its review are dropped, the next upload takes its draft); one pending request per task and student; the students are notified",
    tags: ["platform-management: revised drafts and reminders"],
  }),
  revisionCancel: route<{ body: typeof r.cancelRevisionBody; answer: typeof r.revisionRequest }>('POST', '/platform-management/revision/cancel', {
    summary: "Cancel a pending request (409 CONFIRM_REQUIRED without confirm): the essay is restored (undeleted, or back to approved / pending review) and the student told",
    tags: ["platform-management: revised drafts and reminders"],
    errors: [404, 409],
  }),
  writingsRemind: route<{ body: typeof r.remindBody; answer: typeof r.remindResult }>('POST', '/platform-management/writings/remind', {
    summary: "Notify the students of a class who have not submitted the task (H5); refused within 10 minutes of the last reminder of the same task and class",
    tags: ["platform-management: revised drafts and reminders"],
    errors: [404],
  }),
};

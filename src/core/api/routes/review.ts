import type * as r from '../contracts/review';
import type * as u from '../contracts/upgrade';
import { route } from './route';

/** /platform-management: review.ts routes. */
export const review = {
  reviewWorkspace: route<{ query: typeof r.reviewQuery; answer: typeof r.reviewWorkspace }>('GET', '/platform-management/review/workspace', {
    summary: "Everything the correction screen needs: essay with signed page links, task scoring (type, dimensions, full marks, levels), AI correction, the teacher’s review, the pending revision request, previous/next classmates",
    tags: ["platform-management: teacher review"],
    errors: [404, 409],
  }),
  reviewNeighbour: route<{ query: typeof r.neighbourQuery; answer: typeof r.classmate }>('GET', '/platform-management/review/neighbour', {
    summary: "The classmate before/after in class order (student number) among those with an essay; 400 当前学生已经是第一个了 / 当前学生已经是最后一个了 at an end",
    tags: ["platform-management: teacher review"],
    errors: [404, 409],
  }),
  reviewSave: route<{ body: typeof r.saveReviewBody; answer: typeof r.essayReview }>('POST', '/platform-management/review/save', {
    summary: "Save the teacher’s edits without approving (comment, dimension scores in the task’s score type, total — derived from the dimensions when omitted —, annotations); 409 on an approved essay",
    tags: ["platform-management: teacher review"],
    errors: [404, 409],
  }),
  reviewTranscript: route<{ body: typeof r.transcriptBody; answer: typeof r.reviewWorkspace }>('POST', '/platform-management/review/transcript', {
    summary: "Store the teacher’s corrected transcript and re-run the local text analysis on it (scores, comments, notes mapped back onto the page images); answers the refreshed workspace",
    tags: ["platform-management: teacher review"],
    errors: [404, 409],
  }),
  reviewApprove: route<{ body: typeof r.approveBody; answer: typeof r.essayReview }>('POST', '/platform-management/review/approve', {
    summary: "Approve: AI review done (请先完成AI批改), teacher comment not empty (教师评语不能为空); a pending revision request needs confirmPendingRevision (409 REVISION_PENDING) and is then cancelled; the student is notified",
    tags: ["platform-management: teacher review"],
    errors: [404, 409],
  }),
  reviewCancelApproval: route<{ body: typeof r.cancelApprovalBody; answer: typeof r.essayReview }>('POST', '/platform-management/review/cancelApproval', {
    summary: "Cancel an approval: back to pending review (or revision requested), audit time cleared",
    tags: ["platform-management: teacher review"],
    errors: [404, 409],
  }),
  reviewBatchApprove: route<{ body: typeof r.batchApproveBody; answer: typeof r.batchResult }>('POST', '/platform-management/review/batchApprove', {
    summary: "Approve many essays; one without a teacher comment is skipped unless useAiComment (the teacher signs the AI’s overall comment as theirs); the others are skipped with the reason",
    tags: ["platform-management: teacher review"],
  }),
  reviewUpgrade: route<{ body: typeof u.upgradeBody; answer: typeof u.upgradeResult }>('POST', '/platform-management/review/upgrade', {
    summary: "升格: up to three rewrites of a sentence or paragraph of the essay (a worn simile replaced, a generic word made precise, a detail added) from the local lists and the model service when configured; the teacher of the class only; 400 UPGRADE_NOT_IN_ESSAY when the text is not part of the transcript; 429 over 30 a minute",
    tags: ["platform-management: teacher review"],
    errors: [404, 409],
  }),
  writingsDrafts: route<{ query: typeof r.draftsQuery; answer: typeof r.studentDrafts }>('GET', '/platform-management/writings/drafts', {
    summary: "A student’s drafts of a task, oldest first (discarded ones flagged), each with its transcript (the teacher’s if corrected), teacher and AI comments",
    tags: ["platform-management: teacher review"],
    errors: [404, 409],
  }),
};

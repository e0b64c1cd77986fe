import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import * as r from '../../../core/api/contracts/review';
import { errorBody } from '../../../core/api/contracts/envelope';
import * as u from '../../../core/api/contracts/upgrade';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: teacher review'];
const withConflict = <T extends z.ZodType>(data: T) => ({ ...responses(data), 404: errorBody, 409: errorBody });

/** `review/*` and `writings/drafts`: the correction screen (workspace, classmates, edits, approval) and a student's drafts. */
export const reviewRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const review = services.review;
  app.get('/review/workspace', {
    schema: { tags, summary: 'Everything the correction screen needs: essay with signed page links, task scoring (type, dimensions, full marks, levels), AI correction, the teacher’s review, the pending revision request, previous/next classmates', querystring: r.reviewQuery, response: withConflict(r.reviewWorkspace) },
  }, async (req) => ok(await review.workspace(authOf(req), req.query.essayId, req.lang)));
  app.get('/review/neighbour', {
    schema: { tags, summary: 'The classmate before/after in class order (student number) among those with an essay; 400 当前学生已经是第一个了 / 当前学生已经是最后一个了 at an end', querystring: r.neighbourQuery, response: withConflict(r.classmate) },
  }, async (req) => ok(await review.neighbour(authOf(req), req.query.essayId, req.query.direction)));
  app.post('/review/save', {
    schema: { tags, summary: 'Save the teacher’s edits without approving (comment, dimension scores in the task’s score type, total — derived from the dimensions when omitted —, annotations); 409 on an approved essay', body: r.saveReviewBody, response: withConflict(r.essayReview) },
  }, async (req) => ok(await review.save(authOf(req), req.body, req.lang)));
  app.post('/review/transcript', {
    schema: { tags, summary: 'Store the teacher’s corrected transcript and re-run the local text analysis on it (scores, comments, notes mapped back onto the page images); answers the refreshed workspace', body: r.transcriptBody, response: withConflict(r.reviewWorkspace) },
  }, async (req) => ok(await review.saveTranscript(authOf(req), req.body.essayId, req.body.transcript, req.lang)));
  app.post('/review/approve', {
    schema: { tags, summary: 'Approve: AI review done (请先完成AI批改), teacher comment not empty (教师评语不能为空); a pending revision request needs confirmPendingRevision (409 REVISION_PENDING) and is then cancelled; the student is notified', body: r.approveBody, response: withConflict(r.essayReview) },
  }, async (req) => ok(await review.approve(authOf(req), req.body, req.lang)));
  app.post('/review/cancelApproval', {
    schema: { tags, summary: 'Cancel an approval: back to pending review (or revision requested), audit time cleared', body: r.cancelApprovalBody, response: withConflict(r.essayReview) },
  }, async (req) => ok(await review.cancelApproval(authOf(req), req.body.essayId)));
  app.post('/review/batchApprove', {
    schema: { tags, summary: 'Approve many essays; one without a teacher comment is skipped unless useAiComment (the teacher signs the AI’s overall comment as theirs); the others are skipped with the reason', body: r.batchApproveBody, response: responses(r.batchResult) },
  }, async (req) => ok(await review.batchApprove(authOf(req), req.body, req.lang)));
  app.post('/review/upgrade', {
    schema: { tags, summary: '升格: up to three rewrites of a sentence or paragraph of the essay (a worn simile replaced, a generic word made precise, a detail added) from the local lists and the model service when configured; the teacher of the class only; 400 UPGRADE_NOT_IN_ESSAY when the text is not part of the transcript; 429 over 30 a minute', body: u.upgradeBody, response: { ...withConflict(u.upgradeResult), 429: errorBody } },
  }, async (req) => ok(await services.upgrade.forTeacher(authOf(req), req.body.essayId, req.body.text, req.lang)));
  app.get('/writings/drafts', {
    schema: { tags, summary: 'A student’s drafts of a task, oldest first (discarded ones flagged), each with its transcript (the teacher’s if corrected), teacher and AI comments', querystring: r.draftsQuery, response: withConflict(r.studentDrafts) },
  }, async (req) => ok(await review.drafts(authOf(req), req.query.taskId, req.query.studentId)));
};

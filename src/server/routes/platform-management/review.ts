import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as r from '../../../core/api/contracts/review';
import * as u from '../../../core/api/contracts/upgrade';
import { authOf } from '../../plugins/request-context';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { review as rt } from '../../../core/api/routes/review';
import { defineRoute } from '../define-route';

/** `review/*` and `writings/drafts`: the correction screen (workspace, classmates, edits, approval) and a student's drafts. */
export const reviewRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const review = services.review;
  defineRoute(app, rt.reviewWorkspace, { query: r.reviewQuery, answer: r.reviewWorkspace }, async (req) => ok(await review.workspace(authOf(req), req.query.essayId, req.lang)));
  defineRoute(app, rt.reviewNeighbour, { query: r.neighbourQuery, answer: r.classmate }, async (req) => ok(await review.neighbour(authOf(req), req.query.essayId, req.query.direction)));
  defineRoute(app, rt.reviewSave, { body: r.saveReviewBody, answer: r.essayReview }, async (req) => ok(await review.save(authOf(req), req.body, req.lang)));
  defineRoute(app, rt.reviewTranscript, { body: r.transcriptBody, answer: r.reviewWorkspace }, async (req) => ok(await review.saveTranscript(authOf(req), req.body.essayId, req.body.transcript, req.lang)));
  defineRoute(app, rt.reviewApprove, { body: r.approveBody, answer: r.essayReview }, async (req) => ok(await review.approve(authOf(req), req.body, req.lang)));
  defineRoute(app, rt.reviewCancelApproval, { body: r.cancelApprovalBody, answer: r.essayReview }, async (req) => ok(await review.cancelApproval(authOf(req), req.body.essayId)));
  defineRoute(app, rt.reviewBatchApprove, { body: r.batchApproveBody, answer: r.batchResult }, async (req) => ok(await review.batchApprove(authOf(req), req.body, req.lang)));
  defineRoute(app, rt.reviewUpgrade, { body: u.upgradeBody, answer: u.upgradeResult }, async (req) => ok(await services.upgrade.forTeacher(authOf(req), req.body.essayId, req.body.text, req.lang)));
  defineRoute(app, rt.writingsDrafts, { query: r.draftsQuery, answer: r.studentDrafts }, async (req) => ok(await review.drafts(authOf(req), req.query.taskId, req.query.studentId)));
};

import type { z } from 'zod';
import type { ApiClient } from '../client';
import { review as reviewRoutes } from '../routes/review';
import { revision as revisionRoutes } from '../routes/revision';
import { writingStatistics as writingStatisticsRoutes } from '../routes/writing-statistics';
import { pathOf } from '../routes/route';
import type * as r from '../contracts/review';
import type * as anchors from '../contracts/anchors';
import type * as up from '../contracts/upgrade';
type In<T extends z.ZodType> = z.input<T>;

/** Teacher review: the correction screen's workspace, edits, approval, revised drafts, batch review, class statistics, export. */
export function reviewApi(client: ApiClient) {
  return {
    workspace: (essayId: number) => client.call(reviewRoutes.reviewWorkspace, { query: { essayId } }),
    /** 400 with 'The current student is already the first/last one' at an end of the class. */
    neighbour: (essayId: number, direction: 'previous' | 'next') => client.call(reviewRoutes.reviewNeighbour, { query: { essayId, direction } }, { silent: true }),
    save: (body: In<typeof r.saveReviewBody>) => client.call(reviewRoutes.reviewSave, { body }),
    /** Stores the corrected transcript and re-runs the analysis on it; answers the refreshed workspace. */
    saveTranscript: (body: In<typeof r.transcriptBody>) => client.call(reviewRoutes.reviewTranscript, { body }),
    /** 409 REVISION_PENDING when a revision request is pending and not confirmed. */
    approve: (body: In<typeof r.approveBody>) => client.call(reviewRoutes.reviewApprove, { body }, { silent: true }),
    /** 升格: up to three rewrites of a selection of the essay's text. */
    upgrade: (body: In<typeof up.upgradeBody>) => client.call(reviewRoutes.reviewUpgrade, { body }),
    cancelApproval: (essayId: number) => client.call(reviewRoutes.reviewCancelApproval, { body: { essayId } }),
    batchApprove: (body: In<typeof r.batchApproveBody>) => client.call(reviewRoutes.reviewBatchApprove, { body }),
    requestRevision: (body: In<typeof r.requestRevisionBody>) => client.call(revisionRoutes.revisionRequest, { body }),
    /** 409 CONFIRM_REQUIRED without confirm. */
    cancelRevision: (essayId: number, confirm = true) => client.call(revisionRoutes.revisionCancel, { body: { essayId, confirm } }),
    drafts: (taskId: number, studentId: number) => client.call(reviewRoutes.writingsDrafts, { query: { taskId, studentId } }),
    statistics: (taskId: number, classId: number) => client.call(writingStatisticsRoutes.writingsStatistics, { query: { taskId, classId } }),
    classroomEvaluation: (taskId: number, classId: number) => client.call(writingStatisticsRoutes.writingsClassroomEvaluation, { query: { taskId, classId } }),
    /** Anchor essays: the teacher's scores of 3-5 essays put the AI's scores of the rest on the teacher's scale (a preview). */
    anchorCalibration: (body: In<typeof anchors.anchorCalibrationBody>) => client.call(writingStatisticsRoutes.writingsAnchorCalibration, { body }),
    remind: (body: In<typeof r.remindBody>) => client.call(revisionRoutes.writingsRemind, { body }),
    /** xlsx of teacher-approved scores; 400 with a clear message when nothing is approved yet. */
    exportWriting: (taskId: number, classId?: number) => client.blob(pathOf(writingStatisticsRoutes.exportWriting), { query: classId ? { taskId, classId } : { taskId } }),
  };
}
export type ReviewApi = ReturnType<typeof reviewApi>;

import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as r from '../contracts/review';
import type * as anchors from '../contracts/anchors';
import type * as up from '../contracts/upgrade';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;
type In<T extends z.ZodType> = z.input<T>;

/** Teacher review: the correction screen's workspace, edits, approval, revised drafts, batch review, class statistics, export. */
export function reviewApi(client: ApiClient) {
  return {
    workspace: (essayId: number) => client.get<Out<typeof r.reviewWorkspace>>(`${MGMT}/review/workspace`, { query: { essayId } }),
    /** 400 with 'The current student is already the first/last one' at an end of the class. */
    neighbour: (essayId: number, direction: 'previous' | 'next') => client.get<Out<typeof r.classmate>>(`${MGMT}/review/neighbour`, { query: { essayId, direction }, silent: true }),
    save: (body: In<typeof r.saveReviewBody>) => client.post<Out<typeof r.essayReview>>(`${MGMT}/review/save`, body),
    /** Stores the corrected transcript and re-runs the analysis on it; answers the refreshed workspace. */
    saveTranscript: (body: In<typeof r.transcriptBody>) => client.post<Out<typeof r.reviewWorkspace>>(`${MGMT}/review/transcript`, body),
    /** 409 REVISION_PENDING when a revision request is pending and not confirmed. */
    approve: (body: In<typeof r.approveBody>) => client.post<Out<typeof r.essayReview>>(`${MGMT}/review/approve`, body, { silent: true }),
    /** 升格: up to three rewrites of a selection of the essay's text. */
    upgrade: (body: In<typeof up.upgradeBody>) => client.post<Out<typeof up.upgradeResult>>(`${MGMT}/review/upgrade`, body),
    cancelApproval: (essayId: number) => client.post<Out<typeof r.essayReview>>(`${MGMT}/review/cancelApproval`, { essayId }),
    batchApprove: (body: In<typeof r.batchApproveBody>) => client.post<Out<typeof r.batchResult>>(`${MGMT}/review/batchApprove`, body),
    requestRevision: (body: In<typeof r.requestRevisionBody>) => client.post<Out<typeof r.batchResult>>(`${MGMT}/revision/request`, body),
    /** 409 CONFIRM_REQUIRED without confirm. */
    cancelRevision: (essayId: number, confirm = true) => client.post<Out<typeof r.revisionRequest>>(`${MGMT}/revision/cancel`, { essayId, confirm }),
    drafts: (taskId: number, studentId: number) => client.get<Out<typeof r.studentDrafts>>(`${MGMT}/writings/drafts`, { query: { taskId, studentId } }),
    statistics: (taskId: number, classId: number) => client.get<Out<typeof r.writingStatistics>>(`${MGMT}/writings/statistics`, { query: { taskId, classId } }),
    classroomEvaluation: (taskId: number, classId: number) => client.get<Out<typeof r.classroomEvaluation>>(`${MGMT}/writings/classroomEvaluation`, { query: { taskId, classId } }),
    /** Anchor essays: the teacher's scores of 3-5 essays put the AI's scores of the rest on the teacher's scale (a preview). */
    anchorCalibration: (body: In<typeof anchors.anchorCalibrationBody>) => client.post<Out<typeof anchors.anchorCalibration>>(`${MGMT}/writings/anchorCalibration`, body),
    remind: (body: In<typeof r.remindBody>) => client.post<Out<typeof r.remindResult>>(`${MGMT}/writings/remind`, body),
    /** xlsx of teacher-approved scores; 400 with a clear message when nothing is approved yet. */
    exportWriting: (taskId: number, classId?: number) => client.blob(`${MGMT}/export/writing`, { query: classId ? { taskId, classId } : { taskId } }),
  };
}
export type ReviewApi = ReturnType<typeof reviewApi>;

import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as c from '../contracts/batch';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;
type In<T extends z.ZodType> = z.input<T>;

/**
 * Batch intake. The multipart uploads, the answer-sheet PDF and the SSE progress stream are not JSON
 * calls: their paths are given here for an upload control / EventSource / download link (with the
 * Authorization header, or fetch + ReadableStream for the stream).
 */
export function batchApi(client: ApiClient) {
  return {
    /** POST multipart `taskId`, `classId`, `draft?`, `file` → batchUploadResult. */
    uploadPdfPath: `${MGMT}/writings/saveBatchUploadWritingFileByPDF`,
    uploadZipPath: `${MGMT}/writings/saveBatchUploadWritingFileByZIP`,
    /** GET text/event-stream: `progress` events, then one `done` event (batchProgress), then the stream closes. */
    progressPath: (batchId: string) => `${MGMT}/writings/batchUploadProgress/${batchId}`,
    /** GET application/pdf. */
    answerSheetsPath: (q: In<typeof c.answerSheetQuery>) =>
      `${MGMT}/writings/answerSheets?${new URLSearchParams(Object.entries(q).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString()}`,
    /** product-rules.md#api lists it as a POST; `GET ...?batchId=` answers the same. */
    matchResult: (batchId: string) => client.post<Out<typeof c.batchMatchResult>>(`${MGMT}/writings/batchUploadMatchResult`, { batchId }),
    /** Pages of the task and class still waiting for their student, across every batch. */
    unmatchedPages: (q: In<typeof c.unmatchedPagesQuery>) => client.get<Out<typeof c.unmatchedPages>>(`${MGMT}/writings/batchUnmatchedPages?taskId=${q.taskId}&classId=${q.classId}`),
    /** Assign (or set aside, studentId null) pages by hand; answers the new match result. */
    assign: (body: In<typeof c.batchAssignBody>) => client.post<Out<typeof c.batchMatchResult>>(`${MGMT}/writings/saveBatchUploadWritingInfo`, body),
  };
}
export type BatchApi = ReturnType<typeof batchApi>;

import type { z } from 'zod';
import type { ApiClient } from '../client';
import { batch as batchRoutes } from '../routes/batch';
import { pathOf } from '../routes/route';
import type * as c from '../contracts/batch';

type In<T extends z.ZodType> = z.input<T>;

/** Batch intake: the multipart upload, the SSE progress stream, the answer-sheet PDF and the match report. */
export function batchApi(client: ApiClient) {
  return {
    /** Multipart `taskId`, `classId`, `draft?`, `file` (one PDF or ZIP) → batchUploadResult. */
    upload: (kind: 'pdf' | 'zip', form: FormData) =>
      client.call(kind === 'zip' ? batchRoutes.saveBatchUploadWritingFileByZIP : batchRoutes.saveBatchUploadWritingFileByPDF, { body: form }, { silent: true }),
    /** text/event-stream: `progress` events, then one `done` event (batchProgress), then the stream closes. */
    progress: (batchId: string, onEvent: (event: string, data: string) => void, opts: { signal?: AbortSignal } = {}) =>
      client.events(pathOf(batchRoutes.batchUploadProgress, { batchId }), onEvent, { ...opts, silent: true }),
    /** The printable answer sheets, application/pdf. */
    answerSheets: (q: In<typeof c.answerSheetQuery>) => client.blob(pathOf(batchRoutes.answerSheets), { query: q as Record<string, string | number | undefined> }),
    /** product-rules.md#api lists it as a POST; `GET ...?batchId=` answers the same. */
    matchResult: (batchId: string) => client.call(batchRoutes.batchUploadMatchResultPost, { body: { batchId } }),
    /** Pages of the task and class still waiting for their student, across every batch. */
    unmatchedPages: (q: In<typeof c.unmatchedPagesQuery>) => client.call(batchRoutes.batchUnmatchedPages, { query: { taskId: q.taskId, classId: q.classId } }),
    /** Assign (or set aside, studentId null) pages by hand; answers the new match result. */
    assign: (body: In<typeof c.batchAssignBody>) => client.call(batchRoutes.saveBatchUploadWritingInfo, { body }),
  };
}
export type BatchApi = ReturnType<typeof batchApi>;

import type * as c from '../contracts/batch';
import type * as shapes from '../contracts/shapes/batch';
import { route } from './route';

/** /platform-management: batch.ts routes. */
export const batch = {
  answerSheets: route<{ query: typeof c.answerSheetQuery }>('GET', '/platform-management/writings/answerSheets', {
    summary: "Printable answer sheets (作文纸, 20×20, A4) of a class for a task: name, id and a QR code (task, student, page) per sheet — application/pdf",
    tags: ["platform-management: batch intake"],
  }),
  saveBatchUploadWritingFileByPDF: route<{ answer: typeof c.batchUploadResult }>('POST', '/platform-management/writings/saveBatchUploadWritingFileByPDF', {
    summary: "Batch upload of a class's essays as one PDF (multipart taskId, classId, draft?, file; sniffed): stored, then split and matched in the background",
    tags: ["platform-management: batch intake"],
    consumes: ['multipart/form-data'],
  }),
  saveBatchUploadWritingFileByZIP: route<{ answer: typeof c.batchUploadResult }>('POST', '/platform-management/writings/saveBatchUploadWritingFileByZIP', {
    summary: "Batch upload of a class's essays as one ZIP (multipart taskId, classId, draft?, file; sniffed): stored, then split and matched in the background",
    tags: ["platform-management: batch intake"],
    consumes: ['multipart/form-data'],
  }),
  batchUploadProgress: route<{ params: typeof shapes.batchUploadProgressParams }>('GET', '/platform-management/writings/batchUploadProgress/:batchId', {
    summary: "Progress of a batch as server-sent events: `progress` events (batchProgress) while it runs, one `done` event, then the stream closes. Pushed as the worker (any process) reports each page",
    tags: ["platform-management: batch intake"],
  }),
  batchUploadMatchResult: route<{ query: typeof c.batchMatchResultQuery; answer: typeof c.batchMatchResult }>('GET', '/platform-management/writings/batchUploadMatchResult', {
    summary: "The match report of a batch: every page matched (how, how sure), grouped into an essay, unmatched (with candidates) or rejected (with the reason)",
    tags: ["platform-management: batch intake"],
  }),
  batchUploadMatchResultPost: route<{ body: typeof c.batchMatchResultQuery; answer: typeof c.batchMatchResult }>('POST', '/platform-management/writings/batchUploadMatchResult', {
    summary: "The match report of a batch (the POST form of the GET, for clients that send the query as a body)",
    tags: ["platform-management: batch intake"],
  }),
  batchUnmatchedPages: route<{ query: typeof c.unmatchedPagesQuery; answer: typeof c.unmatchedPages }>('GET', '/platform-management/writings/batchUnmatchedPages', {
    summary: "Every page of the task and class that batch uploads left without a student (all batches, oldest first), with thumbnails and candidates",
    tags: ["platform-management: batch intake"],
  }),
  saveBatchUploadWritingInfo: route<{ body: typeof c.batchAssignBody; answer: typeof c.batchMatchResult }>('POST', '/platform-management/writings/saveBatchUploadWritingInfo', {
    summary: "Assign pages of a batch to students by hand (or set them aside with studentId null); regrouping moves a page between essays",
    tags: ["platform-management: batch intake"],
  }),
};

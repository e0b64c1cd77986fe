import type * as e from '../contracts/essays';
import { route } from './route';

/** /platform-management: h5-upload.ts routes. */
export const h5Upload = {
  uploadContext: route<{ query: typeof e.h5UploadQuery; answer: typeof e.h5UploadContext }>('GET', '/platform-management/h5/upload/context', {
    summary: "Task, requirements, deadline and the class’s students (names, masked ids, submission state) for the upload QR",
    tags: ["platform-management: phone upload (public)"],
    public: true,
  }),
  uploadSubmit: route<{ body: typeof e.h5SubmitBody; answer: typeof e.h5SubmitResult }>('POST', '/platform-management/h5/upload/submit', {
    summary: "A student's submission: multipart (fields taskId, classCode, studentId, studentCode, then up to 10 image files in page order) or JSON with Base64 pages (small pages only, at most 512 kB; the query names taskId, classCode and studentId and the X-Student-Code header carries the code, which are checked before the body is read). Before the deadline; a repeat replaces the pages of the draft until the teacher approves it (the replaced pages are kept as a previous version and the teacher is notified); after a revision request it becomes the next draft",
    tags: ["platform-management: phone upload (public)"],
    errors: [409, 413, 415],
    public: true,
    consumes: ["multipart/form-data","application/json"],
  }),
};

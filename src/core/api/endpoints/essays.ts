import type { z } from 'zod';
import type { ApiClient } from '../client';
import { files as filesRoutes } from '../routes/files';
import { h5Upload as h5UploadRoutes } from '../routes/h5-upload';
import { writings as writingsRoutes } from '../routes/writings';
import type * as e from '../contracts/essays';
import type * as f from '../contracts/file';
type In<T extends z.ZodType> = z.input<T>;

/** File service uploads, single upload and pages (writings/*), and the students' phone upload (h5/upload/*). */
export function essaysApi(client: ApiClient) {
  return {
    // file-service
    /** Multipart upload of one file (field `file`); answers the stored file with a signed link. */
    uploadFile: (file: Blob, fileName?: string) => {
      const form = new FormData();
      form.append('file', file, fileName ?? (file as { name?: string }).name ?? 'upload');
      return client.call(filesRoutes.upload, { body: form }, { silent: true });
    },
    uploadFileBase64: (body: In<typeof f.base64FileBody>) => client.call(filesRoutes.uploadBase64, { body }, { silent: true }),
    fileInfo: (id: string) => client.call(filesRoutes.info, { params: { id } }),

    // writings (teacher)
    list: (taskId: number, classId: number) => client.call(writingsRoutes.list, { query: { taskId, classId } }),
    get: (id: number) => client.call(writingsRoutes.get, { query: { id } }),
    saveSingle: (body: In<typeof e.saveSingleBody>) => client.call(writingsRoutes.saveSingle, { body }),
    addPages: (body: In<typeof e.addPagesBody>) => client.call(writingsRoutes.pagesAdd, { body }),
    reorderPages: (body: In<typeof e.reorderPagesBody>) => client.call(writingsRoutes.pagesReorder, { body }),
    /** Clockwise; a too-large image answers 图片像素过大无法旋转… (shown by the client's product-rules.md#errors rules). */
    rotatePage: (body: In<typeof e.rotatePageBody>) => client.call(writingsRoutes.pagesRotate, { body }),
    replacePage: (body: In<typeof e.replacePageBody>) => client.call(writingsRoutes.pagesReplace, { body }),
    deletePage: (id: number) => client.call(writingsRoutes.pagesDel, { query: { id } }),
    remove: (id: number) => client.call(writingsRoutes.del, { query: { id } }),

    // phone upload (public)
    h5Context: (taskId: number, classCode: string) => client.call(h5UploadRoutes.uploadContext, { query: { taskId, classCode } }),
    /** Fields first, then the page images in order (the server checks the fields before reading any image). */
    h5Submit: (fields: { taskId: number; classCode: string; studentId: number; studentCode: string }, pages: Blob[]) => {
      const form = new FormData();
      form.append('taskId', String(fields.taskId));
      form.append('classCode', fields.classCode);
      form.append('studentId', String(fields.studentId));
      form.append('studentCode', fields.studentCode);
      pages.forEach((p, i) => form.append('files', p, (p as { name?: string }).name ?? `page-${i + 1}.jpg`));
      return client.call(h5UploadRoutes.uploadSubmit, { body: form }, { silent: true });
    },
  };
}
export type EssaysApi = ReturnType<typeof essaysApi>;

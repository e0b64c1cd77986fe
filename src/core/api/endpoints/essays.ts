import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as e from '../contracts/essays';
import type * as f from '../contracts/file';

const MGMT = '/platform-management';
const FILES = '/file-service';
type Out<T extends z.ZodType> = z.infer<T>;
type In<T extends z.ZodType> = z.input<T>;

/** File service uploads, single upload and pages (writings/*), and the students' phone upload (h5/upload/*). */
export function essaysApi(client: ApiClient) {
  return {
    // file-service
    /** Multipart upload of one file (field `file`); answers the stored file with a signed link. */
    uploadFile: (file: Blob, fileName?: string) => {
      const form = new FormData();
      form.append('file', file, fileName ?? (file as { name?: string }).name ?? 'upload');
      return client.upload<Out<typeof f.storedFile>>(`${FILES}/files`, form, { silent: true });
    },
    uploadFileBase64: (body: In<typeof f.base64FileBody>) => client.post<Out<typeof f.storedFile>>(`${FILES}/files/base64`, body, { silent: true }),
    fileInfo: (id: string) => client.get<Out<typeof f.storedFile>>(`${FILES}/files/${id}/info`),

    // writings (teacher)
    list: (taskId: number, classId: number) => client.get<Out<typeof e.writingList>>(`${MGMT}/writings/list`, { query: { taskId, classId } }),
    get: (id: number) => client.get<Out<typeof e.essay>>(`${MGMT}/writings/get`, { query: { id } }),
    saveSingle: (body: In<typeof e.saveSingleBody>) => client.post<Out<typeof e.essay>>(`${MGMT}/writings/saveSingle`, body),
    addPages: (body: In<typeof e.addPagesBody>) => client.post<Out<typeof e.essay>>(`${MGMT}/writings/pages/add`, body),
    reorderPages: (body: In<typeof e.reorderPagesBody>) => client.post<Out<typeof e.essay>>(`${MGMT}/writings/pages/reorder`, body),
    /** Clockwise; a too-large image answers 图片像素过大无法旋转… (shown by the client's product-rules.md#errors rules). */
    rotatePage: (body: In<typeof e.rotatePageBody>) => client.post<Out<typeof e.essay>>(`${MGMT}/writings/pages/rotate`, body),
    replacePage: (body: In<typeof e.replacePageBody>) => client.post<Out<typeof e.essay>>(`${MGMT}/writings/pages/replace`, body),
    deletePage: (id: number) => client.delete<Out<typeof e.essay>>(`${MGMT}/writings/pages/del`, { query: { id } }),
    remove: (id: number) => client.delete<{ deleted: number }>(`${MGMT}/writings/del`, { query: { id } }),

    // phone upload (public)
    h5Context: (taskId: number, classCode: string) => client.get<Out<typeof e.h5UploadContext>>(`${MGMT}/h5/upload/context`, { query: { taskId, classCode } }),
    /** Fields first, then the page images in order (the server checks the fields before reading any image). */
    h5Submit: (fields: { taskId: number; classCode: string; studentId: number; studentCode: string }, pages: Blob[]) => {
      const form = new FormData();
      form.append('taskId', String(fields.taskId));
      form.append('classCode', fields.classCode);
      form.append('studentId', String(fields.studentId));
      form.append('studentCode', fields.studentCode);
      pages.forEach((p, i) => form.append('files', p, (p as { name?: string }).name ?? `page-${i + 1}.jpg`));
      return client.upload<Out<typeof e.h5SubmitResult>>(`${MGMT}/h5/upload/submit`, form, { silent: true });
    },
  };
}
export type EssaysApi = ReturnType<typeof essaysApi>;

import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as e from '../contracts/essays';
import type * as f from '../contracts/file';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;
type In<T extends z.ZodType> = z.input<T>;

/** File service and essays: single upload, pages, the class essay list (issue 4). */
export function essaysApi(client: ApiClient) {
  return {
    /** Uploads one file (multipart) and returns it with a signed link. */
    uploadFile: (file: File | Blob, fileName?: string) => {
      const form = new FormData();
      form.set('file', file, fileName ?? (file instanceof File ? file.name : 'upload'));
      return client.upload<Out<typeof f.storedFile>>('/file-service/files', form, { silent: true });
    },
    list: (taskId: number, classId: number) => client.get<Out<typeof e.writingList>>(`${MGMT}/writings/list`, { query: { taskId, classId } }),
    get: (id: number) => client.get<Out<typeof e.essay>>(`${MGMT}/writings/get`, { query: { id } }),
    saveSingle: (body: In<typeof e.saveSingleBody>) => client.post<Out<typeof e.essay>>(`${MGMT}/writings/saveSingle`, body, { silent: true }),
    addPages: (body: In<typeof e.addPagesBody>) => client.post<Out<typeof e.essay>>(`${MGMT}/writings/pages/add`, body),
    reorderPages: (body: In<typeof e.reorderPagesBody>) => client.post<Out<typeof e.essay>>(`${MGMT}/writings/pages/reorder`, body),
    rotatePage: (body: In<typeof e.rotatePageBody>) => client.post<Out<typeof e.essay>>(`${MGMT}/writings/pages/rotate`, body),
    replacePage: (body: In<typeof e.replacePageBody>) => client.post<Out<typeof e.essay>>(`${MGMT}/writings/pages/replace`, body),
    removePage: (pageId: number) => client.delete<Out<typeof e.essay> | null>(`${MGMT}/writings/pages/del`, { query: { id: pageId } }),
    remove: (id: number) => client.delete<{ deleted: number }>(`${MGMT}/writings/del`, { query: { id } }),
  };
}
export type EssaysApi = ReturnType<typeof essaysApi>;

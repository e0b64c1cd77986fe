import type { z } from 'zod';
import type { ApiClient } from '../client';
import { practice as practiceRoutes } from '../routes/practice';
import { practiceH5 as practiceH5Routes } from '../routes/practice-h5';
import type * as c from '../contracts/practice';
type In<T extends z.ZodType> = z.input<T>;

/** Practice homework and classroom composition (practice/*), the teacher's side. */
export function practiceApi(client: ApiClient) {
  return {
    page: (query: Partial<z.output<typeof c.practiceListQuery>>) => client.call(practiceRoutes.practiceList, { query }),
    add: (body: In<typeof c.practiceAddBody>) => client.call(practiceRoutes.practiceAdd, { body }),
    detail: (id: number) => client.call(practiceRoutes.practice, { params: { id } }),
    comment: (id: number, attemptId: number, comment: string) => client.call(practiceRoutes.practiceComment, { params: { id }, body: { attemptId, comment } }),
    start: (id: number) => client.call(practiceRoutes.practiceStart, { params: { id } }),
    end: (id: number) => client.call(practiceRoutes.practiceEnd, { params: { id } }),
    remove: (id: number) => client.call(practiceRoutes.practiceDelete, { params: { id } }),
    growth: (studentId: number) => client.call(practiceRoutes.practiceGrowth, { query: { studentId } }),
  };
}
export type PracticeApi = ReturnType<typeof practiceApi>;

export interface PracticeWho {
  classCode: string;
  studentId: number;
  studentCode: string;
  practiceId: number;
}

/** Practice on the students' phones (h5/practice*, public: class code + student + student code). */
export function h5PracticeApi(client: ApiClient) {
  return {
    classView: (code: string) => client.call(practiceH5Routes.practiceClass, { query: { code } }),
    mine: (who: PracticeWho) => client.call(practiceH5Routes.practiceMine, { body: who }),
    submitText: (who: PracticeWho, text: string) => client.call(practiceH5Routes.practiceSubmit, { body: { ...who, text } }),
    submitPhotos: (who: PracticeWho, photos: Blob[]) => {
      const form = new FormData();
      form.append('classCode', who.classCode);
      form.append('studentId', String(who.studentId));
      form.append('studentCode', who.studentCode);
      form.append('practiceId', String(who.practiceId));
      photos.forEach((p, i) => form.append('photo', p, `photo-${i + 1}.jpg`));
      return client.call(practiceH5Routes.practiceSubmit, { body: form });
    },
  };
}
export type H5PracticeApi = ReturnType<typeof h5PracticeApi>;

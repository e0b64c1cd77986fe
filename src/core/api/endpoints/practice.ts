import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as c from '../contracts/practice';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;
type In<T extends z.ZodType> = z.input<T>;

/** Practice homework and classroom composition (practice/*), the teacher's side. */
export function practiceApi(client: ApiClient) {
  return {
    page: (query: Partial<z.output<typeof c.practiceListQuery>>) => client.get<Out<typeof c.practicePage>>(`${MGMT}/practice/list`, { query }),
    add: (body: In<typeof c.practiceAddBody>) => client.post<Out<typeof c.practiceSummary>>(`${MGMT}/practice/add`, body),
    detail: (id: number) => client.get<Out<typeof c.practiceDetail>>(`${MGMT}/practice/${id}`),
    comment: (id: number, attemptId: number, comment: string) => client.post<{ attemptId: number; teacherComment: string; commentedAt: string | null }>(`${MGMT}/practice/${id}/comment`, { attemptId, comment }),
    start: (id: number) => client.post<Out<typeof c.practiceSummary>>(`${MGMT}/practice/${id}/start`, {}),
    end: (id: number) => client.post<Out<typeof c.practiceSummary>>(`${MGMT}/practice/${id}/end`, {}),
    remove: (id: number) => client.delete<{ deleted: number }>(`${MGMT}/practice/${id}`),
    growth: (studentId: number) => client.get<Out<typeof c.practiceGrowth>>(`${MGMT}/practice/growth`, { query: { studentId } }),
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
    classView: (code: string) => client.get<Out<typeof c.h5PracticeClass>>(`${MGMT}/h5/practice/class`, { query: { code } }),
    mine: (who: PracticeWho) => client.post<Out<typeof c.h5PracticeMine>>(`${MGMT}/h5/practice/mine`, who),
    submitText: (who: PracticeWho, text: string) => client.post<Out<typeof c.h5PracticeSubmitted>>(`${MGMT}/h5/practice/submit`, { ...who, text }),
    submitPhotos: (who: PracticeWho, photos: Blob[]) => {
      const form = new FormData();
      form.append('classCode', who.classCode);
      form.append('studentId', String(who.studentId));
      form.append('studentCode', who.studentCode);
      form.append('practiceId', String(who.practiceId));
      photos.forEach((p, i) => form.append('photo', p, `photo-${i + 1}.jpg`));
      return client.upload<Out<typeof c.h5PracticeSubmitted>>(`${MGMT}/h5/practice/submit`, form);
    },
  };
}
export type H5PracticeApi = ReturnType<typeof h5PracticeApi>;

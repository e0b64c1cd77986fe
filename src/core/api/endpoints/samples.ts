import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as c from '../contracts/samples';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;
type In<T extends z.ZodType> = z.input<T>;

/** Excellent sample essays (/excellentArticle pages). */
export function samplesApi(client: ApiClient) {
  return {
    /** 400 ESSAY_NOT_APPROVED, 409 SAMPLE_EXISTS (shown by the caller). */
    propose: (essayId: number, reason = '') => client.post<Out<typeof c.sampleSummary>>(`${MGMT}/samples/propose`, { essayId, reason }),
    preList: () => client.get<Out<typeof c.preList>>(`${MGMT}/samples/preList`),
    detail: (id: number) => client.get<Out<typeof c.sampleDetail>>(`${MGMT}/samples/detail`, { query: { id } }),
    save: (body: In<typeof c.saveSampleBody>) => client.post<Out<typeof c.sampleDetail>>(`${MGMT}/samples/save`, body),
    publish: (id: number) => client.post<Out<typeof c.sampleDetail>>(`${MGMT}/samples/publish`, { id }),
    unpublish: (id: number) => client.post<Out<typeof c.sampleDetail>>(`${MGMT}/samples/unpublish`, { id }),
    withdraw: (id: number) => client.post<{ id: number }>(`${MGMT}/samples/withdraw`, { id }),
    check: (id: number, approve: boolean, note = '') => client.post<Out<typeof c.sampleDetail>>(`${MGMT}/samples/check`, { id, approve, note }),
    list: (query: c.SampleListQuery) => client.get<Out<typeof c.sampleList>>(`${MGMT}/samples/list`, { query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number> }),
    home: (query: { grade?: number; genre?: string } = {}) => client.get<Out<typeof c.sampleHome>>(`${MGMT}/samples/home`, { query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number> }),
    like: (id: number) => client.post<Out<typeof c.likeResult>>(`${MGMT}/samples/like`, { id }),
  };
}
export type SamplesApi = ReturnType<typeof samplesApi>;

/** The H5 reading page (class code; published samples only). */
export function h5SamplesApi(client: ApiClient) {
  return {
    list: (classCode: string) => client.get<Out<typeof c.h5SampleList>>(`${MGMT}/h5/samples`, { query: { classCode } }),
    /** With the pupil, the answer says whether they liked it. */
    detail: (classCode: string, id: number, pupil?: { studentId: number; studentCode: string }) => client.get<Out<typeof c.sampleDetail>>(`${MGMT}/h5/samples/detail`, { query: { classCode, id, ...pupil } }),
    like: (classCode: string, id: number, pupil: { studentId: number; studentCode: string }) => client.post<Out<typeof c.likeResult>>(`${MGMT}/h5/samples/like`, { classCode, id, ...pupil }),
  };
}
export type H5SamplesApi = ReturnType<typeof h5SamplesApi>;

import type { z } from 'zod';
import type { ApiClient } from '../client';
import { samples as samplesRoutes } from '../routes/samples';
import type * as c from '../contracts/samples';
type In<T extends z.ZodType> = z.input<T>;

/** Excellent sample essays (/excellentArticle pages). */
export function samplesApi(client: ApiClient) {
  return {
    /** 400 ESSAY_NOT_APPROVED, 409 SAMPLE_EXISTS (shown by the caller). */
    propose: (essayId: number, reason = '') => client.call(samplesRoutes.samplesPropose, { body: { essayId, reason } }),
    preList: () => client.call(samplesRoutes.samplesPreList),
    detail: (id: number) => client.call(samplesRoutes.samplesDetail, { query: { id } }),
    save: (body: In<typeof c.saveSampleBody>) => client.call(samplesRoutes.samplesSave, { body }),
    publish: (id: number) => client.call(samplesRoutes.samplesPublish, { body: { id } }),
    unpublish: (id: number) => client.call(samplesRoutes.samplesUnpublish, { body: { id } }),
    withdraw: (id: number) => client.call(samplesRoutes.samplesWithdraw, { body: { id } }),
    check: (id: number, approve: boolean, note = '') => client.call(samplesRoutes.samplesCheck, { body: { id, approve, note } }),
    list: (query: c.SampleListQuery) => client.call(samplesRoutes.samplesList, { query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number> }),
    home: (query: { grade?: number; genre?: string } = {}) => client.call(samplesRoutes.samplesHome, { query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number> }),
    like: (id: number) => client.call(samplesRoutes.samplesLike, { body: { id } }),
  };
}
export type SamplesApi = ReturnType<typeof samplesApi>;

/** The H5 reading page (class code; published samples only). */
export function h5SamplesApi(client: ApiClient) {
  return {
    list: (classCode: string) => client.call(samplesRoutes.h5Samples, { query: { classCode } }),
    /** With the pupil, the answer says whether they liked it. */
    detail: (classCode: string, id: number, pupil?: { studentId: number; studentCode: string }) => client.call(samplesRoutes.h5SamplesDetail, { query: { classCode, id, ...pupil } }),
    like: (classCode: string, id: number, pupil: { studentId: number; studentCode: string }) => client.call(samplesRoutes.h5SamplesLike, { body: { classCode, id, ...pupil } }),
  };
}
export type H5SamplesApi = ReturnType<typeof h5SamplesApi>;

import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as p from '../contracts/prompt-bank';
import type { Paged } from '../contracts/paging';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;
type In<T extends z.ZodType> = z.input<T>;
/** Query objects: the parsed shape, every field optional unless said. */
type Query<T extends z.ZodType> = Partial<z.output<T>>;

/** Prompt bank: public prompts (writingSource) and the teacher's own (teacherWritingSource). */
export function promptBankApi(client: ApiClient) {
  return {
    page: (query: Query<typeof p.sourcePageQuery> = {}) => client.get<Paged<Out<typeof p.writingSource>>>(`${MGMT}/writingSource/pageSource`, { query }),
    themes: (query: Query<typeof p.themesQuery> = {}) => client.get<string[]>(`${MGMT}/writingSource/themes`, { query }),
    topics: (query: Query<typeof p.topicsQuery> = {}) => client.get<string[]>(`${MGMT}/writingSource/topics`, { query }),
    types: () => client.get<Out<typeof p.typeItem>[]>(`${MGMT}/writingSource/types`),
    units: (grade: number, term?: number) => client.get<number[]>(`${MGMT}/writingSource/units`, { query: { grade, term } }),
    get: (id: number) => client.get<Out<typeof p.writingSource>>(`${MGMT}/writingSource/getSource`, { query: { id } }),
    myPage: (query: Query<typeof p.sourcePageQuery> = {}) => client.get<Paged<Out<typeof p.writingSource>>>(`${MGMT}/teacherWritingSource/pageSource`, { query }),
    /** Copies a public prompt into the caller's own bank. */
    toPersonal: (id: number) => client.get<Out<typeof p.writingSource>>(`${MGMT}/teacherWritingSource/toPersonal`, { query: { id } }),
    getMine: (id: number) => client.get<Out<typeof p.writingSource>>(`${MGMT}/teacherWritingSource/getSource`, { query: { id } }),
    /** Creates (no id) or updates (id) one of the caller's prompts. */
    save: (body: In<typeof p.sourceBody>) => client.post<Out<typeof p.writingSource>>(`${MGMT}/teacherWritingSource/saveSource`, body, { silent: true }),
    remove: (id: number) => client.delete<{ deleted: number }>(`${MGMT}/teacherWritingSource/deleteSource/${id}`),
  };
}
export type PromptBankApi = ReturnType<typeof promptBankApi>;

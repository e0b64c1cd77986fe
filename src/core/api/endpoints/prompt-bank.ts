import type { z } from 'zod';
import type { ApiClient } from '../client';
import { promptBank as promptBankRoutes } from '../routes/prompt-bank';
import type * as p from '../contracts/prompt-bank';
type In<T extends z.ZodType> = z.input<T>;
/** Query objects: the parsed shape, every field optional unless said. */
type Query<T extends z.ZodType> = Partial<z.output<T>>;

/** Prompt bank: public prompts (writingSource) and the teacher's own (teacherWritingSource). */
export function promptBankApi(client: ApiClient) {
  return {
    page: (query: Query<typeof p.sourcePageQuery> = {}) => client.call(promptBankRoutes.writingSourcePageSource, { query }),
    themes: (query: Query<typeof p.themesQuery> = {}) => client.call(promptBankRoutes.writingSourceThemes, { query }),
    topics: (query: Query<typeof p.topicsQuery> = {}) => client.call(promptBankRoutes.writingSourceTopics, { query }),
    types: () => client.call(promptBankRoutes.writingSourceTypes),
    units: (grade: number, term?: number) => client.call(promptBankRoutes.writingSourceUnits, { query: { grade, term } }),
    get: (id: number) => client.call(promptBankRoutes.writingSourceGetSource, { query: { id } }),
    myPage: (query: Query<typeof p.sourcePageQuery> = {}) => client.call(promptBankRoutes.teacherWritingSourcePageSource, { query }),
    /** Copies a public prompt into the caller's own bank. */
    toPersonal: (id: number) => client.call(promptBankRoutes.teacherWritingSourceToPersonal, { query: { id } }),
    getMine: (id: number) => client.call(promptBankRoutes.teacherWritingSourceGetSource, { query: { id } }),
    /** Creates (no id) or updates (id) one of the caller's prompts. */
    save: (body: In<typeof p.sourceBody>) => client.call(promptBankRoutes.teacherWritingSourceSaveSource, { body }, { silent: true }),
    remove: (id: number) => client.call(promptBankRoutes.teacherWritingSourceDeleteSource, { params: { id } }),
  };
}
export type PromptBankApi = ReturnType<typeof promptBankApi>;

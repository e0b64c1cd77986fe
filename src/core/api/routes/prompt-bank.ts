import type * as p from '../contracts/prompt-bank';
import type * as shapes from '../contracts/shapes/prompt-bank';
import type { idQuery } from '../contracts/paging';
import type { idParams } from '../contracts/paging';
import { route } from './route';

/** /platform-management: prompt-bank.ts routes. */
export const promptBank = {
  writingSourcePageSource: route<{ query: typeof p.sourcePageQuery; answer: typeof shapes.writingSourcePageSourceAnswer }>('GET', '/platform-management/writingSource/pageSource', {
    summary: "Public prompts, paged, filtered by grade, unit, term, genre, theme, topic or keyword",
    tags: ["platform-management: prompt bank"],
  }),
  writingSourceThemes: route<{ query: typeof p.themesQuery; answer: typeof shapes.writingSourceThemesAnswer }>('GET', '/platform-management/writingSource/themes', {
    summary: "Themes of the public prompts",
    tags: ["platform-management: prompt bank"],
  }),
  writingSourceTopics: route<{ query: typeof p.topicsQuery; answer: typeof shapes.writingSourceTopicsAnswer }>('GET', '/platform-management/writingSource/topics', {
    summary: "Topics of the public prompts (optionally of one theme)",
    tags: ["platform-management: prompt bank"],
  }),
  writingSourceTypes: route<{ answer: typeof shapes.writingSourceTypesAnswer }>('GET', '/platform-management/writingSource/types', {
    summary: "Genres with the number of public prompts in each",
    tags: ["platform-management: prompt bank"],
  }),
  writingSourceUnits: route<{ query: typeof p.unitsQuery; answer: typeof shapes.writingSourceUnitsAnswer }>('GET', '/platform-management/writingSource/units', {
    summary: "Units of a grade that have prompts (grade → unit → topic cascade)",
    tags: ["platform-management: prompt bank"],
  }),
  writingSourceGetSource: route<{ query: typeof idQuery; answer: typeof p.writingSource }>('GET', '/platform-management/writingSource/getSource', {
    summary: "One public prompt",
    tags: ["platform-management: prompt bank"],
  }),
  teacherWritingSourcePageSource: route<{ query: typeof p.sourcePageQuery; answer: typeof shapes.teacherWritingSourcePageSourceAnswer }>('GET', '/platform-management/teacherWritingSource/pageSource', {
    summary: "The caller’s own prompts, paged",
    tags: ["platform-management: prompt bank"],
  }),
  teacherWritingSourceToPersonal: route<{ query: typeof idQuery; answer: typeof p.writingSource }>('GET', '/platform-management/teacherWritingSource/toPersonal', {
    summary: "Copy a public prompt into the caller’s own bank",
    tags: ["platform-management: prompt bank"],
  }),
  teacherWritingSourceGetSource: route<{ query: typeof idQuery; answer: typeof p.writingSource }>('GET', '/platform-management/teacherWritingSource/getSource', {
    summary: "One of the caller’s own prompts",
    tags: ["platform-management: prompt bank"],
  }),
  teacherWritingSourceSaveSource: route<{ body: typeof p.sourceBody; answer: typeof p.writingSource }>('POST', '/platform-management/teacherWritingSource/saveSource', {
    summary: "Create (no id) or update (id) one of the caller’s prompts",
    tags: ["platform-management: prompt bank"],
  }),
  teacherWritingSourceDeleteSource: route<{ params: typeof idParams; answer: typeof shapes.teacherWritingSourceDeleteSourceAnswer }>('DELETE', '/platform-management/teacherWritingSource/deleteSource/:id', {
    summary: "Delete one of the caller’s prompts",
    tags: ["platform-management: prompt bank"],
  }),
};

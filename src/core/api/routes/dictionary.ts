import type * as c from '../contracts/platform';
import type * as shapes from '../contracts/shapes/dictionary';
import { route } from './route';

/** /platform-system: dictionary.ts routes. */
export const dictionary = {
  dictDetail: route<{ query: typeof c.dictQuery; answer: typeof shapes.dictDetailAnswer }>('GET', '/platform-system/api/dictDetail', {
    summary: "Items of one dictionary",
    tags: ["platform-system: dictionary"],
  }),
  dictDetailMap: route<{ query: typeof c.dictMapQuery; answer: typeof shapes.dictDetailMapAnswer }>('GET', '/platform-system/api/dictDetail/map', {
    summary: "Items of several dictionaries (comma-separated names), keyed by name",
    tags: ["platform-system: dictionary"],
  }),
};

import type * as c from '../contracts/platform';
import { route } from './route';

/** /platform-management: school.ts routes. */
export const school = {
  mSchoolSchoolInfo: route<{ answer: typeof c.schoolInfo }>('GET', '/platform-management/mSchool/schoolInfo', {
    summary: "School of the current identity",
    tags: ["platform-management: school"],
  }),
  schoolVersionGet: route<{ query: typeof c.schoolVersionQuery; answer: typeof c.schoolVersion }>('GET', '/platform-management/schoolVersion/get', {
    summary: "Product version of a school (defaults to the caller’s; other schools are refused)",
    tags: ["platform-management: school"],
  }),
};

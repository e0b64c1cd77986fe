import type * as c from '../contracts/practice';
import { route } from './route';

/** /platform-management: practice-h5.ts routes. */
export const practiceH5 = {
  practiceClass: route<{ query: typeof c.h5PracticeClassQuery; answer: typeof c.h5PracticeClass }>('GET', '/platform-management/h5/practice/class', {
    summary: "The class’s started practices and classroom writings (state, time left) and its roster (names, masked ids)",
    tags: ["platform-management: practice on H5 (public)"],
    public: true,
  }),
  practiceMine: route<{ body: typeof c.h5PracticeWho; answer: typeof c.h5PracticeMine }>('POST', '/platform-management/h5/practice/mine', {
    summary: "The student’s attempts of a practice with the AI’s feedback and the teacher’s comments (student code in the body)",
    tags: ["platform-management: practice on H5 (public)"],
    errors: [404, 409, 413, 415],
    public: true,
  }),
  practiceSubmit: route<{ body: typeof c.h5PracticeSubmit; answer: typeof c.h5PracticeSubmitted }>('POST', '/platform-management/h5/practice/submit', {
    summary: "An attempt: JSON with the typed text, or multipart (fields classCode, studentId, studentCode, practiceId first, then up to 3 photos). Refused once the practice is closed or the classroom writing ended (403 PRACTICE_CLOSED) and past the attempts allowed (409); the AI's feedback follows at once (poll h5/practice/mine)",
    tags: ["platform-management: practice on H5 (public)"],
    errors: [404, 409, 413, 415],
    public: true,
    consumes: ["multipart/form-data","application/json"],
  }),
};

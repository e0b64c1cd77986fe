import type * as shapes from '../contracts/shapes/lcw';
import type * as l from '../contracts/lcw';
import type { idParams } from '../contracts/paging';
import type { idQuery } from '../contracts/paging';
import { route } from './route';

/** /platform-management: lcw.ts routes. */
export const lcw = {
  lcwClasses: route<{ answer: typeof shapes.lcwClassesAnswer }>('GET', '/platform-management/lcw/classes', {
    summary: "Classes the caller may give a test to (a teacher: their own; others: the school)",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
  }),
  lcwQuestions: route<{ query: typeof l.questionQuery; answer: typeof l.questionPage }>('GET', '/platform-management/lcw/questions', {
    summary: "The school's etiquette question bank, by kind and keyword, paged",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
  }),
  lcwQuestionsPost: route<{ body: typeof l.questionBody; answer: typeof shapes.idOut }>('POST', '/platform-management/lcw/questions', {
    summary: "Add a question (single/multiple choice with 2–6 options, true/false, short answer)",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
  }),
  lcwQuestionsPostById: route<{ params: typeof idParams; body: typeof l.questionBody; answer: typeof shapes.idOut }>('POST', '/platform-management/lcw/questions/:id', {
    summary: "Change a question (a teacher: only their own); tests keep the copy they were built with",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
    errors: [404, 409],
  }),
  lcwQuestionsDelete: route<{ query: typeof idQuery; answer: typeof shapes.idOut }>('DELETE', '/platform-management/lcw/questions', {
    summary: "Remove a question from the bank (a teacher: only their own)",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
    errors: [404, 409],
  }),
  lcwQuestionsTemplate: route('GET', '/platform-management/lcw/questions/template', {
    summary: "The import template with an example of each kind (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
  }),
  lcwQuestionsImport: route<{ body: typeof l.importBody; answer: typeof l.importResult }>('POST', '/platform-management/lcw/questions/import', {
    summary: "Import questions from the xlsx template (Base64, ≤ 1024 KB, ≤ 500 lines); good lines go in, refused lines come back with the reason",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
  }),
  lcwTests: route<{ query: typeof l.testQuery; answer: typeof l.testPage }>('GET', '/platform-management/lcw/tests', {
    summary: "Tests the caller sees with participation, average and marking still to do, newest first",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
  }),
  lcwTestsGet: route<{ params: typeof idParams; answer: typeof l.testDetail }>('GET', '/platform-management/lcw/tests/:id', {
    summary: "One test with its questions and right answers (staff only)",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
    errors: [404, 409],
  }),
  lcwTestsPost: route<{ body: typeof l.testBody; answer: typeof shapes.idOut }>('POST', '/platform-management/lcw/tests', {
    summary: "Build a test from bank questions for the caller’s classes; publish at once or keep a draft",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
    errors: [404, 409],
  }),
  lcwTestsPostById: route<{ params: typeof idParams; body: typeof l.testBody; answer: typeof shapes.idOut }>('POST', '/platform-management/lcw/tests/:id', {
    summary: "Change a draft test (a published one is fixed: 409)",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
    errors: [404, 409],
  }),
  lcwTestsPublish: route<{ params: typeof idParams; answer: typeof shapes.idOut }>('POST', '/platform-management/lcw/tests/:id/publish', {
    summary: "Publish a draft: the classes’ students see it on the phone",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
    errors: [404, 409],
  }),
  lcwTestsDelete: route<{ query: typeof idQuery; answer: typeof shapes.idOut }>('DELETE', '/platform-management/lcw/tests', {
    summary: "Remove a test nobody has answered yet",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
    errors: [404, 409],
  }),
  lcwTestsResults: route<{ params: typeof idParams; answer: typeof l.testResults }>('GET', '/platform-management/lcw/tests/:id/results', {
    summary: "particularsLcw: per question score rate, difficulty and option picks; per student score or not submitted",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
    errors: [404, 409],
  }),
  lcwSubmissions: route<{ params: typeof idParams; answer: typeof l.submissionDetail }>('GET', '/platform-management/lcw/submissions/:id', {
    summary: "One student's answers with right answers, scores and the teacher's comments",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
    errors: [404, 409],
  }),
  lcwMarking: route<{ query: typeof l.markingQuery; answer: typeof shapes.lcwMarkingAnswer }>('GET', '/platform-management/lcw/marking', {
    summary: "examineLcw: short answers of a test (onlyPending=1: those not marked yet)",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
    errors: [404, 409],
  }),
  lcwMarkingPost: route<{ body: typeof l.markBody; answer: typeof shapes.lcwMarkingPostAnswer }>('POST', '/platform-management/lcw/marking', {
    summary: "Mark a short answer (0 to the question's points, with a comment); the submission's score follows",
    tags: ["platform-management: etiquette test (礼仪测试, /lcwAts)"],
    errors: [404, 409],
  }),
  h5LcwClass: route<{ body: typeof l.h5LcwClassBody; answer: typeof l.h5LcwClass }>('POST', '/platform-management/h5/lcw/class', {
    summary: "The class's started tests and its students' names (class code from the login QR with lcwProgram=1)",
    tags: ["platform-management: etiquette test on the phone (public)"],
    public: true,
  }),
  h5LcwTest: route<{ body: typeof l.h5LcwTestBody; answer: typeof l.h5LcwTest }>('POST', '/platform-management/h5/lcw/test', {
    summary: "A test's questions (no answers) and the student's own submission; right answers after the deadline",
    tags: ["platform-management: etiquette test on the phone (public)"],
    errors: [404, 409],
    public: true,
  }),
  h5LcwSubmit: route<{ body: typeof l.h5LcwSubmitBody; answer: typeof shapes.h5LcwSubmitAnswer }>('POST', '/platform-management/h5/lcw/submit', {
    summary: "Send the answers once, before the deadline; scored on the server (short answers wait for the teacher)",
    tags: ["platform-management: etiquette test on the phone (public)"],
    errors: [404, 409],
    public: true,
  }),
};

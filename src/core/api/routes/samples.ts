import type * as c from '../contracts/samples';
import type * as shapes from '../contracts/shapes/samples';
import { route } from './route';

/** /platform-management: samples.ts routes. */
export const samples = {
  samplesPropose: route<{ body: typeof c.proposeBody; answer: typeof c.sampleSummary }>('POST', '/platform-management/samples/propose', {
    summary: "Propose an approved essay as a sample (to be released); other essays 400 ESSAY_NOT_APPROVED, an essay already proposed 409",
    tags: ["platform-management: excellent sample essays"],
    errors: [404, 409],
  }),
  samplesPreList: route<{ answer: typeof c.preList }>('GET', '/platform-management/samples/preList', {
    summary: "pre-list: samples to be released or awaiting review, and the AI’s suggestions (highest approved essays of recent tasks, with why)",
    tags: ["platform-management: excellent sample essays"],
  }),
  samplesDetail: route<{ query: typeof c.sampleIdQuery; answer: typeof c.sampleDetail }>('GET', '/platform-management/samples/detail', {
    summary: "A sample the caller may see: essay text, highlights, pages, comments, evaluation",
    tags: ["platform-management: excellent sample essays"],
    errors: [404],
  }),
  samplesSave: route<{ body: typeof c.saveSampleBody; answer: typeof c.sampleDetail }>('POST', '/platform-management/samples/save', {
    summary: "edit: title, cover, abstract, AI review, evaluation, scope (class/grade/campus), name shown, tags, highlights; only while to be released",
    tags: ["platform-management: excellent sample essays"],
    errors: [404, 409],
  }),
  samplesPublish: route<{ body: typeof c.sampleIdBody; answer: typeof c.sampleDetail }>('POST', '/platform-management/samples/publish', {
    summary: "to be released → published (class, grade) or → awaiting review (campus)",
    tags: ["platform-management: excellent sample essays"],
    errors: [404, 409],
  }),
  samplesUnpublish: route<{ body: typeof c.sampleIdBody; answer: typeof c.sampleDetail }>('POST', '/platform-management/samples/unpublish', {
    summary: "published or awaiting review → to be released",
    tags: ["platform-management: excellent sample essays"],
    errors: [404, 409],
  }),
  samplesWithdraw: route<{ body: typeof c.sampleIdBody; answer: typeof shapes.samplesWithdrawAnswer }>('POST', '/platform-management/samples/withdraw', {
    summary: "Remove a proposal (not while published)",
    tags: ["platform-management: excellent sample essays"],
    errors: [404, 409],
  }),
  samplesCheck: route<{ body: typeof c.checkBody; answer: typeof c.sampleDetail }>('POST', '/platform-management/samples/check', {
    summary: "exCheck: a headmaster of the campus or the class’s teacher confirms (→ published campus-wide) or sends back with a note",
    tags: ["platform-management: excellent sample essays"],
    errors: [404, 409],
  }),
  samplesList: route<{ query: typeof c.sampleListQuery; answer: typeof c.sampleList }>('GET', '/platform-management/samples/list', {
    summary: "list: search, grade, genre, theme, status, task, class, sort by date or likes, paging",
    tags: ["platform-management: excellent sample essays"],
  }),
  samplesHome: route<{ query: typeof c.homeQuery; answer: typeof c.sampleHome }>('GET', '/platform-management/samples/home', {
    summary: "exceHome: featured and latest published samples, counts by grade and genre",
    tags: ["platform-management: excellent sample essays"],
  }),
  samplesLike: route<{ body: typeof c.sampleIdBody; answer: typeof c.likeResult }>('POST', '/platform-management/samples/like', {
    summary: "Like a published sample once per reader (again = no change)",
    tags: ["platform-management: excellent sample essays"],
    errors: [404],
  }),
  h5Samples: route<{ query: typeof c.h5SamplesQuery; answer: typeof c.h5SampleList }>('GET', '/platform-management/h5/samples', {
    summary: "Published samples whose scope reaches the class of the code",
    tags: ["platform-management: excellent sample essays on H5 (public)"],
    public: true,
  }),
  h5SamplesDetail: route<{ query: typeof c.h5SampleQuery; answer: typeof c.sampleDetail }>('GET', '/platform-management/h5/samples/detail', {
    summary: "A published sample of the class: original pages and comments (404 before publication); with studentId and studentCode, whether that pupil liked it",
    tags: ["platform-management: excellent sample essays on H5 (public)"],
    errors: [404],
    public: true,
  }),
  h5SamplesLike: route<{ body: typeof c.h5LikeBody; answer: typeof c.likeResult }>('POST', '/platform-management/h5/samples/like', {
    summary: "Like once per pupil: their studentId and own student code (学生码), checked like the other H5 pupil pages; rate-limited per address and per pupil",
    tags: ["platform-management: excellent sample essays on H5 (public)"],
    errors: [404],
    public: true,
  }),
};

import type * as c from '../contracts/correction';
import { route } from './route';

/** /platform-management: correction.ts routes. */
export const correction = {
  correction: route<{ params: typeof c.correctionIdParams; answer: typeof c.correction }>('GET', '/platform-management/workManager/correction/:id', {
    summary: "An essay's full AI correction: status, transcript, scores per dimension with evidence, comments, notes with transcript offsets and page boxes, flags, engine",
    tags: ["platform-management: AI correction"],
  }),
  correctionRerun: route<{ params: typeof c.correctionIdParams; body: typeof c.rerunBody; answer: typeof c.correctionQueued }>('POST', '/platform-management/workManager/correction/:id/rerun', {
    summary: "Run the AI review again (replaces the AI results; refused for approved essays; confirmOverwrite required once a teacher has edited the review, which then clears the teacher’s transcript, dimension scores, annotations and score but keeps the comment)",
    tags: ["platform-management: AI correction"],
  }),
  correctionVisionRead: route<{ params: typeof c.correctionIdParams; body: typeof c.rerunBody; answer: typeof c.correctionQueued }>('POST', '/platform-management/workManager/correction/:id/visionRead', {
    summary: "Read the pages again with the school’s vision model (AI_OCR_MODEL), then run the AI review: a re-run in every other way (confirmOverwrite as there); 400 VISION_OCR_OFF when no vision model is configured; a page the model fails on is read locally and flagged",
    tags: ["platform-management: AI correction"],
  }),
  correctionInsist: route<{ params: typeof c.correctionIdParams; answer: typeof c.correctionQueued }>('POST', '/platform-management/workManager/correction/:id/insist', {
    summary: "Correct an abnormal essay anyway (results may be less accurate)",
    tags: ["platform-management: AI correction"],
  }),
  jobs: route<{ params: typeof c.essayIdParams; answer: typeof c.essayJob }>('GET', '/platform-management/workManager/jobs/:essayId', {
    summary: "The essay's AI job: queued, running with progress, done or failed",
    tags: ["platform-management: AI correction"],
  }),
  jobsEvents: route<{ params: typeof c.essayIdParams }>('GET', '/platform-management/workManager/jobs/:essayId/events', {
    summary: "The essay's AI job live, as server-sent events: a `job` event (essayJob) at once and whenever the job moves in any process (queued, progress, running), one `done` event when it is done, failed or gone, then the stream closes",
    tags: ["platform-management: AI correction"],
  }),
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/correction';
import { authOf } from '../../plugins/request-context';
import { correctionService } from '../../services/correction-service';
import { createJobWatch } from '../../services/job-watch';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: AI correction'];

/** `workManager/correction/*` and `workManager/jobs/*`: an essay's AI correction, re-run, read again with the vision model, insist, job progress. */
export const correctionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = correctionService(services.deps);
  app.get('/workManager/correction/:id', {
    schema: { tags, summary: "An essay's full AI correction: status, transcript, scores per dimension with evidence, comments, notes with transcript offsets and page boxes, flags, engine", params: c.correctionIdParams, response: responses(c.correction) },
  }, async (req) => ok(await svc.get(authOf(req), req.params.id)));
  app.post('/workManager/correction/:id/rerun', {
    schema: { tags, summary: 'Run the AI review again (replaces the AI results; refused for approved essays; confirmOverwrite required once a teacher has edited the review, which then clears the teacher’s transcript, dimension scores, annotations and score but keeps the comment)', params: c.correctionIdParams, body: c.rerunBody, response: responses(c.correctionQueued) },
  }, async (req) => ok(await svc.rerun(authOf(req), req.params.id, req.body.confirmOverwrite)));
  app.post('/workManager/correction/:id/visionRead', {
    schema: { tags, summary: 'Read the pages again with the school’s vision model (AI_OCR_MODEL), then run the AI review: a re-run in every other way (confirmOverwrite as there); 400 VISION_OCR_OFF when no vision model is configured; a page the model fails on is read locally and flagged', params: c.correctionIdParams, body: c.rerunBody, response: responses(c.correctionQueued) },
  }, async (req) => ok(await svc.visionRead(authOf(req), req.params.id, req.body.confirmOverwrite)));
  app.post('/workManager/correction/:id/insist', {
    schema: { tags, summary: 'Correct an abnormal essay anyway (results may be less accurate)', params: c.correctionIdParams, response: responses(c.correctionQueued) },
  }, async (req) => ok(await svc.insist(authOf(req), req.params.id)));
  app.get('/workManager/jobs/:essayId', {
    schema: { tags, summary: "The essay's AI job: queued, running with progress, done or failed", params: c.essayIdParams, response: responses(c.essayJob) },
  }, async (req) => ok(await svc.job(authOf(req), req.params.essayId)));

  const watch = createJobWatch(services.deps.events);
  app.get('/workManager/jobs/:essayId/events', {
    schema: { tags, summary: "The essay's AI job live, as server-sent events: a `job` event (essayJob) at once and whenever the job moves in any process (queued, progress, running), one `done` event when it is done, failed or gone, then the stream closes", params: c.essayIdParams },
  }, async (req, reply) => {
    const auth = authOf(req);
    const topic = `essay:${req.params.essayId}`;
    const closed = new AbortController();
    // Listening before the first read, so a step reported meanwhile is not missed.
    let moved = watch.next(topic, watch.fallbackMs, closed.signal);
    let view = await svc.job(auth, req.params.essayId);
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    req.raw.on('close', () => closed.abort());
    let last = '';
    for (;;) {
      const finished = !view.job || view.job.status === 'done' || view.job.status === 'failed';
      const data = JSON.stringify(view);
      if (data !== last || finished) reply.raw.write(`event: ${finished ? 'done' : 'job'}\ndata: ${data}\n\n`);
      last = data;
      if (finished || closed.signal.aborted) break;
      await moved;
      moved = watch.next(topic, watch.fallbackMs, closed.signal);
      view = await svc.job(auth, req.params.essayId).catch(() => ({ ...view, job: null }));
    }
    closed.abort();
    reply.raw.end();
  });
};

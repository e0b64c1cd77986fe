import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/correction';
import { authOf } from '../../plugins/request-context';
import { correctionService } from '../../services/correction-service';
import { createJobWatch } from '../../services/job-watch';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { correction as rt } from '../../../core/api/routes/correction';
import { defineRoute } from '../define-route';

/** `workManager/correction/*` and `workManager/jobs/*`: an essay's AI correction, re-run, read again with the vision model, insist, job progress. */
export const correctionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = correctionService(services.deps);
  defineRoute(app, rt.correction, { params: c.correctionIdParams, answer: c.correction }, async (req) => ok(await svc.get(authOf(req), req.params.id)));
  defineRoute(app, rt.correctionRerun, { params: c.correctionIdParams, body: c.rerunBody, answer: c.correctionQueued }, async (req) => ok(await svc.rerun(authOf(req), req.params.id, req.body.confirmOverwrite)));
  defineRoute(app, rt.correctionVisionRead, { params: c.correctionIdParams, body: c.rerunBody, answer: c.correctionQueued }, async (req) => ok(await svc.visionRead(authOf(req), req.params.id, req.body.confirmOverwrite)));
  defineRoute(app, rt.correctionInsist, { params: c.correctionIdParams, answer: c.correctionQueued }, async (req) => ok(await svc.insist(authOf(req), req.params.id)));
  defineRoute(app, rt.jobs, { params: c.essayIdParams, answer: c.essayJob }, async (req) => ok(await svc.job(authOf(req), req.params.essayId)));

  const watch = createJobWatch(services.deps.events);
  defineRoute(app, rt.jobsEvents, { params: c.essayIdParams }, async (req, reply) => {
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

import type { z } from 'zod';
import type { ApiClient } from '../client';
import { correction as correctionRoutes } from '../routes/correction';
import { pathOf } from '../routes/route';
import type * as c from '../contracts/correction';
type Out<T extends z.ZodType> = z.infer<T>;

/** AI correction of an essay: the full result, re-run, read again with the vision model, insist on an abnormal essay, job progress. */
export function correctionApi(client: ApiClient) {
  return {
    get: (essayId: number) => client.call(correctionRoutes.correction, { params: { id: essayId } }),
    rerun: (essayId: number, confirmOverwrite = false) => client.call(correctionRoutes.correctionRerun, { params: { id: essayId }, body: { confirmOverwrite } }, { silent: true }),
    visionRead: (essayId: number, confirmOverwrite = false) => client.call(correctionRoutes.correctionVisionRead, { params: { id: essayId }, body: { confirmOverwrite } }, { silent: true }),
    insist: (essayId: number) => client.call(correctionRoutes.correctionInsist, { params: { id: essayId } }),
    job: (essayId: number) => client.call(correctionRoutes.jobs, { params: { essayId } }),
    /** The job live (server-sent events, pushed as a worker in any process moves it) until its `done` event or the signal aborts. */
    jobEvents: (essayId: number, onEvent: (event: 'job' | 'done', view: Out<typeof c.essayJob>) => void, signal: AbortSignal) =>
      client.events(pathOf(correctionRoutes.jobsEvents, { essayId }), (event, data) => onEvent(event === 'done' ? 'done' : 'job', JSON.parse(data) as Out<typeof c.essayJob>), { signal, silent: true }),
  };
}
export type CorrectionApi = ReturnType<typeof correctionApi>;

import type { z } from 'zod';
import type { ApiClient } from '../client';
import type * as c from '../contracts/correction';

const MGMT = '/platform-management';
type Out<T extends z.ZodType> = z.infer<T>;

/** AI correction of an essay: the full result, re-run, read again with the vision model, insist on an abnormal essay, job progress. */
export function correctionApi(client: ApiClient) {
  return {
    get: (essayId: number) => client.get<Out<typeof c.correction>>(`${MGMT}/workManager/correction/${essayId}`),
    rerun: (essayId: number, confirmOverwrite = false) => client.post<Out<typeof c.correctionQueued>>(`${MGMT}/workManager/correction/${essayId}/rerun`, { confirmOverwrite }, { silent: true }),
    visionRead: (essayId: number, confirmOverwrite = false) => client.post<Out<typeof c.correctionQueued>>(`${MGMT}/workManager/correction/${essayId}/visionRead`, { confirmOverwrite }, { silent: true }),
    insist: (essayId: number) => client.post<Out<typeof c.correctionQueued>>(`${MGMT}/workManager/correction/${essayId}/insist`, {}),
    job: (essayId: number) => client.get<Out<typeof c.essayJob>>(`${MGMT}/workManager/jobs/${essayId}`),
    /** The job live (server-sent events, pushed as a worker in any process moves it) until its `done` event or the signal aborts. */
    jobEvents: (essayId: number, onEvent: (event: 'job' | 'done', view: Out<typeof c.essayJob>) => void, signal: AbortSignal) =>
      client.events(`${MGMT}/workManager/jobs/${essayId}/events`, (event, data) => onEvent(event === 'done' ? 'done' : 'job', JSON.parse(data) as Out<typeof c.essayJob>), { signal, silent: true }),
  };
}
export type CorrectionApi = ReturnType<typeof correctionApi>;

import type { TaskRow } from '../repositories/tasks';

/**
 * A task's status at `now`: a scheduled task whose release time has come is released, whether or
 * not the release job has written it yet. Reads compute it, so no read writes (the job only keeps the
 * stored column fresh for the dashboards).
 */
export function taskStatusAt(t: Pick<TaskRow, 'status' | 'releaseAt'>, now: Date): 'scheduled' | 'released' {
  return t.status === 'scheduled' && t.releaseAt > now ? 'scheduled' : 'released';
}

import { useEffect } from 'react';
import type { EssaysApi } from '../../core/api/endpoints/essays';
import { useAsync } from '../hooks/use-async';
import { anyAiBusy } from './list-model';

/** How often the list refreshes while the AI works on some essay. */
export const LIVE_POLL_MS = 4000;

/**
 * The class essay list of a task, refreshed every few seconds while any essay waits for or runs its
 * AI review, so the teacher sees scores arrive without reloading; polling stops when all are done.
 */
export function useLiveWritingList(essays: EssaysApi, taskId: number | undefined, classId: number | undefined, refreshKey = 0, pollMs = LIVE_POLL_MS) {
  const list = useAsync(() => (taskId && classId ? essays.list(taskId, classId) : Promise.resolve(null)), [essays, taskId, classId, refreshKey]);
  const busy = anyAiBusy(list.data);
  const { reload } = list;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void reload(), pollMs);
    return () => clearInterval(timer);
  }, [busy, reload, pollMs]);
  return { ...list, busy };
}

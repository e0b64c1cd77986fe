import { useEffect, useState } from 'react';
import { essaysApi } from '../../../core/api/endpoints/essays';
import type { ApiClient } from '../../../core/api/client';
import { pendingReviewIds } from '../../../views/writing-list/list-model';

/**
 * The task board's 批改 opens the panel on a task and class rather than an essay: the first essay
 * (by student number) waiting for the teacher's review. `undefined` while looking, `null` when none waits.
 */
export function useFirstPendingEssay(client: ApiClient, taskId: number, classId: number): number | null | undefined {
  const [found, setFound] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    if (!taskId || !classId) return;
    let live = true;
    essaysApi(client)
      .list(taskId, classId)
      .then((list) => live && setFound(pendingReviewIds(list.students)[0] ?? null))
      .catch(() => live && setFound(null));
    return () => {
      live = false;
    };
  }, [client, taskId, classId]);
  return taskId && classId ? found : null;
}

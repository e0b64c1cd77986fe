import type { Task } from '../../core/api/contracts/tasks';

/**
 * The task a screen opens on when the URL names none: the newest released task with essays waiting
 * for the teacher's review, else the newest with any essay handed in, else the newest released one
 * (a just-assigned task has nothing to review yet; opening on it hid the work — product-rules.md#teacher-journey).
 */
export function defaultTask<T extends Pick<Task, 'status' | 'counts'>>(tasks: readonly T[]): T | undefined {
  const released = tasks.filter((x) => x.status === 'released');
  return released.find((x) => x.counts.aiDone > 0) ?? released.find((x) => x.counts.submitted > 0) ?? released[0] ?? tasks[0];
}

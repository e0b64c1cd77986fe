import { useCallback, useEffect, useRef, useState } from 'react';
import type { CorrectionApi } from '../../core/api/endpoints/correction';

/** product-rules.md#states: a long AI run continues in the background; after this long the user goes back. */
export const BACKGROUND_AFTER_MS = 10_000;
export const POLL_MS = 1500;

export interface JobView {
  essayId: number;
  status: 'queued' | 'running' | 'done' | 'failed' | 'none';
  progress: number;
  startedAt: number;
}

/**
 * Follows the AI job of an essay (workManager/jobs) after a re-run or "correct anyway": progress
 * while it runs, `onFinished` when it ends, and `onBackground` once, if the run is still going
 * after 10 seconds (when `leave` was asked). Timers stop on unmount and when another essay opens.
 */
export function useJobWatch(api: CorrectionApi, essayId: number, handlers: { onFinished(status: 'done' | 'failed'): void; onBackground(): void }) {
  const [job, setJob] = useState<JobView | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const run = useRef(0);
  const latest = useRef(handlers);
  latest.current = handlers;

  const stop = useCallback(() => {
    run.current++;
    clearTimeout(timer.current);
    setJob(null);
  }, []);

  const watch = useCallback(
    (opts: { leave: boolean }) => {
      const mine = ++run.current;
      clearTimeout(timer.current);
      const startedAt = Date.now();
      let left = !opts.leave;
      setJob({ essayId, status: 'queued', progress: 0, startedAt });
      const tick = async () => {
        if (mine !== run.current) return;
        try {
          const j = await api.job(essayId);
          if (mine !== run.current) return;
          const status = j.job?.status ?? 'none';
          if (status === 'done' || status === 'failed') {
            run.current++;
            setJob(null);
            latest.current.onFinished(status);
            return;
          }
          setJob({ essayId, status, progress: j.job?.progress ?? 0, startedAt });
        } catch {
          // a failed poll is retried on the next tick; the client already said why
        }
        if (mine !== run.current) return;
        if (!left && Date.now() - startedAt >= BACKGROUND_AFTER_MS) {
          left = true;
          latest.current.onBackground();
        }
        timer.current = setTimeout(() => void tick(), POLL_MS);
      };
      timer.current = setTimeout(() => void tick(), 400);
    },
    [api, essayId],
  );

  useEffect(() => stop, [essayId, stop]);
  return { job: job && job.essayId === essayId ? job : null, watch, stop };
}

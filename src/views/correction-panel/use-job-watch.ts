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
 * Follows the AI job of an essay after a re-run or "correct anyway": progress while it runs,
 * `onFinished` when it ends, and `onBackground` once, if the run is still going after 10 seconds (when
 * `leave` was asked). It listens to the job's event stream (pushed as the worker moves the job) and
 * polls workManager/jobs when there is no stream or it broke off. Everything stops on unmount and when
 * another essay opens.
 */
export function useJobWatch(api: CorrectionApi, essayId: number, handlers: { onFinished(status: 'done' | 'failed'): void; onBackground(): void }) {
  const [job, setJob] = useState<JobView | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const background = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stream = useRef<AbortController | undefined>(undefined);
  const run = useRef(0);
  const latest = useRef(handlers);
  latest.current = handlers;

  const halt = useCallback(() => {
    run.current++;
    clearTimeout(timer.current);
    clearTimeout(background.current);
    stream.current?.abort();
    stream.current = undefined;
  }, []);

  const stop = useCallback(() => {
    halt();
    setJob(null);
  }, [halt]);

  const watch = useCallback(
    (opts: { leave: boolean }) => {
      halt();
      const mine = run.current;
      const startedAt = Date.now();
      setJob({ essayId, status: 'queued', progress: 0, startedAt });
      if (opts.leave) {
        background.current = setTimeout(() => {
          if (mine === run.current) latest.current.onBackground();
        }, BACKGROUND_AFTER_MS);
      }
      /** Shows a state; true when the job is over (and onFinished was called). */
      const show = (j: Awaited<ReturnType<CorrectionApi['job']>>): boolean => {
        const status = j.job?.status ?? 'none';
        if (status === 'done' || status === 'failed') {
          halt();
          setJob(null);
          latest.current.onFinished(status);
          return true;
        }
        setJob({ essayId, status, progress: j.job?.progress ?? 0, startedAt });
        return false;
      };
      const tick = async () => {
        if (mine !== run.current) return;
        try {
          const j = await api.job(essayId);
          if (mine !== run.current || show(j)) return;
        } catch {
          // a failed poll is retried on the next tick; the client already said why
        }
        if (mine !== run.current) return;
        timer.current = setTimeout(() => void tick(), POLL_MS);
      };
      if (typeof api.jobEvents !== 'function') {
        timer.current = setTimeout(() => void tick(), 400);
        return;
      }
      const abort = new AbortController();
      stream.current = abort;
      const poll = () => {
        if (mine === run.current && !abort.signal.aborted) timer.current = setTimeout(() => void tick(), POLL_MS);
      };
      // A stream that ends without the job's end (or breaks off) hands over to polling.
      api.jobEvents(essayId, (_event, j) => {
        if (mine === run.current) show(j);
      }, abort.signal).then(poll, poll);
    },
    [api, essayId, halt],
  );

  useEffect(() => stop, [essayId, stop]);
  return { job: job && job.essayId === essayId ? job : null, watch, stop };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReviewWorkspace } from '../../core/api/contracts/review';
import type { ReviewApi } from '../../core/api/endpoints/review';

/**
 * The correction screen's data for one essay (review/workspace). `replace` takes a fresher copy a
 * call answered (saveTranscript answers the whole workspace); answers for an essay the panel has
 * left are dropped.
 */
export function useWorkspace(review: ReviewApi, essayId: number) {
  const [data, setData] = useState<ReviewWorkspace | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const current = useRef(essayId);
  current.current = essayId;
  const version = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++version.current;
    const id = essayId;
    setLoading(true);
    try {
      const ws = await review.workspace(id);
      if (mine === version.current && id === current.current) {
        setData(ws);
        setError(null);
      }
      return ws;
    } catch (err) {
      if (mine === version.current) setError(err);
      return null;
    } finally {
      if (mine === version.current) setLoading(false);
    }
  }, [review, essayId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const replace = useCallback((ws: ReviewWorkspace) => {
    if (ws.essay.id === current.current) setData(ws);
  }, []);
  const patchReview = useCallback((review: ReviewWorkspace['review']) => {
    setData((d) => (d && d.essay.id === review.essayId ? { ...d, review } : d));
  }, []);

  // The data shown belongs to the essay asked for, or it is stale (switching classmates).
  const fresh = data && data.essay.id === essayId ? data : null;
  return { data: fresh, stale: data, loading, error, reload, replace, patchReview };
}

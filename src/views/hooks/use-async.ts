import { useCallback, useEffect, useRef, useState } from 'react';

/** Loads data with an effect, keeps the last result while reloading, and ignores stale answers. */
export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const version = useRef(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  const reload = useCallback(async () => {
    const mine = ++version.current;
    setLoading(true);
    try {
      const value = await run();
      if (mine === version.current) {
        setData(value);
        setError(null);
      }
    } catch (err) {
      if (mine === version.current) setError(err);
    } finally {
      if (mine === version.current) setLoading(false);
    }
  }, [run]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, loading, error, reload };
}

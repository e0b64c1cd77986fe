import { useState } from 'react';
import { ApiError } from '../../core/api/client';
import { useT } from '../../views/i18n/i18n-context';

/** Runs a form submission, keeping a busy flag and the server's message for an inline alert. */
export function useSubmit() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('error.fallback'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

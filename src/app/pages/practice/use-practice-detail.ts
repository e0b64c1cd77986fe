import { useEffect } from 'react';
import { useAsync } from '../../../views/hooks/use-async';
import { usePracticeApis } from './use-practice';

/**
 * One practice, polled while it is open or any feedback is still coming (every `everyMs`): new
 * submissions and the AI's feedback appear without a reload. Polling fits the stack (the class essay
 * list follows AI status the same way) and needs nothing from a proxy; see docs/practice.md.
 */
export function usePracticeDetail(id: number, everyMs = 3000) {
  const { practice } = usePracticeApis();
  const detail = useAsync(() => (id ? practice.detail(id) : Promise.resolve(null)), [practice, id]);
  const d = detail.data;
  const live = Boolean(d && (d.practice.state === 'open' || d.students.some((s) => s.attempts.some((a) => a.status === 'queued' || a.status === 'running'))));
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => void detail.reload(), everyMs);
    return () => window.clearInterval(timer);
  }, [live, everyMs]); // eslint-disable-line react-hooks/exhaustive-deps
  return detail;
}

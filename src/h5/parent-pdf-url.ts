import type { Lang } from '../core/i18n';

/**
 * The server-drawn PDF of a parents' report (GET /h5/parentReport/pdf): opened by plain navigation, so
 * WeChat's and Safari's own PDF viewers take it; the page's language goes along (no Accept-Language then).
 */
export function parentPdfUrl(token: string, lang: Lang, taskId?: number): string {
  const q = new URLSearchParams({ t: token, lang });
  if (taskId !== undefined) q.set('taskId', String(taskId));
  return `/correction-api/platform-management/h5/parentReport/pdf?${q.toString()}`;
}

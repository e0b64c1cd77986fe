import { lazy, Suspense, useEffect } from 'react';
// antd-mobile by path: the index's chunk carries ErrorBlock and Toast into every first load
import DotLoading from 'antd-mobile/es/components/dot-loading';
// the styles of the "download again" link (drawn as antd-mobile's button; came with the link-error page)
import 'antd-mobile/es/components/button/button.css';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../core/api/client';
import { useAsync } from '../../views/hooks/use-async';
import { useLang, useT } from '../../views/i18n/i18n-context';
import { useH5 } from '../h5-context';
import { parentPdfUrl } from '../parent-pdf-url';

// the wrong / expired / revoked link page (ErrorBlock's illustrations) loads only for such a link
const ParentLinkError = lazy(() => import('./parent-report/ParentLinkError').then((m) => ({ default: m.ParentLinkError })));

/**
 * `/teaching/h5/pdf?t=` (where /h5Pdf lands): checks the link first, so a wrong, expired or revoked one
 * gets the same clear page as the report, then hands over to the server-drawn PDF.
 */
export default function ParentPdfPage() {
  const lang = useLang();
  const t = useT();
  const { reports } = useH5();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const taskId = Number(params.get('taskId')) || undefined;
  const check = useAsync(() => (token ? reports.parentReport(token, taskId) : Promise.reject(new ApiError('', 404, 'PARENT_LINK_INVALID'))), [reports, token, taskId]);
  const ok = Boolean(check.data);
  useEffect(() => {
    if (ok) window.location.replace(parentPdfUrl(token, lang, taskId));
  }, [ok, token, lang, taskId]);
  if (check.error)
    return (
      <Suspense fallback={<DotLoading />}>
        <ParentLinkError error={check.error} />
      </Suspense>
    );
  if (!ok) return <DotLoading />;
  // the download has started; the link again for a browser that blocked it
  return (
    <main style={{ padding: 24, textAlign: 'center' }}>
      <a className="adm-button adm-button-primary adm-button-block" href={parentPdfUrl(token, lang, taskId)} data-testid="parent-pdf-again">
        {t('parentReport.savePdf')}
      </a>
    </main>
  );
}

import { lazy, Suspense } from 'react';
import { DotLoading, ErrorBlock } from 'antd-mobile';
import { Route, Routes } from 'react-router-dom';
import { useT } from '../views/i18n/i18n-context';

const JoinPage = lazy(() => import('./pages/JoinPage'));
const PhoneUploadPage = lazy(() => import('./pages/PhoneUploadPage'));
const MessagesPage = lazy(() => import('./pages/MessagesPage'));
const ParentReportPage = lazy(() => import('./pages/ParentReportPage'));
const SamplesPage = lazy(() => import('./pages/SamplesPage'));
const PracticePage = lazy(() => import('./pages/PracticePage'));

/** Parent reports and other H5 pages join with their features; unknown paths say so. */
function NotYet() {
  const t = useT();
  return <ErrorBlock status="empty" title={t('building.title', { page: t('page.report') })} description={t('building.desc')} />;
}

export function H5Routes() {
  return (
    <Suspense fallback={<DotLoading />}>
      <Routes>
        <Route path="/join" element={<JoinPage />} />
        <Route path="/upload" element={<PhoneUploadPage />} />
        <Route path="/messages" element={<MessagesPage />} />
        <Route path="/report" element={<ParentReportPage />} />
        <Route path="/samples" element={<SamplesPage />} />
        <Route path="/practice" element={<PracticePage />} />
        <Route path="*" element={<NotYet />} />
      </Routes>
    </Suspense>
  );
}

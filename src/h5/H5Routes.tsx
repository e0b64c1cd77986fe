import { lazy, Suspense } from 'react';
import { DotLoading, ErrorBlock } from 'antd-mobile';
import { Route, Routes } from 'react-router-dom';
import { useT } from '../views/i18n/i18n-context';

const JoinPage = lazy(() => import('./pages/JoinPage'));
const PhoneUploadPage = lazy(() => import('./pages/PhoneUploadPage'));
const MessagesPage = lazy(() => import('./pages/MessagesPage'));
const ParentReportPage = lazy(() => import('./pages/ParentReportPage'));
const ParentPdfPage = lazy(() => import('./pages/ParentPdfPage'));
const SamplesPage = lazy(() => import('./pages/SamplesPage'));
// etiquette test and enrollment form (issue 19, parts 2 and 3)
const LcwPage = lazy(() => import('./pages/lcw/LcwPage'));
const EnrollPage = lazy(() => import('./pages/enrollment/EnrollPage'));
const PracticePage = lazy(() => import('./pages/PracticePage'));

/** An unknown path (a cut-off link): say so, and how to get back in. */
function NotFound() {
  const t = useT();
  return <ErrorBlock status="empty" title={t('h5.notFound.title')} description={t('h5.notFound.desc')} />;
}

export function H5Routes() {
  return (
    <Suspense fallback={<DotLoading />}>
      <Routes>
        <Route path="/join" element={<JoinPage />} />
        <Route path="/upload" element={<PhoneUploadPage />} />
        <Route path="/messages" element={<MessagesPage />} />
        <Route path="/report" element={<ParentReportPage />} />
        <Route path="/pdf" element={<ParentPdfPage />} />
        <Route path="/samples" element={<SamplesPage />} />
        <Route path="/lcw" element={<LcwPage />} />
        <Route path="/enroll" element={<EnrollPage />} />
        <Route path="/practice" element={<PracticePage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

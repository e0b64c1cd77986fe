import { lazy, Suspense } from 'react';
import { DotLoading } from 'antd-mobile';
import { Route, Routes } from 'react-router-dom';

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

// ErrorBlock's illustrations are large inline SVGs: only the pages that show one load them
const NotFound = lazy(() => import('./pages/NotFoundPage'));

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

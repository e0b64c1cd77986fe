import { lazy, Suspense } from 'react';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { Route, Routes } from 'react-router-dom';

/** Each page's module, by its path under /teaching/h5. */
const PAGES = {
  '/join': () => import('./pages/JoinPage'),
  '/upload': () => import('./pages/PhoneUploadPage'),
  '/messages': () => import('./pages/MessagesPage'),
  '/report': () => import('./pages/ParentReportPage'),
  '/pdf': () => import('./pages/ParentPdfPage'),
  '/samples': () => import('./pages/SamplesPage'),
  // etiquette test and enrollment form (product-rules.md#practice)
  '/lcw': () => import('./pages/lcw/LcwPage'),
  '/enroll': () => import('./pages/enrollment/EnrollPage'),
  '/practice': () => import('./pages/PracticePage'),
} as const;

/**
 * Starts fetching the opened page's module at boot, beside the language's texts, instead of after them
 * (the routes render only once the texts are here): one round trip less before a phone shows the page.
 */
export function prefetchPage(path: string): void {
  const load = (PAGES as Record<string, (() => Promise<unknown>) | undefined>)[path];
  load?.().catch(() => undefined);
}

const JoinPage = lazy(PAGES['/join']);
const PhoneUploadPage = lazy(PAGES['/upload']);
const MessagesPage = lazy(PAGES['/messages']);
const ParentReportPage = lazy(PAGES['/report']);
const ParentPdfPage = lazy(PAGES['/pdf']);
const SamplesPage = lazy(PAGES['/samples']);
const LcwPage = lazy(PAGES['/lcw']);
const EnrollPage = lazy(PAGES['/enroll']);
const PracticePage = lazy(PAGES['/practice']);

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

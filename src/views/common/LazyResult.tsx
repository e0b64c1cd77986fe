import { lazy, Suspense } from 'react';
import type { ResultProps } from 'antd';

// antd's Result carries its 403/404/500 illustrations whatever the status (~8 kB brotli). The views
// show it only when loading failed, so it is fetched then (an element's first paint does not pay it).
const Result = lazy(() => import('antd/es/result'));

/** antd's Result, fetched on first use. */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import type { ErrorBlockProps } from 'antd-mobile/es/components/error-block';

// ErrorBlock's illustrations are large inline SVGs (≈ 8 kB br): loaded only when a page shows one.
const ErrorBlock = lazy(() => import('antd-mobile/es/components/error-block'));

/** antd-mobile's ErrorBlock, fetched when it is first shown (a wrong link, nothing to show). */
export function LazyErrorBlock(props: ErrorBlockProps) {
  return (
    <Suspense fallback={null}>
      <ErrorBlock {...props} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import type { ChartProps } from './chart-props';

export type { ChartOption, ChartProps } from './chart-props';

// echarts (about 100 kB brotli) is fetched with the first chart a page or element shows, never with
// the page itself: this is the only way views draw charts (docs/decisions.md "One lazy chart").
const EChart = lazy(() => import('./EChart'));

/** A chart of the given option, its box reserved at full width while echarts loads. */
export function Chart(props: ChartProps) {
  return (
    <Suspense fallback={<div style={{ width: '100%', height: props.height }} aria-busy="true" />}>
      <EChart {...props} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

export type ChartOption = EChartsCoreOption;

export interface ChartProps {
  /** an ECharts option; give a memoised object, a new one redraws the chart */
  option: ChartOption;
  height: number;
  /** data-testid of the chart's box */
  testId?: string;
}

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

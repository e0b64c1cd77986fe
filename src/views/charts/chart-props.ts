import type { EChartsCoreOption } from 'echarts/core';

// Apart from Chart.tsx so that the lazily loaded EChart.tsx and Chart.tsx do not import each other.
export type ChartOption = EChartsCoreOption;

export interface ChartProps {
  /** an ECharts option; give a memoised object, a new one redraws the chart */
  option: ChartOption;
  height: number;
  /** data-testid of the chart's box */
  testId?: string;
}

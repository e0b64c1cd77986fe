import { useMemo } from 'react';
import { Chart } from '../charts/Chart';

export interface TrendSeries {
  name: string;
  values: (number | null)[];
  /** the total is drawn thicker than the dimensions */
  main?: boolean;
}

export interface TrendChartProps {
  labels: string[];
  series: TrendSeries[];
  yName: string;
  height?: number;
}

/** Score trend lines (total and each dimension, 0-100) over the student's essays; follows its box's width. */
export default function TrendChart({ labels, series, yName, height = 300 }: TrendChartProps) {
  const option = useMemo(
    () => ({
      animationDuration: 300,
      color: ['#c21939', '#1677ff', '#52c41a', '#faad14', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16', '#2f54eb', '#a0d911'],
      grid: { left: 44, right: 16, top: 56, bottom: 40, containLabel: false },
      legend: { type: 'scroll', top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true, formatter: (v: string) => (v.length > 8 ? `${v.slice(0, 8)}…` : v) } },
      yAxis: { type: 'value', name: yName, min: 0, max: 100, nameTextStyle: { align: 'left' } },
      series: series.map((s) => ({ type: 'line', name: s.name, data: s.values, connectNulls: true, symbolSize: s.main ? 8 : 5, lineStyle: { width: s.main ? 3 : 1.5 }, z: s.main ? 3 : 2 })),
    }),
    [labels, series, yName],
  );
  return <Chart option={option} height={height} testId="growth-trend-chart" />;
}

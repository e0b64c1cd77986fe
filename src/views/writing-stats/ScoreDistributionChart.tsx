import { useMemo } from 'react';
import { Chart } from '../charts/Chart';

export interface ScoreDistributionChartProps {
  labels: string[];
  counts: number[];
  /** axis and tooltip names in the user's language */
  xName: string;
  yName: string;
  height?: number;
}

/** Bar chart of how many essays fall in each range of percent scores; follows its box's width. */
export default function ScoreDistributionChart({ labels, counts, xName, yName, height = 260 }: ScoreDistributionChartProps) {
  const option = useMemo(
    () => ({
      animationDuration: 300,
      color: ['#c21939'],
      grid: { left: 48, right: 56, top: 36, bottom: 32 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      // every bar labelled by where its range starts; the tooltip names the whole range
      xAxis: { type: 'category', name: xName, nameGap: 8, data: labels, axisTick: { alignWithLabel: true }, axisLabel: { interval: 0, formatter: (v: string) => v.split('–')[0] } },
      yAxis: { type: 'value', name: yName, minInterval: 1 },
      series: [{ type: 'bar', name: yName, data: counts, barMaxWidth: 36, label: { show: true, position: 'top', formatter: (p: { value: number }) => (p.value ? String(p.value) : '') } }],
    }),
    [labels, counts, xName, yName],
  );
  return <Chart option={option} height={height} testId="score-distribution" />;
}

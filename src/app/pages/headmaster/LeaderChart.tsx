import { useMemo } from 'react';
import { Chart } from '../../../views/charts/Chart';

export interface Series {
  name: string;
  type: 'bar' | 'line';
  data: (number | null)[];
  /** second y axis (percent or average next to counts) */
  right?: boolean;
  stack?: string;
}

/** A bar/line chart over categories that follows its box's width (drawn by the shared lazy chart). */
export default function LeaderChart(props: { categories: string[]; series: Series[]; yNames: [string, string?]; height?: number; testId?: string }) {
  const { categories, series, yNames } = props;
  const option = useMemo(() => {
    const twoAxes = series.some((s) => s.right);
    return {
      animationDuration: 300,
      color: ['#c21939', '#1677ff', '#52c41a', '#faad14', '#8c8c8c'],
      grid: { left: 48, right: twoAxes ? 56 : 24, top: 40, bottom: 32 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: categories, axisLabel: { interval: 0 } },
      yAxis: [{ type: 'value', name: yNames[0] }, ...(twoAxes ? [{ type: 'value', name: yNames[1] ?? '', splitLine: { show: false } }] : [])],
      series: series.map((s) => ({ name: s.name, type: s.type, data: s.data, yAxisIndex: s.right ? 1 : 0, stack: s.stack, barMaxWidth: 32 })),
    };
  }, [categories, series, yNames]);
  return <Chart option={option} height={props.height ?? 260} testId={props.testId ?? 'leader-chart'} />;
}

import { useMemo } from 'react';
import { Chart } from '../charts/Chart';

const RED = '#c21939';

/** Bars of counts per label (the distribution on the task's scale). */
export function CountBars({ labels, counts, name, height = 240 }: { labels: string[]; counts: number[]; name: string; height?: number }) {
  const option = useMemo(
    () => ({
      animationDuration: 300,
      color: [RED],
      grid: { left: 40, right: 16, top: 24, bottom: 40 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, rotate: labels.length > 6 ? 30 : 0 } },
      yAxis: { type: 'value', minInterval: 1, name },
      series: [{ type: 'bar', name, data: counts, barMaxWidth: 32, label: { show: true, position: 'top', formatter: (p: { value: number }) => (p.value ? String(p.value) : '') } }],
    }),
    [labels, counts, name],
  );
  return <Chart option={option} height={height} testId="report-distribution" />;
}

/** Dimension averages: a radar with three or more dimensions, else bars. */
export function DimensionChart({ names, values, previous, labels, height = 260 }: { names: string[]; values: (number | null)[]; previous?: (number | null)[]; labels: [string, string]; height?: number }) {
  const option = useMemo(() => {
    const withPrev = previous?.some((v) => v !== null);
    return names.length >= 3
      ? {
          color: [RED, '#8c8c8c'],
          legend: withPrev ? { bottom: 0, data: labels } : undefined,
          tooltip: {},
          radar: { indicator: names.map((n) => ({ name: n, max: 100 })), radius: '62%' },
          series: [{ type: 'radar', data: [{ name: labels[0], value: values.map((v) => v ?? 0), areaStyle: { opacity: 0.15 } }, ...(withPrev ? [{ name: labels[1], value: previous!.map((v) => v ?? 0) }] : [])] }],
        }
      : {
          color: [RED],
          grid: { left: 40, right: 16, top: 24, bottom: 32 },
          xAxis: { type: 'category', data: names },
          yAxis: { type: 'value', max: 100 },
          series: [{ type: 'bar', data: values, barMaxWidth: 32 }],
        };
  }, [names, values, previous, labels]);
  return <Chart option={option} height={height} testId="report-dimensions" />;
}

/** The class average (or one student's score) across tasks, oldest first. */
export function TrendLine({ labels, values, second, names, height = 220 }: { labels: string[]; values: (number | null)[]; second?: (number | null)[]; names: [string, string?]; height?: number }) {
  const option = useMemo(
    () => ({
      color: [RED, '#8c8c8c'],
      grid: { left: 36, right: 16, top: 28, bottom: 40 },
      legend: second ? { top: 0 } : undefined,
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, width: 80, overflow: 'truncate' } },
      yAxis: { type: 'value', min: 0, max: 100 },
      series: [
        { type: 'line', name: names[0], data: values, connectNulls: true, label: { show: true } },
        ...(second ? [{ type: 'line', name: names[1], data: second, connectNulls: true, lineStyle: { type: 'dashed' } }] : []),
      ],
    }),
    [labels, values, second, names],
  );
  return <Chart option={option} height={height} testId="report-trend" />;
}

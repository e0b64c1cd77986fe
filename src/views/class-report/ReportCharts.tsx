import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, RadarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, RadarComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

// Only the chart kinds the report draws, rendered as SVG (crisp in print and in the shadow root).
echarts.use([BarChart, LineChart, RadarChart, GridComponent, LegendComponent, RadarComponent, TooltipComponent, SVGRenderer]);

function useChart(option: echarts.EChartsCoreOption) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const instance = echarts.init(box.current!, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current!);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);
  return box;
}

const RED = '#c21939';

/** Bars of counts per label (the distribution on the task's scale). */
export function CountBars({ labels, counts, name, height = 240 }: { labels: string[]; counts: number[]; name: string; height?: number }) {
  const box = useChart({
    animationDuration: 300,
    color: [RED],
    grid: { left: 40, right: 16, top: 24, bottom: 40 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: labels, axisLabel: { interval: 0, rotate: labels.length > 6 ? 30 : 0 } },
    yAxis: { type: 'value', minInterval: 1, name },
    series: [{ type: 'bar', name, data: counts, barMaxWidth: 32, label: { show: true, position: 'top', formatter: (p: { value: number }) => (p.value ? String(p.value) : '') } }],
  });
  return <div ref={box} style={{ width: '100%', height }} data-testid="report-distribution" />;
}

/** Dimension averages: a radar with three or more dimensions, else bars. */
export function DimensionChart({ names, values, previous, labels, height = 260 }: { names: string[]; values: (number | null)[]; previous?: (number | null)[]; labels: [string, string]; height?: number }) {
  const withPrev = previous?.some((v) => v !== null);
  const box = useChart(
    names.length >= 3
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
        },
  );
  return <div ref={box} style={{ width: '100%', height }} data-testid="report-dimensions" />;
}

/** The class average (or one student's score) across tasks, oldest first. */
export function TrendLine({ labels, values, second, names, height = 220 }: { labels: string[]; values: (number | null)[]; second?: (number | null)[]; names: [string, string?]; height?: number }) {
  const box = useChart({
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
  });
  return <div ref={box} style={{ width: '100%', height }} data-testid="report-trend" />;
}

import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

// Only the parts the dashboards use: bars and lines with axes, tooltip and legend.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export interface Series {
  name: string;
  type: 'bar' | 'line';
  data: (number | null)[];
  /** second y axis (percent or average next to counts) */
  right?: boolean;
  stack?: string;
}

/** A bar/line chart over categories that follows its box's width. */
export default function LeaderChart(props: { categories: string[]; series: Series[]; yNames: [string, string?]; height?: number; testId?: string }) {
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
    const twoAxes = props.series.some((s) => s.right);
    chart.current?.setOption(
      {
        animationDuration: 300,
        color: ['#c21939', '#1677ff', '#52c41a', '#faad14', '#8c8c8c'],
        grid: { left: 48, right: twoAxes ? 56 : 24, top: 40, bottom: 32 },
        legend: { top: 0 },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: props.categories, axisLabel: { interval: 0 } },
        yAxis: [{ type: 'value', name: props.yNames[0] }, ...(twoAxes ? [{ type: 'value', name: props.yNames[1] ?? '', splitLine: { show: false } }] : [])],
        series: props.series.map((s) => ({ name: s.name, type: s.type, data: s.data, yAxisIndex: s.right ? 1 : 0, stack: s.stack, barMaxWidth: 32 })),
      },
      true,
    );
  }, [props.categories, props.series, props.yNames]);
  return <div ref={box} style={{ width: '100%', height: props.height ?? 260 }} data-testid={props.testId ?? 'leader-chart'} />;
}

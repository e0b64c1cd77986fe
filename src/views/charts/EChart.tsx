import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, RadarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, RadarComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { ChartProps } from './chart-props';

// The only module that imports echarts: the chart kinds and parts any page or element draws (bars,
// lines, radar with axes, legend, tooltip), rendered as SVG — crisp in print and inside a shadow root.
// Loaded on demand by <Chart> (./Chart.tsx), so pages and elements without a chart never fetch it.
echarts.use([BarChart, LineChart, RadarChart, GridComponent, LegendComponent, RadarComponent, TooltipComponent, SVGRenderer]);

/** One ECharts instance that follows its box's width and is disposed with the component. */
export default function EChart({ option, height, testId }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = box.current!;
    const instance = echarts.init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // notMerge: a series or axis that went away must not linger from the previous option.
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} />;
}

import { useEffect, useEffectEvent, useImperativeHandle, useRef, type Ref } from 'react';
import { echarts } from './echarts';
import type { ChartHandle, ChartProps } from './chart-types';

const BACKGROUND = '#0f172a'; // slate-900, the panels' colour: an exported PNG looks like the screen

/** One ECharts instance on a canvas, resized with its box and disposed with the component. */
export default function Chart({
  option,
  height,
  ariaLabel,
  onItemClick,
  ref,
}: ChartProps & { ref?: Ref<ChartHandle> }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);
  const onClick = useEffectEvent((name: string, value: unknown) => onItemClick?.(name, value));

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = echarts.init(element, 'dark', { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (event) => onClick(String(event.name), event.value));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [option]);

  // One handle for the chart's life: a state-setter ref (a screen waiting for the chart to load)
  // is set once, not on every render.
  useImperativeHandle(
    ref,
    () => ({
      toPngDataUrl() {
        if (!chart.current) throw new Error('Chart is not drawn');
        return chart.current.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: BACKGROUND });
      },
    }),
    [],
  );

  return <div ref={box} role="img" aria-label={ariaLabel} style={{ height, width: '100%' }} />;
}

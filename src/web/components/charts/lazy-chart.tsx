import { lazy, Suspense, type Ref } from 'react';
import type { ChartHandle, ChartProps } from './chart-types';

const Chart = lazy(() => import('./chart'));

/**
 * A chart whose library loads on first use, in its own chunk: the page around it renders at once
 * and the box keeps its height while ECharts arrives, so nothing below it jumps.
 */
export function LazyChart(props: ChartProps & { ref?: Ref<ChartHandle> }) {
  return (
    <Suspense
      fallback={
        <div
          role="status"
          aria-label={`${props.ariaLabel}: loading chart`}
          className="animate-pulse rounded-lg bg-slate-800/60"
          style={{ height: props.height }}
        />
      }
    >
      <Chart {...props} />
    </Suspense>
  );
}

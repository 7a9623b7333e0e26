import type { BacktestCalibration, CalibrationBucket } from '../../../../contract/signal-quality';
import type { ChartOption } from '../../../components/charts';
import { formatPercent } from '../../../lib/format';
import { wilsonInterval } from './wilson';

/** One point of the reliability chart: [predicted %, realised %, sample size]. */
export type ReliabilityValue = [number, number, number];

export interface LivePoint {
  value: ReliabilityValue;
  /** 95 % Wilson interval of the realised rate, percent. */
  low: number;
  high: number;
}

const COLOURS = { live: '#fb923c', backtest: '#38bdf8', diagonal: '#94a3b8' } as const;

/** The live bands that hold scored offers, each with the 95 % interval of its realised rate. */
export function livePoints(calibration: readonly CalibrationBucket[]): LivePoint[] {
  return calibration.flatMap((bucket) => {
    const interval = wilsonInterval(bucket.succeeded, bucket.sampleSize);
    if (!interval || bucket.predictedSuccessRate === null || bucket.realisedSuccessRate === null) return [];
    return [
      {
        value: [bucket.predictedSuccessRate, bucket.realisedSuccessRate, bucket.sampleSize],
        low: interval.low,
        high: interval.high,
      },
    ];
  });
}

/** The walk-forward deciles that hold signals. */
export function backtestValues(backtest: BacktestCalibration | null): ReliabilityValue[] {
  return (backtest?.deciles ?? []).flatMap((d) =>
    d.predicted === null || d.realised === null || d.count === 0 ? [] : [[d.predicted, d.realised, d.count]],
  );
}

/** Area grows with the sample (radius ∝ √n), so a band of 5 offers does not look like one of 500. */
export function symbolSizeFor(sampleSize: number): number {
  return Math.min(30, 6 + 1.5 * Math.sqrt(sampleSize));
}

function describePoint(seriesName: string, value: ReliabilityValue, unit: 'offers' | 'signals'): string {
  const [predicted, realised, n] = value;
  return `${seriesName}<br/>Predicted ${formatPercent(predicted)} · realised ${formatPercent(realised)} · ${n} ${unit}`;
}

/**
 * Predicted against realised success: points on the dashed diagonal are perfectly calibrated, points
 * below it promised more than happened. Live bands carry 95 % interval whiskers; the backtest's
 * deciles, when computed, are a second series.
 */
export function reliabilityOption(
  calibration: readonly CalibrationBucket[],
  backtest: BacktestCalibration | null,
): ChartOption {
  const live = livePoints(calibration);
  const tested = backtestValues(backtest);
  const axis = (name: string) => ({
    type: 'value',
    name,
    nameLocation: 'middle',
    nameGap: 32,
    min: 0,
    max: 100,
    interval: 20,
  });
  return {
    grid: { left: 56, right: 16, top: 40, bottom: 56 },
    legend: { top: 0, textStyle: { color: '#cbd5e1' } },
    tooltip: { trigger: 'item' },
    xAxis: axis('Predicted success rate (%)'),
    yAxis: axis('Realised success rate (%)'),
    series: [
      {
        name: 'Perfect calibration',
        type: 'line',
        data: [
          [0, 0],
          [100, 100],
        ],
        symbol: 'none',
        silent: true,
        lineStyle: { type: 'dashed', color: COLOURS.diagonal },
        itemStyle: { color: COLOURS.diagonal },
        tooltip: { show: false },
      },
      {
        name: 'Live offers',
        type: 'scatter',
        data: live.map((point) => point.value),
        symbolSize: (value: ReliabilityValue) => symbolSizeFor(value[2]),
        itemStyle: { color: COLOURS.live },
        tooltip: {
          formatter: ({ dataIndex }: { dataIndex: number }) => {
            const point = live[dataIndex]!;
            return `${describePoint('Live offers', point.value, 'offers')}<br/>95 % interval ${formatPercent(point.low)}-${formatPercent(point.high)}`;
          },
        },
        markLine: {
          silent: true,
          symbol: ['none', 'none'],
          label: { show: false },
          lineStyle: { type: 'solid', color: COLOURS.live, width: 1.5 },
          data: live.map((point) => [
            { coord: [point.value[0], point.low] },
            { coord: [point.value[0], point.high] },
          ]),
        },
      },
      ...(tested.length > 0
        ? [
            {
              name: 'Backtest (walk-forward)',
              type: 'scatter',
              data: tested,
              symbol: 'diamond',
              symbolSize: (value: ReliabilityValue) => symbolSizeFor(value[2]),
              itemStyle: { color: COLOURS.backtest },
              tooltip: {
                formatter: ({ value }: { value: ReliabilityValue }) =>
                  describePoint('Backtest (walk-forward)', value, 'signals'),
              },
            },
          ]
        : []),
    ],
  };
}

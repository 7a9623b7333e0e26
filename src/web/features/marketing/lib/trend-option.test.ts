import { describe, expect, it } from 'vitest';
import { buildTrendOption, formatClock, formatTrendValue, needsLogAxis } from './trend-option';
import { TREND_TICK_MS, TREND_WINDOW_MS, type Trends } from './trend-series';

const END = new Date(2026, 10, 23, 8, 30).getTime();
const trends = (...series: [string, number[]][]): Trends => ({
  window: { start: END - TREND_WINDOW_MS, end: END },
  series: series.map(([pair, ys]) => ({ pair, points: ys.map((y, i) => ({ x: END - i * 300_000, y })) })),
});

describe('buildTrendOption', () => {
  it('draws one line per pair on a 12-hour time axis with a tick every 2 hours', () => {
    const option = buildTrendOption(trends(['SOL/USD', [150, 151]], ['ADA/USD', [140, 139]]), 'price') as {
      xAxis: Record<string, unknown>;
      yAxis: { type: string };
      series: { name: string; data: number[][] }[];
    };
    expect(option.xAxis).toMatchObject({
      type: 'value',
      min: END - 12 * 3_600_000,
      max: END,
      interval: TREND_TICK_MS,
      axisLabel: { formatter: formatClock },
    });
    expect(TREND_TICK_MS).toBe(2 * 3_600_000);
    expect(option.series.map((s) => s.name)).toEqual(['SOL/USD', 'ADA/USD']);
    expect(option.series[0]?.data[0]).toEqual([END, 150]);
    expect(option.yAxis.type).toBe('value');
  });

  it('switches the price axis to a log scale when prices sit far apart, never the volume axis', () => {
    const apart = trends(['BTC/USD', [90_000]], ['ADA/USD', [0.5]]);
    expect(needsLogAxis(apart)).toBe(true);
    expect((buildTrendOption(apart, 'price') as { yAxis: { type: string } }).yAxis.type).toBe('log');
    expect((buildTrendOption(apart, 'volume') as { yAxis: { type: string } }).yAxis.type).toBe('value');
    expect(needsLogAxis(trends(['SOL/USD', [150]], ['AVAX/USD', [20]]))).toBe(false);
    expect(needsLogAxis(trends(['X/USD', [-1]], ['Y/USD', [500]]))).toBe(false);
  });
});

describe('formatting', () => {
  it('labels times to the minute', () => {
    expect(formatClock(END)).toBe('08:30');
    expect(formatClock(new Date(2026, 0, 1, 14, 5).getTime())).toBe('14:05');
  });
  it('shows volume in millions and keeps a small price’s digits', () => {
    expect(formatTrendValue('volume', 0.17488955)).toBe('0.17M');
    expect(formatTrendValue('price', 91_234.5)).toBe('91,234.50');
    expect(formatTrendValue('price', 0.4567891)).toBe('0.456789');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { trackRecordFixture } from '../../../testing/track-record-fixture';
import { buildEquityOption, describeEquity } from './equity-option';

describe('the equity curve', () => {
  const record = trackRecordFixture();

  it('plots the running net return at each settlement, on a time axis, with zero marked', () => {
    const option = buildEquityOption(record.equity) as {
      xAxis: { type: string };
      series: { data: [number, number][]; markLine: { data: unknown[] } }[];
    };
    expect(option.xAxis.type).toBe('time');
    const data = option.series[0]!.data;
    expect(data).toHaveLength(22);
    expect(data[0]).toEqual([Date.parse(record.equity[0]!.at), 1.2]);
    expect(data.at(-1)![1]).toBeCloseTo(4.8, 10);
    // Settled in time order: the extended offer settles after offers published after it.
    expect(data.map(([at]) => at)).toEqual([...data.map(([at]) => at)].sort((a, b) => a - b));
    expect(option.series[0]!.markLine.data).toEqual([{ yAxis: 0 }]);
  });

  it('names the chart for assistive technology, counting offers from the figures', () => {
    expect(describeEquity(record.equity, record.figures)).toBe(
      `Equity curve: cumulative net return of an equal stake on 22 settled offers, from ${formatDateTime(
        record.equity[0]!.at,
      )} to ${formatDateTime(record.equity.at(-1)!.at)}, ending at 4.80% of one stake; max drawdown 2.60%`,
    );
    expect(describeEquity([], { settled: 0, maxDrawdownPercent: 0 })).toBe(
      'Equity curve: no settled offer yet',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { formatLongDateTime } from '../../../lib/format';
import { formatAmountIn, pairDetailRows } from './pair-detail-rows';
import { testTicker } from './test-ticker';

const asRecord = (rows: ReturnType<typeof pairDetailRows>) =>
  Object.fromEntries(rows.map((row) => [row.term, row.value]));

describe('pairDetailRows', () => {
  it("lists the spec's fields in its order, prices in the quote currency and volume in the base", () => {
    const ticker = testTicker();
    expect(pairDetailRows(ticker).map((row) => [row.term, row.value])).toEqual([
      ['Pair', 'BTC/USD'],
      ['Price', '64,250.50 USD'],
      ['Volume (24h)', '1,834.13 BTC'],
      ['Percentage Change (24h)', '-1.23%'],
      ['Density', '0.55'],
      ['Timestamp', formatLongDateTime(ticker.timestamp)],
      ['Context', ticker.context],
      ['24h High', '65,980.00 USD'],
      ['24h Low', '63,010.25 USD'],
      ['Bid/Ask Spread', '3.00 USD'],
      ['Heat Score', '81.46'],
      ['Success Rate', '62.50%'],
      ['Position Type', 'Scalp long'],
      ['Progrev Score', '0.61'],
      ['Trend', 'Bullish'],
      ['Risk Level', 'Medium'],
      ['Active Triggers', 'volume_spike, breakout'],
      ['AI Comments', 'Volume 3.4x its 7-day median; RSI 71.'],
      ['Last Updated', formatLongDateTime(ticker.lastUpdated)],
    ]);
  });

  it("shows 'N/A' for what a pair without analysis, range or order book lacks", () => {
    const rows = asRecord(
      pairDetailRows(
        testTicker({
          density: null,
          context: '  ',
          historical: null,
          orderBook: null,
          heatScore: null,
          successRate: null,
          positionType: null,
          progrevScore: null,
          refereeTrend: null,
          refereeRisk: null,
          activeTriggers: [],
          aiComments: { summary: '' },
          lastUpdated: null,
        }),
      ),
    );
    const missing = Object.entries(rows)
      .filter(([, value]) => value === 'N/A')
      .map(([term]) => term);
    expect(missing).toEqual([
      'Density',
      'Context',
      '24h High',
      '24h Low',
      'Bid/Ask Spread',
      'Heat Score',
      'Success Rate',
      'Position Type',
      'Progrev Score',
      'Trend',
      'Risk Level',
      'Active Triggers',
      'AI Comments',
      'Last Updated',
    ]);
  });
});

describe('formatAmountIn', () => {
  it('keeps the significant digits of sub-unit prices', () => {
    expect(formatAmountIn(0.0000123456, 'BTC')).toBe('0.0000123456 BTC');
    expect(formatAmountIn(0.5, 'USD')).toBe('0.5 USD');
    expect(formatAmountIn(0, 'USD')).toBe('0.00 USD');
    expect(formatAmountIn(Number.NaN, 'USD')).toBe('N/A');
  });
});

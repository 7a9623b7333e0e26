import { describe, expect, it } from 'vitest';
import { buildTrends, keepValidPoints, TREND_WINDOW_MS } from './trend-series';

const HOUR = 3_600_000;
const END = Date.UTC(2026, 10, 23, 8, 30);

describe('keepValidPoints', () => {
  it('keeps points whose x exists and whose y is a non-zero number, oldest first', () => {
    const points = keepValidPoints([
      { x: END, y: 3 },
      { x: END - HOUR, y: 0 },
      { y: 5 },
      { x: END - 2 * HOUR, y: '7' },
      { x: END - 3 * HOUR, y: Number.NaN },
      { x: new Date(END - 4 * HOUR).toISOString(), y: -1.5 },
      { x: 'not a time', y: 2 },
      null,
    ]);
    expect(points).toEqual([
      { x: END - 4 * HOUR, y: -1.5 },
      { x: END, y: 3 },
    ]);
  });

  it('divides y by the scale', () => {
    expect(keepValidPoints([{ x: END, y: 2_500_000 }], 1_000_000)).toEqual([{ x: END, y: 2.5 }]);
  });

  it('is empty for anything but a list', () => {
    expect(keepValidPoints(undefined)).toEqual([]);
    expect(keepValidPoints({ x: END, y: 1 })).toEqual([]);
  });
});

function entry(price: unknown[], volume: unknown[] = []) {
  return { tickerData: { price_history: price, volume_history: volume } };
}

describe('buildTrends', () => {
  it('keeps the last 12 hours before the newest point of the pairs shown', () => {
    const summary = {
      'SOL/USD': entry([
        { x: END - 13 * HOUR, y: 140 },
        { x: END - 12 * HOUR, y: 141 },
        { x: END - HOUR, y: 150 },
      ]),
      'ADA/USD': entry([{ x: END, y: 0.5 }]),
      'BTC/USD': entry([{ x: END + HOUR, y: 90_000 }]),
    };
    const trends = buildTrends(summary, ['SOL/USD', 'ADA/USD'], 'price');
    expect(trends?.window).toEqual({ start: END - TREND_WINDOW_MS, end: END });
    expect(trends?.series).toEqual([
      {
        pair: 'SOL/USD',
        points: [
          { x: END - 12 * HOUR, y: 141 },
          { x: END - HOUR, y: 150 },
        ],
      },
      { pair: 'ADA/USD', points: [{ x: END, y: 0.5 }] },
    ]);
  });

  it('reads volume history in millions', () => {
    const summary = { 'SOL/USD': entry([], [{ x: END, y: 174_889.55 }]) };
    expect(buildTrends(summary, ['SOL/USD'], 'volume')?.series[0]?.points[0]?.y).toBeCloseTo(0.17488955, 10);
  });

  it('leaves out a pair with no point left, and is null when no pair has one', () => {
    const summary = {
      'SOL/USD': entry([{ x: END, y: 150 }]),
      'ADA/USD': entry([{ x: END, y: 0 }]),
      'DOT/USD': {},
    };
    expect(
      buildTrends(summary, ['SOL/USD', 'ADA/USD', 'DOT/USD'], 'price')?.series.map((s) => s.pair),
    ).toEqual(['SOL/USD']);
    expect(buildTrends(summary, ['ADA/USD', 'DOT/USD'], 'price')).toBeNull();
    expect(buildTrends(summary, ['SOL/USD'], 'volume')).toBeNull();
  });
});

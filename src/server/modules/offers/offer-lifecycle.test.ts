/**
 * judgeOffer on hand-made hourly candles: entry 100 at T0, take-profit 2 %, stop-loss 1 %, a
 * four-hour horizon.
 */
import { describe, expect, it } from 'vitest';
import type { Candle } from '../../shared/candles';
import { HOUR_MS, MINUTE_MS } from '../../shared/time';
import { judgeOffer, type SuccessDefinition } from './offer-lifecycle';

const T0 = Date.UTC(2026, 0, 10, 12);
const window = { entryAt: T0, horizonEnd: T0 + 4 * HOUR_MS, intervalMs: HOUR_MS };
const long: SuccessDefinition = {
  side: 'buy',
  entryPrice: 100,
  takeProfitPercent: 2,
  stopLossPercent: 1,
  feePercent: 0.52,
};
const short: SuccessDefinition = { ...long, side: 'sell' };

/** Four hourly candles from T0; `ranges` gives [low, high] per hour (open/close inside the range). */
function hours(...ranges: [number, number][]): Candle[] {
  return ranges.map(([low, high], i) => ({
    time: T0 + i * HOUR_MS,
    open: (low + high) / 2,
    high,
    low,
    close: (low + high) / 2,
    volume: 1,
  }));
}

const calm: [number, number] = [99.5, 100.5];

describe('judgeOffer', () => {
  it('long: take-profit first is succeeded, stop-loss first is failed', () => {
    expect(judgeOffer(long, hours(calm, [99.6, 102.1], [98, 99], calm), window)).toBe('succeeded');
    expect(judgeOffer(long, hours(calm, [98.9, 100], [100, 103], calm), window)).toBe('failed');
  });

  it('short: mirrored, the take-profit is below the entry', () => {
    expect(judgeOffer(short, hours(calm, [97.9, 100.2], [101, 102], calm), window)).toBe('succeeded');
    expect(judgeOffer(short, hours([99.9, 101.1], [97, 98], calm, calm), window)).toBe('failed');
  });

  it('a candle touching both exits counts as failed (which came first is unknown)', () => {
    expect(judgeOffer(long, hours(calm, [98.5, 102.5], calm, calm), window)).toBe('failed');
    expect(judgeOffer(short, hours(calm, [97.5, 101.5], calm, calm), window)).toBe('failed');
  });

  it('an offer without levels is judged at the horizon: a net gain after its fee succeeds, whatever came before', () => {
    const held = { ...long, takeProfitPercent: null, stopLossPercent: null };
    // Down 1.5 % on the way, closes the horizon +0.6 % (above the 0.52 % round trip).
    const closing = (close: number) => hours(calm, [98.5, 100], calm, [close, close]);
    expect(judgeOffer(held, closing(100.6), window)).toBe('succeeded');
    expect(judgeOffer(held, closing(100.5), window)).toBe('failed');
    expect(judgeOffer({ ...held, side: 'sell' }, closing(99.4), window)).toBe('succeeded');
    expect(judgeOffer({ ...held, side: 'sell' }, closing(100.6), window)).toBe('failed');
    expect(judgeOffer(held, closing(100.6).slice(0, 3), window)).toBeNull();
  });

  it('neither exit by the horizon is neither; moves after the horizon do not count', () => {
    expect(judgeOffer(long, hours(calm, calm, calm, calm), window)).toBe('neither');
    const later = [
      ...hours(calm, calm, calm, calm),
      ...hours(calm).map((c) => ({ ...c, time: T0 + 4 * HOUR_MS, high: 110 })),
    ];
    expect(judgeOffer(long, later, window)).toBe('neither');
  });

  it('counts fees the way the offer does: take-profit and stop-loss are gross price moves', () => {
    // The round-trip fee is inside the offer (its take-profit is at least twice the fee), so price
    // reaching entry × (1 + 2 %) succeeds although the trader nets 2 % minus the fee; a high just
    // short of it does not, whatever the fee.
    expect(judgeOffer(long, hours(calm, [99.8, 102.01], calm, calm), window)).toBe('succeeded');
    expect(judgeOffer(long, hours(calm, [99.8, 101.99], calm, calm), window)).toBe('neither');
    expect(judgeOffer(short, hours(calm, [98.99, 100.2], calm, calm), window)).toBe('neither');
  });

  it('is null until the candles cover entry to horizon', () => {
    expect(judgeOffer(long, hours(calm, calm, calm), window)).toBeNull();
    expect(judgeOffer(long, hours(calm, calm, calm, calm).slice(1), window)).toBeNull();
    expect(judgeOffer(long, [], window)).toBeNull();
    // Minute candles must reach the horizon to the minute.
    const minutes = Array.from({ length: 239 }, (_, i) => ({ ...hours(calm)[0]!, time: T0 + i * MINUTE_MS }));
    expect(judgeOffer(long, minutes, { ...window, intervalMs: MINUTE_MS })).toBeNull();
    const full = [...minutes, { ...minutes[0]!, time: T0 + 239 * MINUTE_MS }];
    expect(judgeOffer(long, full, { ...window, intervalMs: MINUTE_MS })).toBe('neither');
  });
});

import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../shared/time';
import { readCandleCsv, resampleToHourly, toHourly } from './candles';

describe('candle CSV', () => {
  it('reads the fixture layout: header, CRLF, blank lines, unsorted rows, duplicates', () => {
    const text =
      'timestamp_ms,open,high,low,close,volume\r\n7200000,2,3,1,2.5,10\r\n\r\n0,1,2,0.5,1.5,5\r\n7200000,2,3,1,2.6,11\r\n';
    expect(readCandleCsv(text)).toEqual([
      { time: 0, open: 1, high: 2, low: 0.5, close: 1.5, volume: 5 },
      { time: 7200000, open: 2, high: 3, low: 1, close: 2.6, volume: 11 },
    ]);
  });

  it('rejects a malformed row with its line number', () => {
    expect(() => readCandleCsv('0,1,2,0.5,1.5,5\n3600000,1,x,1,1,1')).toThrow(/line 2/);
  });

  it('resamples 15-minute candles to hourly ones, keeping gaps', () => {
    const q = (k: number, o: number, h: number, l: number, c: number) => ({
      time: k * 15 * 60_000,
      open: o,
      high: h,
      low: l,
      close: c,
      volume: 1,
    });
    const fifteen = [
      q(0, 10, 12, 9, 11),
      q(1, 11, 13, 10, 12),
      q(2, 12, 12, 8, 9),
      q(3, 9, 10, 9, 10),
      q(12, 5, 6, 4, 5),
    ];
    expect(resampleToHourly(fifteen)).toEqual([
      { time: 0, open: 10, high: 13, low: 8, close: 10, volume: 4 },
      { time: 3 * HOUR_MS, open: 5, high: 6, low: 4, close: 5, volume: 1 },
    ]);
    expect(toHourly(fifteen)).toHaveLength(2);
    const hourly = resampleToHourly(fifteen);
    expect(toHourly(hourly)).toBe(hourly);
  });
});

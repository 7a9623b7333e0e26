import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time';
import { createManualClock } from '../clock';
import { UnknownPairError } from '../market-source';
import { sharedFixturesDir } from '../shared-fixtures';
import { parseCandleCsv, parseCandleFileName } from './csv';
import { createReplayMarketSource } from './index';

const candles = (name: string) => sharedFixturesDir('candles', name);
const DAY_MS = 24 * HOUR_MS;
/** First row of BTC-USDT-1h.csv. */
const BTC_FIRST = 1726272000000;

describe('replay market', () => {
  it('names pairs from the file names', () => {
    expect(parseCandleFileName('BTC-USDT-1h.csv')).toEqual({
      base: 'BTC',
      quote: 'USDT',
      intervalMs: HOUR_MS,
    });
    expect(parseCandleFileName('eth-usd-15m.csv')).toEqual({
      base: 'ETH',
      quote: 'USD',
      intervalMs: 15 * MINUTE_MS,
    });
    expect(() => parseCandleFileName('btc.csv')).toThrow(/named like/);
    expect(() => parseCandleFileName('BTC-USDT-7m.csv')).toThrow(/interval/);
    expect(() => parseCandleCsv('timestamp_ms,open\n1,2,3', 'x.csv')).toThrow(/x.csv:2/);
  });

  it('replays the recorded hours after a 90-day warm-up, only closed candles', async () => {
    const clock = createManualClock(0);
    const source = createReplayMarketSource({ files: [candles('BTC-USDT-1h.csv')], clock });
    expect(await source.listPairs()).toEqual([
      {
        symbol: 'BTC/USDT',
        exchangeSymbol: 'BTCUSDT',
        base: 'BTC',
        quote: 'USDT',
        defaultActive: true,
        orderMin: 0.00005,
        costMin: 0.5,
      },
    ]);
    expect(source.now()).toBe(BTC_FIRST + 90 * DAY_MS);
    const hours = await source.fetchCandles('BTC/USDT', '1h', source.now() - 90 * DAY_MS);
    expect(hours).toHaveLength(90 * 24);
    expect(hours[0]).toEqual({
      time: BTC_FIRST,
      open: 60497.99,
      high: 60610.45,
      low: 60372.77,
      close: 60414.39,
      volume: 753.37252,
    });
    expect(hours.at(-1)?.time).toBe(source.now() - HOUR_MS);
    expect(await source.fetchCandles('BTC/USDT', '1m', 0)).toEqual([]);

    clock.advance(HOUR_MS - 1);
    expect(await source.fetchCandles('BTC/USDT', '1h', source.now() - 2 * HOUR_MS)).toHaveLength(1);
    clock.advance(1);
    const later = await source.fetchCandles('BTC/USDT', '1h', source.now() - 2 * HOUR_MS);
    expect(later).toHaveLength(2);
    const ticker = await source.fetchTicker('BTC/USDT');
    expect(ticker.price).toBe(later.at(-1)?.close);
    expect(ticker.bid).toBeLessThan(ticker.price);
    expect(ticker.ask).toBeGreaterThan(ticker.price);
    const book = await source.fetchOrderBook('BTC/USDT', 4);
    expect(book.asks).toHaveLength(4);
    expect(book.bids[0]?.[0]).toBe(ticker.bid);
    await expect(source.fetchTicker('ETH/USDT')).rejects.toBeInstanceOf(UnknownPairError);
  });

  it('derives hours from 15-minute files, equal to the recorded hours', async () => {
    const clock = createManualClock(0);
    const startTime = Date.UTC(2025, 3, 1);
    const fromQuarters = createReplayMarketSource({ files: [candles('ETH-USDT-15m.csv')], clock, startTime });
    const recorded = createReplayMarketSource({ files: [candles('ETH-USDT-1h.csv')], clock, startTime });
    const since = Date.UTC(2025, 0, 1);
    const derived = await fromQuarters.fetchCandles('ETH/USDT', '1h', since);
    const hours = await recorded.fetchCandles('ETH/USDT', '1h', since);
    expect(derived).toHaveLength(90 * 24);
    expect(derived.map(({ volume: _, ...c }) => c)).toEqual(hours.map(({ volume: _, ...c }) => c));
    derived.forEach((c, i) => expect(c.volume).toBeCloseTo(hours[i]?.volume ?? NaN, 6));
    // The ticker follows the finest series: the last closed quarter hour.
    const quarters = parseCandleCsv(readFileSync(candles('ETH-USDT-15m.csv'), 'utf8'));
    const lastQuarter = quarters.filter((c) => c.time + 15 * MINUTE_MS <= startTime).at(-1);
    expect((await fromQuarters.fetchTicker('ETH/USDT')).price).toBe(lastQuarter?.close);
  });

  it('reads a directory, one pair per symbol, starting after the earliest file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'replay-'));
    writeFileSync(
      path.join(dir, 'AAA-USD-1m.csv'),
      'timestamp_ms,open,high,low,close,volume\n60000,1,2,0.5,1.5,10\n120000,1.5,1.6,1.4,1.4,5\n',
    );
    writeFileSync(path.join(dir, 'BBB-USD-1h.csv'), '3600000,10,11,9,10.5,1\n');
    writeFileSync(path.join(dir, 'notes.txt'), 'ignored');
    const clock = createManualClock(0);
    const source = createReplayMarketSource({ files: [dir], clock, warmupMs: 2 * MINUTE_MS });
    expect((await source.listPairs()).map((p) => p.symbol)).toEqual(['AAA/USD', 'BBB/USD']);
    expect(source.now()).toBe(3 * MINUTE_MS);
    expect(await source.fetchCandles('AAA/USD', '1m', 0)).toHaveLength(2);
    expect(await source.fetchCandles('BBB/USD', '1h', 0)).toEqual([]);
    await expect(source.fetchTicker('BBB/USD')).rejects.toThrow(/no BBB\/USD candle closed yet/);
    clock.advance(2 * HOUR_MS);
    expect(await source.fetchCandles('BBB/USD', '1h', 0)).toHaveLength(1);
    expect(() => createReplayMarketSource({ files: [path.join(dir, 'missing.csv')] })).toThrow(/ENOENT/);
  });
});

import { describe, expect, it } from 'vitest';
import type { Candle } from '../../../engine/types';
import { aggregateCandles, floorTo } from '../../../shared/candles';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time';
import { createManualClock } from '../clock';
import { UnknownPairError } from '../market-source';
import { HourlyPath } from './hourly-path';
import { DEFAULT_SIMULATION_EPOCH, createSimulatedMarketSource } from './index';
import { PAIR_PROFILES } from './profiles';

const START = Date.UTC(2026, 0, 15, 12, 30, 20);
const DAY_MS = 24 * HOUR_MS;

function market(seed: number, startTime = START) {
  const clock = createManualClock(0);
  return { clock, source: createSimulatedMarketSource({ seed, startTime, clock }) };
}

const hours90d = (m: ReturnType<typeof market>, symbol = 'BTC/USD') =>
  m.source.fetchCandles(symbol, '1h', floorTo(m.source.now() - 90 * DAY_MS, HOUR_MS));
const minutes48h = (m: ReturnType<typeof market>, symbol = 'BTC/USD') =>
  m.source.fetchCandles(symbol, '1m', floorTo(m.source.now() - 48 * HOUR_MS, MINUTE_MS));

function logReturns(candles: Candle[]): number[] {
  return candles.slice(1).map((c, i) => Math.log(c.close / (candles[i] as Candle).close));
}

function correlation(a: number[], b: number[]): number {
  const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
  const ma = mean(a);
  const mb = mean(b);
  let cov = 0;
  let va = 0;
  let vb = 0;
  a.forEach((x, i) => {
    const y = b[i] as number;
    cov += (x - ma) * (y - mb);
    va += (x - ma) ** 2;
    vb += (y - mb) ** 2;
  });
  return cov / Math.sqrt(va * vb);
}

describe('simulated market', () => {
  it('lists the twelve USD pairs with Kraken altnames', async () => {
    const pairs = await market(1).source.listPairs();
    expect(pairs).toHaveLength(12);
    expect(pairs).toContainEqual({
      symbol: 'BTC/USD',
      exchangeSymbol: 'XBTUSD',
      base: 'BTC',
      quote: 'USD',
      defaultActive: true,
      orderMin: 0.00005,
      costMin: 0.5,
    });
    expect(pairs.find((p) => p.symbol === 'DOGE/USD')).toMatchObject({
      exchangeSymbol: 'XDGUSD',
      orderMin: 13,
    });
    expect(pairs.every((p) => p.orderMin !== undefined && p.costMin === 0.5)).toBe(true);
    await expect(market(1).source.fetchTicker('BNB/USD')).rejects.toBeInstanceOf(UnknownPairError);
  });

  it('is deterministic: the same seed and clock give the same candles, another seed others', async () => {
    const [a, b, c] = [market(42), market(42), market(43)];
    expect(await hours90d(a)).toEqual(await hours90d(b));
    expect(await minutes48h(a, 'ETH/USD')).toEqual(await minutes48h(b, 'ETH/USD'));
    expect(await a.source.fetchTicker('SOL/USD')).toEqual(await b.source.fetchTicker('SOL/USD'));
    expect(await a.source.fetchOrderBook('SOL/USD')).toEqual(await b.source.fetchOrderBook('SOL/USD'));
    const other = await hours90d(c);
    expect(other.map((x) => x.close)).not.toEqual((await hours90d(a)).map((x) => x.close));
  });

  it('gives the same history after a restart later on, whatever was asked first', async () => {
    const first = market(7);
    const later = market(7, START + 5 * HOUR_MS + 17 * MINUTE_MS);
    const minutesOnly = await minutes48h(later, 'LINK/USD');
    const hoursThenMinutes = (await hours90d(first, 'LINK/USD')) && (await minutes48h(first, 'LINK/USD'));
    const overlap = minutesOnly.filter((m) => m.time <= (hoursThenMinutes.at(-1) as Candle).time);
    expect(overlap.length).toBeGreaterThan(2000);
    expect(overlap).toEqual(hoursThenMinutes.slice(hoursThenMinutes.length - overlap.length));
  });

  it('has 90 days of closed hours and 48 h of closed minutes before now at first start', async () => {
    const m = market(1);
    const now = m.source.now();
    const hours = await hours90d(m);
    const minutes = await minutes48h(m);
    expect(now).toBe(START);
    expect(hours).toHaveLength(90 * 24);
    expect(minutes).toHaveLength(48 * 60);
    expect((hours.at(-1) as Candle).time).toBe(Math.floor(now / HOUR_MS) * HOUR_MS - HOUR_MS);
    expect((minutes.at(-1) as Candle).time).toBe(Math.floor(now / MINUTE_MS) * MINUTE_MS - MINUTE_MS);
    expect(await m.source.fetchCandles('BTC/USD', '1h', now - 10 * HOUR_MS, 3)).toHaveLength(3);
  });

  it('makes well-formed, continuous candles at plausible levels for every pair', async () => {
    const m = market(3);
    for (const profile of PAIR_PROFILES) {
      const hours = await hours90d(m, `${profile.base}/USD`);
      const malformed = hours.filter(
        (c, i) =>
          !(c.low <= Math.min(c.open, c.close)) ||
          !(c.high >= Math.max(c.open, c.close)) ||
          !(c.low > 0 && c.volume > 0) ||
          (i > 0 && c.open !== (hours[i - 1] as Candle).close),
      );
      expect(malformed).toEqual([]);
      const last = (hours.at(-1) as Candle).close;
      expect(last / profile.price).toBeGreaterThan(0.25);
      expect(last / profile.price).toBeLessThan(4);
    }
  });

  it('makes hourly candles that are exactly the aggregate of their minutes', async () => {
    const m = market(11);
    for (const symbol of ['BTC/USD', 'XLM/USD']) {
      const minutes = await minutes48h(m, symbol);
      const aggregated = aggregateCandles(minutes, HOUR_MS, { complete: { inputMs: MINUTE_MS } });
      const hours = await m.source.fetchCandles(symbol, '1h', (aggregated[0] as Candle).time);
      expect(aggregated).toHaveLength(47); // the first hour is partial, the current one open
      expect(hours).toEqual(aggregated);
    }
  });

  it('clusters volatility and moves volume with volatility, with spikes', async () => {
    const m = market(5);
    const autocorrelations: number[] = [];
    const volumeLinks: number[] = [];
    let spikes = 0;
    for (const profile of PAIR_PROFILES) {
      const hours = await hours90d(m, `${profile.base}/USD`);
      const moves = logReturns(hours).map(Math.abs);
      autocorrelations.push(correlation(moves.slice(1), moves.slice(0, -1)));
      const volumes = hours.slice(1).map((c) => c.volume);
      volumeLinks.push(correlation(moves, volumes));
      const median = [...volumes].sort((a, b) => a - b)[volumes.length >> 1] as number;
      spikes += volumes.filter((v) => v > 4 * median).length;
    }
    const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
    // Independent returns give |r| autocorrelations around 0 ± 0.02 over 2160 hours.
    expect(mean(autocorrelations)).toBeGreaterThan(0.1);
    expect(Math.min(...autocorrelations)).toBeGreaterThan(0.03);
    expect(mean(volumeLinks)).toBeGreaterThan(0.3);
    expect(spikes).toBeGreaterThan(12);
  });

  it('trends in regimes lasting days, moving a few percent a day, and stays within bounds', async () => {
    const end = Math.round((START - DEFAULT_SIMULATION_EPOCH) / HOUR_MS);
    let trendHours = 0;
    let hours = 0;
    const runs: number[] = [];
    const dailyDrifts: number[] = [];
    for (const profile of PAIR_PROFILES) {
      const path = new HourlyPath(profile, 5, DEFAULT_SIMULATION_EPOCH);
      path.ensure(end);
      let signed = 0;
      let inTrend = 0;
      let run = 1;
      for (let k = 1; k <= end; k++) {
        const regime = path.regime[k] as number;
        if (regime !== 0) {
          signed += regime * ((path.logClose[k] as number) - (path.logClose[k - 1] as number));
          inTrend++;
        }
        if (regime === path.regime[k - 1]) run++;
        else {
          if (path.regime[k - 1] !== 0) runs.push(run);
          run = 1;
        }
      }
      trendHours += inTrend;
      hours += end;
      dailyDrifts.push((signed / inTrend) * 24 * 100);
    }
    const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
    expect(trendHours / hours).toBeGreaterThan(0.5);
    expect(trendHours / hours).toBeLessThan(0.85);
    expect(mean(runs) / 24).toBeGreaterThan(3); // days
    expect(mean(runs) / 24).toBeLessThan(10);
    // In a trend, the price moves its way by a few percent a day (BTC least, the small coins most).
    expect(Math.min(...dailyDrifts)).toBeGreaterThan(1);
    expect(Math.max(...dailyDrifts)).toBeLessThan(6);

    // No explosions: over 180 days every pair stays within a factor of 5 of where it started.
    for (const seed of [1, 42]) {
      const m = market(seed);
      for (const profile of PAIR_PROFILES) {
        const closes = (
          await m.source.fetchCandles(`${profile.base}/USD`, '1h', floorTo(START - 180 * DAY_MS, HOUR_MS))
        ).map((c) => c.close);
        const first = closes[0] as number;
        expect(Math.max(...closes) / first).toBeLessThan(5);
        expect(Math.min(...closes) / first).toBeGreaterThan(1 / 5);
      }
    }
  });

  it('lets volume-backed breakouts of the 24 h range continue more often than not', async () => {
    const m = market(6);
    const moves: number[] = [];
    for (const profile of PAIR_PROFILES) {
      const hours = await hours90d(m, `${profile.base}/USD`);
      for (let i = 168; i + 8 < hours.length; i++) {
        const prior = hours.slice(i - 24, i);
        const high = Math.max(...prior.map((c) => c.high));
        const low = Math.min(...prior.map((c) => c.low));
        const volumes = hours.slice(i - 168, i).map((c) => c.volume);
        const median = volumes.sort((a, b) => a - b)[84] as number;
        const c = hours[i] as Candle;
        const direction = c.close > high ? 1 : c.close < low ? -1 : 0;
        if (direction === 0 || c.volume < 2 * median) continue;
        moves.push(direction * Math.log((hours[i + 8] as Candle).close / c.close));
      }
    }
    expect(moves.length).toBeGreaterThan(500);
    expect(moves.filter((r) => r > 0).length / moves.length).toBeGreaterThan(0.55);
    expect(moves.reduce((s, r) => s + r, 0) / moves.length).toBeGreaterThan(0);
  });

  it('has annualised volatility near each profile and correlated pairs', async () => {
    const m = market(9);
    const btc = logReturns(await hours90d(m, 'BTC/USD'));
    const eth = logReturns(await hours90d(m, 'ETH/USD'));
    const annual = (r: number[]) => Math.sqrt((r.reduce((s, v) => s + v * v, 0) / r.length) * 8760);
    expect(annual(btc)).toBeGreaterThan(0.25);
    expect(annual(btc)).toBeLessThan(1.2);
    expect(correlation(btc, eth)).toBeGreaterThan(0.4);
  });

  it('runs live on its own clock, at the configured speed', async () => {
    const clock = createManualClock(1_000);
    const source = createSimulatedMarketSource({ seed: 2, startTime: START, speed: 60, clock });
    const before = await source.fetchCandles('ETH/USD', '1h', START - 3 * HOUR_MS);
    const tickerBefore = await source.fetchTicker('ETH/USD');
    clock.advance(60_000); // one real minute = one simulated hour
    expect(source.now()).toBe(START + HOUR_MS);
    const after = await source.fetchCandles('ETH/USD', '1h', START - 3 * HOUR_MS);
    expect(after).toHaveLength(before.length + 1);
    expect(after.slice(0, before.length)).toEqual(before);
    const tickerAfter = await source.fetchTicker('ETH/USD');
    expect(tickerAfter.timestamp).toBe(START + HOUR_MS);
    expect(tickerAfter.price).not.toBe(tickerBefore.price);
  });

  it('quotes a ticker and a book consistent with the candles, spread widening with volatility', async () => {
    const m = market(4);
    const ticker = await m.source.fetchTicker('BTC/USD');
    const day = await m.source.fetchCandles('BTC/USD', '1m', START - DAY_MS);
    expect(ticker.bid).toBeLessThan(ticker.ask);
    expect(Math.abs(ticker.price - (day.at(-1) as Candle).close) / ticker.price).toBeLessThan(0.01);
    expect(ticker.high24h).toBeGreaterThanOrEqual(Math.max(...day.slice(1).map((c) => c.high)));
    expect(ticker.low24h).toBeLessThanOrEqual(Math.min(...day.slice(1).map((c) => c.low)));
    const book = await m.source.fetchOrderBook('BTC/USD', 5);
    expect(book.bids).toHaveLength(5);
    expect(book.asks).toHaveLength(5);
    expect(book.bids[0]?.[0]).toBe(ticker.bid);
    expect(book.asks[0]?.[0]).toBe(ticker.ask);
    const prices = (side: [number, number][]) => side.map(([p]) => p);
    expect(prices(book.bids)).toEqual([...prices(book.bids)].sort((a, b) => b - a));
    expect(prices(book.asks)).toEqual([...prices(book.asks)].sort((a, b) => a - b));

    // Over 90 days of hours, a wider hourly range comes with a wider quoted spread.
    const hours = await hours90d(m, 'SOL/USD');
    const spreads: number[] = [];
    const ranges: number[] = [];
    for (const h of hours.slice(-400)) {
      m.clock.set(h.time + 30 * MINUTE_MS - START);
      const t = await m.source.fetchTicker('SOL/USD');
      spreads.push((t.ask - t.bid) / t.price);
      ranges.push((h.high - h.low) / h.open);
    }
    expect(correlation(spreads, ranges)).toBeGreaterThan(0.3);
  });
});

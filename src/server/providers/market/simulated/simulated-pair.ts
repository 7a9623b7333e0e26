/**
 * One simulated pair: hourly and minute candles, ticker and order book at any source time,
 * computed on demand from the hourly skeleton and cached. Hourly candles are the aggregates of
 * their sixty minutes by construction.
 */
import type { Candle } from '../../../engine/types';
import { aggregateCandles, roundVolume } from '../../../shared/candles';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time';
import type { MarketTicker, OrderBook } from '../market-source';
import { HourlyPath, type SimulatedEdge } from './hourly-path';
import { drawMinuteColumns, hourCandle, minuteCandles } from './minute-bridge';
import type { PairProfile } from './profiles';
import { Rng, hashSeed, roundTo } from './random';

const MINUTE_CACHE_HOURS = 96;
/** The book is redrawn every 5 s of source time. */
const BOOK_TICK_MS = 5_000;

export class SimulatedPair {
  readonly path: HourlyPath;
  private readonly hours: (Candle | undefined)[] = [];
  private readonly minuteCache = new Map<number, Candle[]>();
  private readonly tick: number;

  constructor(
    readonly symbol: string,
    readonly profile: PairProfile,
    private readonly seed: number,
    readonly epoch: number,
    edge: SimulatedEdge = 'planted',
  ) {
    this.path = new HourlyPath(profile, seed, epoch, edge);
    this.tick = 10 ** -profile.decimals;
  }

  /** Closed hourly candles with open time in [from, to), oldest first. */
  hourly(from: number, to: number, limit = Infinity): Candle[] {
    const out: Candle[] = [];
    const first = Math.max(0, Math.ceil((from - this.epoch) / HOUR_MS));
    const end = Math.floor((to - this.epoch) / HOUR_MS);
    for (let k = first; k < end && out.length < limit; k++) out.push({ ...this.hour(k) });
    return out;
  }

  /** Closed minute candles with open time in [from, to), oldest first. */
  minutes(from: number, to: number, limit = Infinity): Candle[] {
    const out: Candle[] = [];
    const start = Math.max(this.epoch, Math.ceil(from / MINUTE_MS) * MINUTE_MS);
    for (let k = Math.floor((start - this.epoch) / HOUR_MS); out.length < limit; k++) {
      const hourStart = this.epoch + k * HOUR_MS;
      if (hourStart >= to) break;
      for (const c of this.minuteCandles(k)) {
        if (c.time < start) continue;
        if (c.time + MINUTE_MS > to || out.length >= limit) break;
        out.push({ ...c });
      }
    }
    return out;
  }

  ticker(now: number): MarketTicker {
    const { decimals } = this.profile;
    const current = this.minuteAt(now);
    const fraction = (now - current.time) / MINUTE_MS;
    const price = roundTo(current.open + (current.close - current.open) * fraction, decimals);

    const dayAgo = now - 24 * HOUR_MS;
    const window = this.minutes(dayAgo, Math.floor(now / MINUTE_MS) * MINUTE_MS);
    const first = this.epoch <= dayAgo ? this.minuteAt(dayAgo) : window[0];
    let high = price;
    let low = price;
    let volume = 0;
    for (const c of window) {
      if (c.high > high) high = c.high;
      if (c.low < low) low = c.low;
      volume += c.volume;
    }
    const open24h = first?.open ?? price;
    const { bid, ask } = this.quote(now, price);
    return {
      symbol: this.symbol,
      price,
      bid,
      ask,
      volume24h: roundVolume(volume),
      high24h: high,
      low24h: low,
      change24hPercent: roundTo(((price - open24h) / open24h) * 100, 4),
      timestamp: now,
    };
  }

  orderBook(now: number, depth: number): OrderBook {
    const { decimals } = this.profile;
    const { bid, ask, spread } = this.quote(now, this.ticker(now).price);
    const rng = new Rng(hashSeed(this.seed, 'book', this.profile.base, Math.floor(now / BOOK_TICK_MS)));
    const k = this.hourIndex(now);
    const perMinute = (this.path.volume[k] ?? 0) / 60;
    const gapTicks = Math.max(1, Math.round(spread / this.tick));
    const side = (best: number, direction: 1 | -1): [number, number][] => {
      const levels: [number, number][] = [];
      let price = best;
      for (let i = 0; i < depth; i++) {
        if (i > 0)
          price = roundTo(
            price + direction * this.tick * Math.ceil(gapTicks * (0.3 + rng.exponential())),
            decimals,
          );
        if (price <= 0) break;
        const quantity = roundVolume(perMinute * 0.08 * (0.15 + rng.exponential()) * (1 + 0.2 * i));
        levels.push([price, Math.max(quantity, 1e-8)]);
      }
      return levels;
    };
    return { symbol: this.symbol, bids: side(bid, -1), asks: side(ask, 1), timestamp: now };
  }

  /** Best bid/ask around `price`; the spread widens with the hour's volatility. */
  private quote(now: number, price: number) {
    const { decimals, spreadBps } = this.profile;
    const k = this.hourIndex(now);
    const stress = (this.path.sigma[k] ?? this.path.sigmaBar) / this.path.sigmaBar;
    const spread = Math.max(this.tick, roundTo(price * (spreadBps / 10_000) * stress ** 0.7, decimals));
    const bid = roundTo(Math.max(this.tick, price - spread / 2), decimals);
    const ask = roundTo(bid + spread, decimals);
    return { bid, ask, spread };
  }

  private hourIndex(time: number): number {
    const k = Math.max(0, Math.floor((time - this.epoch) / HOUR_MS));
    this.path.ensure(k);
    return k;
  }

  private minuteAt(time: number): Candle {
    const k = this.hourIndex(time);
    const minutes = this.minuteCandles(k);
    const index = Math.min(59, Math.max(0, Math.floor((time - this.epoch - k * HOUR_MS) / MINUTE_MS)));
    return minutes[index] as Candle;
  }

  private hour(k: number): Candle {
    const cached = this.hours[k];
    if (cached) return cached;
    const minutes = this.minuteCache.get(k);
    const candle = minutes ? aggregateHour(minutes) : hourCandle(drawMinuteColumns(this.path, k, this.seed));
    this.hours[k] = candle;
    return candle;
  }

  private minuteCandles(k: number): Candle[] {
    const cached = this.minuteCache.get(k);
    if (cached) {
      this.minuteCache.delete(k);
      this.minuteCache.set(k, cached);
      return cached;
    }
    const minutes = minuteCandles(drawMinuteColumns(this.path, k, this.seed));
    this.minuteCache.set(k, minutes);
    if (this.minuteCache.size > MINUTE_CACHE_HOURS) {
      const oldest = this.minuteCache.keys().next().value;
      if (oldest !== undefined) this.minuteCache.delete(oldest);
    }
    return minutes;
  }
}

function aggregateHour(minutes: Candle[]): Candle {
  return aggregateCandles(minutes, HOUR_MS)[0] as Candle;
}

/**
 * Candles with a known effective spread, the model the close-high-low estimators assume: an
 * efficient log price walks randomly tick by tick; each tick trades at the ask (mid · e^{s/2}) or
 * the bid (mid · e^{−s/2}) with equal probability; ticks are aggregated into hourly OHLC.
 */
import type { Candle } from '../../shared/candles';
import { seededRandom } from '../../shared/random';
import { HOUR_MS } from '../../shared/time';
import { TEST_START } from './synthetic-universe';

export interface BidAskBounceOptions {
  seed: number;
  hours: number;
  /** Relative bid-ask spread, log ask − log bid (0.004 = 0.4 %). */
  spread: number;
  /** Standard deviation of the efficient hourly log return. */
  volatility: number;
  ticksPerHour?: number;
  start?: number;
}

export function buildBidAskBounceCandles(o: BidAskBounceOptions): Candle[] {
  const rand = seededRandom(o.seed);
  const ticks = o.ticksPerHour ?? 60;
  const tickVol = o.volatility / Math.sqrt(ticks);
  const gaussian = () => Math.sqrt(-2 * Math.log(Math.max(rand(), 1e-12))) * Math.cos(2 * Math.PI * rand());
  let logMid = Math.log(100);
  const out: Candle[] = [];
  for (let h = 0; h < o.hours; h++) {
    let open = NaN;
    let high = -Infinity;
    let low = Infinity;
    let close = NaN;
    for (let k = 0; k < ticks; k++) {
      logMid += tickVol * gaussian();
      const price = Math.exp(logMid + (rand() < 0.5 ? 0.5 : -0.5) * o.spread);
      if (k === 0) open = price;
      high = Math.max(high, price);
      low = Math.min(low, price);
      close = price;
    }
    out.push({ time: (o.start ?? TEST_START) + h * HOUR_MS, open, high, low, close, volume: ticks });
  }
  return out;
}

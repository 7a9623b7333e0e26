/**
 * Signals → trades, each signal on its own (position limits are the family's business), always with
 * fees and slippage, and every ambiguity an hourly candle leaves resolved against the trader.
 *
 * Invariant: a trade reads no price from an hour ≤ the signal's `at` (entryHour > at); only the
 * slippage model may look back, and it sees hours ≤ at only.
 *
 * Entry
 * - market: the open of hour at + 1, or of the first hour with a candle up to at + MAX_ENTRY_DELAY_HOURS;
 *   none → no trade (`missed`).
 * - limit, resting from hour at + 1 for `validHours`: it fills at the limit price in the first hour
 *   that trades strictly through it (low < price for a buy, high > price for a sell) — a touch
 *   proves nothing about our place in the queue. A resting order is in the book, so even an hour
 *   that opens past it fills it at the limit, never at the better open. The one exception is an
 *   order that is already marketable on arrival (hour at + 1 opens past the limit): that crosses
 *   the spread at once, so it fills at that open as a taker. Never filled → no trade (`unfilled`).
 *
 * Exit, checked hour by hour from the entry hour
 * - stop-loss: triggered on a touch (low ≤ stop for a long); fills at the stop, or at the open if the
 *   hour opened past it. Take-profit: only when traded strictly through; fills at the level even
 *   after a gap. Both in one hour → the stop. In the hour a resting limit filled, the high (for a
 *   long) may have come before the fill, so that hour can stop the trade but not take profit.
 * - otherwise the close of hour entryHour + holdHours − 1 (or the last close before it, across a
 *   gap); if the pair's data ends first, its last close, marked `data_end`.
 * - every exit is a taker leg: fee + half-spread (see costs.ts).
 * A market entry's levels cannot be checked against its fill in advance: a long whose stop is at
 * or above the fill is stopped at that open, one whose take-profit is below it exits there at a loss.
 *
 * Entry and exit prices are the candle prices; slippage and fees are in `costs`, so
 * grossReturn = side × (exit / entry − 1) and netReturn = grossReturn − costs.
 */
import { computeTradeCosts, createSpreadSlippage, type SlippageModel } from './costs';
import type { ExitReason, FeeSchedule, PairSeries, Signal, Trade, Universe } from './types';

/** A market order waits at most this many hours after the decision for the pair to trade again. */
export const MAX_ENTRY_DELAY_HOURS = 3;

export interface SimulateTradesInput {
  universe: Universe;
  signals: readonly Signal[];
  fees: FeeSchedule;
  /** Half-spread per market leg; by default estimated from the candles (createSpreadSlippage). */
  slippage?: SlippageModel;
}

export interface SimulationResult {
  trades: Trade[];
  /** Limit orders that never traded through their price while they rested. */
  unfilled: number;
  /** Market orders with no candle to enter on within MAX_ENTRY_DELAY_HOURS. */
  missed: number;
}

interface Fill {
  hour: number;
  price: number;
  maker: boolean;
  /** The fill was at the hour's open, so all of that candle came after it. */
  atOpen: boolean;
}

interface Exit {
  hour: number;
  price: number;
  reason: ExitReason;
}

export function simulateTrades(input: SimulateTradesInput): SimulationResult {
  const { universe, signals, fees } = input;
  const slippage = input.slippage ?? createSpreadSlippage(universe);
  const lastCandles = new Map<number, number>();
  const result: SimulationResult = { trades: [], unfilled: 0, missed: 0 };
  for (const signal of signals) {
    checkSignal(signal, universe);
    const series = universe.pairs[signal.pair]!;
    const fill = findEntry(series, signal);
    if (!fill) {
      if (signal.entry.kind === 'market') result.missed++;
      else result.unfilled++;
      continue;
    }
    if (!lastCandles.has(signal.pair)) lastCandles.set(signal.pair, findLastCandle(series));
    const exit = findExit({ series, signal, fill, lastCandle: lastCandles.get(signal.pair)! });
    const grossReturn = signal.side * (exit.price / fill.price - 1);
    const costs = computeTradeCosts({
      fees,
      makerEntry: fill.maker,
      halfSpread: slippage(signal.pair, signal.at),
      entryPrice: fill.price,
      exitPrice: exit.price,
    });
    result.trades.push({
      pair: signal.pair,
      side: signal.side,
      at: signal.at,
      entryHour: fill.hour,
      exitHour: exit.hour,
      entryPrice: fill.price,
      exitPrice: exit.price,
      maker: fill.maker,
      exit: exit.reason,
      grossReturn,
      costs,
      netReturn: grossReturn - costs,
    });
  }
  return result;
}

function findEntry(series: PairSeries, signal: Signal): Fill | undefined {
  const { at, side, entry } = signal;
  const lastHour = series.open.length - 1;
  if (entry.kind === 'market') {
    for (let h = at + 1; h <= Math.min(at + MAX_ENTRY_DELAY_HOURS, lastHour); h++)
      if (hasCandle(series, h)) return { hour: h, price: series.open[h]!, maker: false, atOpen: true };
    return undefined;
  }
  const limit = entry.price;
  for (let h = at + 1; h <= Math.min(at + entry.validHours, lastHour); h++) {
    if (!hasCandle(series, h)) continue;
    const open = series.open[h]!;
    if (h === at + 1 && side * (limit - open) > 0)
      return { hour: h, price: open, maker: false, atOpen: true };
    const through = side === 1 ? series.low[h]! < limit : series.high[h]! > limit;
    if (through) return { hour: h, price: limit, maker: true, atOpen: false };
  }
  return undefined;
}

function findExit(o: { series: PairSeries; signal: Signal; fill: Fill; lastCandle: number }): Exit {
  const { series, fill } = o;
  const { side, stopLoss, takeProfit, holdHours } = o.signal;
  const horizon = fill.hour + holdHours - 1;
  let last = fill.hour;
  for (let h = fill.hour; h <= Math.min(horizon, o.lastCandle); h++) {
    if (!hasCandle(series, h)) continue;
    last = h;
    const open = series.open[h]!;
    const against = side === 1 ? series.low[h]! : series.high[h]!;
    const toward = side === 1 ? series.high[h]! : series.low[h]!;
    if (stopLoss !== undefined && side * (against - stopLoss) <= 0) {
      const price = side === 1 ? Math.min(open, stopLoss) : Math.max(open, stopLoss);
      return { hour: h, price, reason: 'stop_loss' };
    }
    const afterFill = h > fill.hour || fill.atOpen;
    if (takeProfit !== undefined && afterFill && side * (toward - takeProfit) > 0)
      return { hour: h, price: takeProfit, reason: 'take_profit' };
  }
  return { hour: last, price: series.close[last]!, reason: horizon > o.lastCandle ? 'data_end' : 'horizon' };
}

function hasCandle(series: PairSeries, h: number): boolean {
  return (
    Number.isFinite(series.open[h]) &&
    Number.isFinite(series.high[h]) &&
    Number.isFinite(series.low[h]) &&
    Number.isFinite(series.close[h])
  );
}

function findLastCandle(series: PairSeries): number {
  for (let h = series.open.length - 1; h >= 0; h--) if (hasCandle(series, h)) return h;
  return -1;
}

/** A malformed signal is a bug in its family: fail loudly instead of simulating something else. */
function checkSignal(s: Signal, universe: Universe): void {
  const reject = (why: string) => new Error(`signal (pair ${s.pair}, at ${s.at}): ${why}`);
  const isPrice = (v: number | undefined) => v === undefined || (Number.isFinite(v) && v > 0);
  if (!universe.pairs[s.pair]) throw reject('no such pair');
  if (!Number.isInteger(s.at) || s.at < 0 || s.at >= universe.hours)
    throw reject('at is outside the universe');
  if (s.side !== 1 && s.side !== -1) throw reject('side must be 1 or −1');
  if (!Number.isInteger(s.holdHours) || s.holdHours < 1) throw reject('holdHours must be a positive integer');
  if (!isPrice(s.stopLoss) || !isPrice(s.takeProfit)) throw reject('exit levels must be positive prices');
  if (s.stopLoss !== undefined && s.takeProfit !== undefined && s.side * (s.takeProfit - s.stopLoss) <= 0)
    throw reject('the take-profit must lie beyond the stop in the direction of the trade');
  if (s.entry.kind === 'limit') {
    const { price, validHours } = s.entry;
    if (!isPrice(price)) throw reject('the limit price must be a positive price');
    if (!Number.isInteger(validHours) || validHours < 1)
      throw reject('validHours must be a positive integer');
    if (s.stopLoss !== undefined && s.side * (price - s.stopLoss) <= 0)
      throw reject('the stop must lie on the losing side of the limit price');
    if (s.takeProfit !== undefined && s.side * (s.takeProfit - price) <= 0)
      throw reject('the take-profit must lie on the winning side of the limit price');
  }
}

/**
 * A family's live results against its walk-forward backtest over the same market period: did live
 * trading get what the backtest says the family would have got then? (The most asked question of
 * every trading bot's users: why live differs from the backtest.) The period is the days of the
 * decisions behind the family's settled live offers; the backtest's trades decided on those days
 * give a mean and a spread, and the 95 % interval is where the mean of as many trades as live
 * settled would fall if live traded like the backtest.
 */
import type { BacktestComparison } from '../../../contract/track-record';
import type { GateBacktestDay } from '../../../contract/signal-quality';

const DAY_MS = 86_400_000;
/** Two-sided 95 %. */
const Z_95 = 1.96;

export interface LiveTrade {
  /** Market time of the decision behind the offer (epoch ms). */
  decidedAt: number;
  netReturnPercent: number;
}

export function compareWithBacktest(
  live: readonly LiveTrade[],
  days: readonly GateBacktestDay[],
): BacktestComparison | null {
  if (live.length === 0) return null;
  const decided = live.map((t) => t.decidedAt);
  const fromDay = Math.floor(Math.min(...decided) / DAY_MS);
  const toDay = Math.floor(Math.max(...decided) / DAY_MS);
  let n = 0;
  let sum = 0;
  let squares = 0;
  let wins = 0;
  for (const d of days) {
    const day = Math.floor(Date.parse(d.day) / DAY_MS);
    if (day < fromDay || day > toDay) continue;
    n += d.trades;
    sum += d.netSumPercent;
    squares += d.netSquaresPercent;
    wins += d.wins;
  }
  const liveMean = live.reduce((a, t) => a + t.netReturnPercent, 0) / live.length;
  const mean = n > 0 ? sum / n : null;
  const variance = n > 1 && mean !== null ? Math.max(0, (squares - n * mean * mean) / (n - 1)) : null;
  const interval =
    mean !== null && variance !== null
      ? {
          low: mean - (Z_95 * Math.sqrt(variance)) / Math.sqrt(live.length),
          high: mean + (Z_95 * Math.sqrt(variance)) / Math.sqrt(live.length),
        }
      : null;
  return {
    from: new Date(fromDay * DAY_MS).toISOString(),
    to: new Date((toDay + 1) * DAY_MS - 1).toISOString(),
    trades: n,
    hitRate: n > 0 ? (100 * wins) / n : null,
    meanNetReturnPercent: mean,
    interval,
    outside: interval !== null && (liveMean < interval.low || liveMean > interval.high),
  };
}

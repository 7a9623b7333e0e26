/**
 * Signal engine speed: a full `analyzePair` (indicators, setup states, progrev fit, success-rate
 * backtest) for 200 pairs with 90 days of hourly candles each, on this one thread. Candles come from
 * the seeded synthetic market, so every run analyses the same data. Target: under 10 s in total.
 */
import { analyzePair } from '../src/server/engine/analyze-pair';
import { syntheticCandles } from '../src/server/engine/synthetic-candles';
import type { BenchRow } from './table';

const PAIRS = 200;
const HOURS = 90 * 24;

export async function benchEngine(): Promise<BenchRow[]> {
  const markets = Array.from({ length: PAIRS }, (_, k) =>
    syntheticCandles({
      seed: 1000 + k,
      count: HOURS,
      startPrice: 10 + k,
      volatility: 0.004 + (k % 7) * 0.001,
    }),
  );
  // Warm the JIT on a few pairs so the figure measures steady-state work, not compilation.
  for (const hourly of markets.slice(0, 5))
    analyzePair({ pair: 'WARM/USD', hourly, minute: [], activeTriggerCount: 0, takerFeePercent: 0.26 });

  const times: number[] = [];
  const started = performance.now();
  markets.forEach((hourly, k) => {
    const t0 = performance.now();
    analyzePair({ pair: `P${k}/USD`, hourly, minute: [], activeTriggerCount: k % 3, takerFeePercent: 0.26 });
    times.push(performance.now() - t0);
  });
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))] ?? 0;
  return [
    {
      name: `analyzePair × ${PAIRS} (90 d hourly)`,
      value: `${(total / 1000).toFixed(2)} s`,
      detail: `one thread; target < 10 s`,
    },
    {
      name: 'analyzePair, one pair',
      value: `${(total / PAIRS).toFixed(1)} ms`,
      detail: `median ${(times[PAIRS >> 1] ?? 0).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${HOURS} candles)`,
    },
  ];
}

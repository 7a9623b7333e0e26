/**
 * Prints what the signal engine finds on the simulated market:
 *
 *   npx tsx src/server/providers/market/simulated/edge-report.ts [seed=42] [days=60] [step=5]
 *
 * 1. walk-forward over the `days` before 2026-11-20 12:00 UTC, all twelve pairs: realised net
 *    return per position type (walk-forward.ts), and for trend-following signals by regime;
 * 2. the market at that clock: each pair's regime and the engine's reading of its last 90 days of
 *    hours and 48 h of minutes (heat, success rate, expected profit);
 * 3. realism figures: variance ratios, |return| autocorrelation, volume vs |return|, the largest
 *    180-day excursion, and the time to generate 90 days for every pair.
 */
import { analyzeSimulatedPair } from './analyze-at';
import { HOUR_MS } from '../../../shared/time';
import { createManualClock } from '../clock';
import { HourlyPath } from './hourly-path';
import { DEFAULT_SIMULATION_EPOCH, createSimulatedMarketSource } from './index';
import { PAIR_PROFILES } from './profiles';
import { TREND_FOLLOWING, summarise, walkForward, type EdgeRow, type WalkForwardTrade } from './walk-forward';

const CLOCK = Date.UTC(2026, 10, 20, 12);
const DAY_MS = 24 * HOUR_MS;
const [seed = 42, days = 60, step = 5] = process.argv.slice(2).map(Number);
const pct = (x: number, digits = 2) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)} %`;
const share = (x: number) => `${(100 * x).toFixed(0).padStart(3)} %`;
const row = (r: EdgeRow) =>
  `${r.group.padEnd(34)} ${String(r.count).padStart(5)}  ${pct(r.meanNetPercent).padStart(9)}  ${share(r.winShare)}  ` +
  `${share(r.takeProfitShare)}  ${share(r.predictedSuccess)}`;

async function main(): Promise<void> {
  console.log(`seed ${seed}, ${days} days to ${new Date(CLOCK).toISOString()}, every ${step} h\n`);
  const started = performance.now();
  const trades = walkForward({
    seed,
    bases: PAIR_PROFILES.map((p) => p.base),
    from: CLOCK - days * DAY_MS,
    evaluationDays: days,
    stepHours: step,
  });
  console.log(
    `1. walk-forward: ${trades.length} signals in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(
    `${'position type'.padEnd(34)} ${'n'.padStart(5)}  ${'mean net'.padStart(9)}   wins  TP hit  predicted`,
  );
  const types = [...new Set(trades.map((t) => t.positionType))].sort();
  for (const type of types)
    console.log(
      row(
        summarise(
          type,
          trades.filter((t) => t.positionType === type),
        ),
      ),
    );
  const tf = trades.filter((t) => TREND_FOLLOWING.includes(t.positionType));
  const agrees = (t: WalkForwardTrade) => t.regime > 0 === (t.trend === 'bullish');
  console.log(row(summarise('trend-following, all', tf)));
  console.log(
    row(
      summarise(
        '  engine trend clear (gap ≥ 1 ATR)',
        tf.filter((t) => Math.abs(t.trendGapAtr) >= 1),
      ),
    ),
  );
  console.log(
    row(
      summarise(
        '  in a trend regime',
        tf.filter((t) => t.regime !== 0),
      ),
    ),
  );
  console.log(
    row(
      summarise(
        '    with the regime',
        tf.filter((t) => t.regime !== 0 && agrees(t)),
      ),
    ),
  );
  console.log(
    row(
      summarise(
        '    against the regime',
        tf.filter((t) => t.regime !== 0 && !agrees(t)),
      ),
    ),
  );
  console.log(
    row(
      summarise(
        '  in a range regime',
        tf.filter((t) => t.regime === 0),
      ),
    ),
  );
  console.log(row(summarise('every signal', trades)));
  console.log(
    row(
      summarise(
        'expected profit > 0',
        trades.filter((t) => t.expectedProfitPercent > 0),
      ),
    ),
  );

  console.log(`\n2. the market at ${new Date(CLOCK).toISOString()} (seed ${seed})`);
  const source = createSimulatedMarketSource({ seed, startTime: CLOCK, clock: createManualClock(0) });
  const k = Math.round((CLOCK - DEFAULT_SIMULATION_EPOCH) / HOUR_MS) - 1;
  let trending = 0;
  for (const profile of PAIR_PROFILES) {
    const symbol = `${profile.base}/USD`;
    const path = new HourlyPath(profile, seed, DEFAULT_SIMULATION_EPOCH);
    path.ensure(k);
    const regime = path.regime[k] ?? 0;
    if (regime !== 0) trending++;
    const a = await analyzeSimulatedPair({ source, symbol, at: CLOCK, takerFeePercent: 0.26 });
    console.log(
      [
        symbol.padEnd(9),
        (['down-trend', 'range', 'up-trend'][regime + 1] ?? '').padEnd(10),
        `7d ${pct(a.indicators.change7dPercent, 1)}`.padEnd(12),
        `engine ${a.trend}`.padEnd(15),
        `heat ${a.heatScore.toFixed(1)}`.padEnd(10),
        a.signal.positionType.padEnd(17),
        `success ${a.successRate.toFixed(1)} %`.padEnd(16),
        `expected ${pct(a.expectedProfitPercent)}`,
      ].join(' '),
    );
  }
  console.log(`${trending} of ${PAIR_PROFILES.length} pairs in a trend regime`);

  console.log('\n3. realism (seeds 1-3, every pair, 2.3 years of hours)');
  const end = Math.round((CLOCK - DEFAULT_SIMULATION_EPOCH) / HOUR_MS);
  const lags = [24, 120, 336];
  const ratios = lags.map(() => 0);
  let absAutocorrelation = 0;
  let worstExcursion = 0;
  let count = 0;
  for (const s of [1, 2, 3])
    for (const profile of PAIR_PROFILES) {
      const path = new HourlyPath(profile, s, DEFAULT_SIMULATION_EPOCH);
      path.ensure(end);
      const x = path.logClose.subarray(0, end);
      const variance = (lag: number) => {
        let sum = 0;
        for (let i = lag; i < x.length; i++) sum += (x[i]! - x[i - lag]!) ** 2;
        return sum / (x.length - lag);
      };
      const hourly = variance(1);
      lags.forEach((lag, j) => (ratios[j]! += variance(lag) / (lag * hourly)));
      let co = 0;
      let mean = 0;
      for (let i = 1; i < x.length; i++) mean += Math.abs(x[i]! - x[i - 1]!);
      mean /= x.length - 1;
      let va = 0;
      for (let i = 2; i < x.length; i++) {
        const a = Math.abs(x[i]! - x[i - 1]!) - mean;
        const b = Math.abs(x[i - 1]! - x[i - 2]!) - mean;
        co += a * b;
        va += a * a;
      }
      absAutocorrelation += co / va;
      for (let start = 0; start + 180 * 24 <= end; start += 30 * 24)
        for (let i = start; i < start + 180 * 24; i++)
          worstExcursion = Math.max(worstExcursion, Math.abs(x[i]! - x[start]!));
      count++;
    }
  console.log(`variance ratio ${lags.map((l, j) => `${l} h ${(ratios[j]! / count).toFixed(2)}`).join(', ')}`);
  console.log(`|return| lag-1 autocorrelation ${(absAutocorrelation / count).toFixed(3)}`);
  console.log(`largest move within any 180 days: × ${Math.exp(worstExcursion).toFixed(2)}`);

  const timing = createSimulatedMarketSource({ seed: 7, startTime: CLOCK, clock: createManualClock(0) });
  const t0 = performance.now();
  for (const profile of PAIR_PROFILES)
    await timing.fetchCandles(`${profile.base}/USD`, '1h', CLOCK - 90 * DAY_MS);
  console.log(`90 days of hours for 12 pairs: ${(performance.now() - t0).toFixed(0)} ms`);
}

await main();

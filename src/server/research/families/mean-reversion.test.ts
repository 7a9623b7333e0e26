import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/random';
import { logReturns, trailingSd } from './features';
import { meanReversion, SIGMA_WINDOW_HOURS } from './mean-reversion';
import { universeFromCloses } from './testing/universes';

const variant = (name: string) => meanReversion.variants.find((v) => v.name === name)!;
const EVENT_DAY = 40;
const at = EVENT_DAY * 24 + 23;

/** A random walk (0.5 % an hour) whose last 24 hours before the day-40 decision move by `move`. */
function universe(move: number) {
  const random = seededRandom(3);
  let price = 100;
  const closes = Array.from({ length: 45 * 24 }, (_, h) => {
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const planted = h > at - 24 && h <= at ? Math.log(1 + move) / 24 : 0;
    price *= Math.exp(planted + 0.005 * normal);
    return price;
  });
  return universeFromCloses({ pairs: { BTC: closes } });
}
/** The σ the family must use: hourly log returns over the 720 hours ending before the move. */
function sigmaBefore(u: ReturnType<typeof universe>, lookback: number): number {
  const sd = trailingSd(logReturns(u.pairs[0]!.close), { window: SIGMA_WINDOW_HOURS, minCount: 576 });
  return sd[at - lookback]!;
}

describe('mean-reversion', () => {
  it('buys a crash of many σ, with the stop 2σ of the hold below the decision close', () => {
    const crash = universe(-0.12);
    const close = crash.pairs[0]!.close[at]!;
    const sigma = sigmaBefore(crash, 24);
    const z = Math.log(close / crash.pairs[0]!.close[at - 24]!) / (sigma * Math.sqrt(24));
    expect(z).toBeLessThan(-3);
    const [signal, ...rest] = variant('lookbackHours=24,z=3,stopSd=2')
      .signals(crash)
      .filter((s) => s.at === at);
    expect(rest).toEqual([]);
    expect(signal).toMatchObject({ pair: 0, side: 1, holdHours: 24, entry: { kind: 'market' } });
    expect(signal!.score).toBeCloseTo(-z, 9);
    expect(signal!.stopLoss).toBeCloseTo(close * Math.exp(-2 * sigma * Math.sqrt(24)), 9);
    expect(
      variant('lookbackHours=24,z=3,stopSd=0')
        .signals(crash)
        .find((s) => s.at === at)!.stopLoss,
    ).toBeUndefined();
  });

  it('sells a spike, with the stop above', () => {
    const spike = universe(0.12);
    const signal = variant('lookbackHours=24,z=2,stopSd=2')
      .signals(spike)
      .find((s) => s.at === at)!;
    expect(signal.side).toBe(-1);
    expect(signal.stopLoss).toBeGreaterThan(spike.pairs[0]!.close[at]!);
  });

  it('ignores ordinary days: the plain walk gives no 3σ signal', () => {
    const calm = universe(0);
    expect(
      variant('lookbackHours=24,z=3,stopSd=0')
        .signals(calm)
        .filter((s) => s.at === at),
    ).toEqual([]);
  });

  it('waits for 30 days of volatility (80 % of them) before the move', () => {
    const signals = variant('lookbackHours=72,z=2,stopSd=0').signals(universe(-0.2));
    expect(signals.length).toBeGreaterThan(0);
    for (const s of signals) expect(s.at - 72).toBeGreaterThanOrEqual(576);
  });
});

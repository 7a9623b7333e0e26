import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/random';
import { decisionHours } from './features';
import { universeFromCloses } from './testing/universes';
import { volatilityPercentiles, volRegime } from './vol-regime';

const variant = (name: string) => volRegime.variants.find((v) => v.name === name)!;

/** A steady climb: calm (0.3 % an hour) for 150 days, then turbulent (2 % an hour) for 50. */
function climb(): number[] {
  const random = seededRandom(21);
  const closes: number[] = [];
  let price = 100;
  for (let h = 0; h < 200 * 24; h++) {
    const vol = h < 150 * 24 ? 0.003 : 0.02;
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    price *= Math.exp(0.001 + vol * normal);
    closes.push(price);
  }
  return closes;
}
const universe = universeFromCloses({ pairs: { BTC: climb() } });
const hours = decisionHours(universe);
const turbulentFrom = hours[150]!;

describe('volatilityPercentiles', () => {
  const pct = volatilityPercentiles(universe.pairs[0]!.close, hours);

  it('needs 90 earlier days of volatility', () => {
    // The first weekly volatility is day 5's (hour 143: at least 80 % of 168 hours with a return),
    // so day 95 is the first with 90 earlier values.
    expect(Array.from(pct.slice(0, 95)).every(Number.isNaN)).toBe(true);
    expect(pct[95]).not.toBeNaN();
  });

  it('ranks the turbulent days above every calm day before them', () => {
    // From the first turbulent day the weekly volatility is above all 150 calm days'.
    for (let d = 150; d < 200; d++) expect(pct[d]).toBeGreaterThanOrEqual(150 / d - 1e-12);
  });
});

describe('vol-regime', () => {
  it('the low-volatility variant trades the calm climb and stays out of the turbulent one', () => {
    const signals = variant('regime=low,maDays=20,side=long,holdHours=24').signals(universe);
    expect(signals.filter((s) => s.at < turbulentFrom).length).toBeGreaterThan(10);
    expect(signals.filter((s) => s.at >= turbulentFrom)).toEqual([]);
  });

  it('the high-volatility variant trades the turbulent climb', () => {
    const signals = variant('regime=high,maDays=20,side=long,holdHours=24').signals(universe);
    expect(signals.filter((s) => s.at >= turbulentFrom).length).toBeGreaterThan(10);
  });
});

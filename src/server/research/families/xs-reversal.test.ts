import { describe, expect, it } from 'vitest';
import { universeFromCloses } from './testing/universes';
import { xsReversal } from './xs-reversal';

const variant = (name: string) => xsReversal.variants.find((v) => v.name === name)!;

/** Flat for a day, then on day 2 (hours 24-47) the four pairs move −10 %, +10 %, +1 %, −1 %. */
function closes(move: number): number[] {
  return Array.from({ length: 48 }, (_, h) => (h < 30 ? 100 : 100 * (1 + move)));
}
const universe = universeFromCloses({
  pairs: { DOWN: closes(-0.1), UP: closes(0.1), FLAT_UP: closes(0.01), FLAT_DOWN: closes(-0.01) },
});

describe('xs-reversal', () => {
  it('longs the biggest loser of the day', () => {
    expect(variant('lookbackDays=1,k=1,legs=long,holdHours=24').signals(universe)).toEqual([
      {
        pair: 0,
        at: 47,
        side: 1,
        entry: { kind: 'market' },
        holdHours: 24,
        score: expect.closeTo(0.1, 12) as number,
      },
    ]);
  });

  it('long-short: longs the losers and shorts the winners, k at each end', () => {
    const signals = variant('lookbackDays=1,k=2,legs=long-short,holdHours=72').signals(universe);
    expect(signals.map((s) => [s.pair, s.side, s.holdHours])).toEqual([
      [0, 1, 72],
      [1, -1, 72],
      [2, -1, 72],
      [3, 1, 72],
    ]);
  });

  it('needs four pairs with a return: three are not a cross-section', () => {
    const three = universeFromCloses({ pairs: { DOWN: closes(-0.1), UP: closes(0.1), FLAT: closes(0) } });
    expect(variant('lookbackDays=1,k=1,legs=long,holdHours=24').signals(three)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Signal } from '../types';
import { universeFromCloses } from './testing/universes';
import { volumeShock } from './volume-shock';

const variant = (name: string) => volumeShock.variants.find((v) => v.name === name)!;
const DAYS = 60;
const SHOCK_DAY = 40;
const decisionHour = (day: number) => day * 24 + 23;

/** A gentle wave (daily moves of about 1 %) with, on SHOCK_DAY, a jump of `move` on `volume` × volume. */
function universe(input: { move: number; volume: number }) {
  const closes = Array.from({ length: DAYS * 24 }, (_, h) => {
    const jump = h >= SHOCK_DAY * 24 + 10 ? 1 + input.move : 1;
    return 100 * (1 + 0.02 * Math.sin(h / 17)) * jump;
  });
  const volumes = closes.map((_, h) => (Math.floor(h / 24) === SHOCK_DAY ? 1000 * input.volume : 1000));
  return universeFromCloses({ pairs: { BTC: closes }, volumes: { BTC: volumes } });
}
const sides = (signals: Signal[]) => signals.map((s) => [s.at, s.side, s.holdHours]);

describe('volume-shock', () => {
  const shocked = universe({ move: 0.15, volume: 4 });

  it('follow: trades in the direction of a big move on heavy volume, at that day’s close', () => {
    expect(sides(variant('volumeMultiple=3,mode=follow,holdHours=24').signals(shocked))).toEqual([
      [decisionHour(SHOCK_DAY), 1, 24],
    ]);
  });

  it('fade: trades against it', () => {
    expect(sides(variant('volumeMultiple=2,mode=fade,holdHours=72').signals(shocked))).toEqual([
      [decisionHour(SHOCK_DAY), -1, 72],
    ]);
    const crash = universe({ move: -0.15, volume: 4 });
    expect(sides(variant('volumeMultiple=2,mode=fade,holdHours=72').signals(crash))).toEqual([
      [decisionHour(SHOCK_DAY), 1, 72],
    ]);
  });

  it('needs the volume multiple: 2.5 × volume is a shock for m = 2, not for m = 3', () => {
    const milder = universe({ move: 0.15, volume: 2.5 });
    expect(variant('volumeMultiple=2,mode=follow,holdHours=24').signals(milder)).toHaveLength(1);
    expect(variant('volumeMultiple=3,mode=follow,holdHours=24').signals(milder)).toEqual([]);
  });

  it('needs both: heavy volume without a big move, or a big move on usual volume, is no shock', () => {
    const all = volumeShock.variants;
    for (const quiet of [universe({ move: 0, volume: 5 }), universe({ move: 0.15, volume: 1 })]) {
      expect(all.flatMap((v) => v.signals(quiet))).toEqual([]);
    }
  });
});

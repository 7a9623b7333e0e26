import { describe, expect, it } from 'vitest';
import type { HeatMap } from '../../../../contract/heatmap';
import { DEFAULT_FILTERS } from './heatmap-filters';
import { createLiveJournal } from './live-journal';
import { testEntry } from '../../../testing/test-heat-entry';

const map = (...pairs: [string, number][]): HeatMap =>
  Object.fromEntries(pairs.map(([pair, heatScore]) => [pair, testEntry(pair, { heatScore })]));

/** A fetch whose answer the test releases. */
function pendingAnswer(answer: HeatMap) {
  let release = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { fetch: async () => (await arrived, answer), release };
}

describe('the live journal', () => {
  it('replays on an answer the changes that came while it was on its way, in order', async () => {
    const journal = createLiveJournal();
    const answer = pendingAnswer(map(['BTC/USD', 40], ['ETH/USD', 30]));
    const result = journal.during(answer.fetch, DEFAULT_FILTERS);
    journal.record({ 'ETH/USD': { heatScore: 90 } });
    journal.record({ 'ETH/USD': { heatScore: 95 } });
    answer.release();
    const shown = await result;
    expect(Object.keys(shown)).toEqual(['ETH/USD', 'BTC/USD']);
    expect(shown['ETH/USD']?.heatScore).toBe(95);
  });

  it('leaves an answer alone when nothing came, and forgets changes nobody waits for', async () => {
    const journal = createLiveJournal();
    journal.record({ 'ETH/USD': { heatScore: 90 } });
    const answer = map(['BTC/USD', 40], ['ETH/USD', 30]);
    expect(await journal.during(async () => answer, DEFAULT_FILTERS)).toEqual(answer);
  });

  it('gives each of two answers begun together the changes since', async () => {
    const journal = createLiveJournal();
    const first = pendingAnswer(map(['BTC/USD', 40]));
    const second = pendingAnswer(map(['BTC/USD', 40]));
    const one = journal.during(first.fetch, DEFAULT_FILTERS);
    const two = journal.during(second.fetch, DEFAULT_FILTERS);
    journal.record({ 'BTC/USD': { heatScore: 70 } });
    first.release();
    expect((await one)['BTC/USD']?.heatScore).toBe(70);
    journal.record({ 'BTC/USD': { heatScore: 80 } });
    second.release();
    expect((await two)['BTC/USD']?.heatScore).toBe(80);
  });
});

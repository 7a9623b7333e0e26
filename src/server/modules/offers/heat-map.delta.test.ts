import { describe, expect, it } from 'vitest';
import type { ChartPoint, HeatMapEntry } from '../../../contract/heatmap';
import { mergeHeatMapEntry } from '../../../contract/heatmap-merge';
import { diffEntry, historyTail } from './heat-map.delta';

const STEP = 300_000;
const points = (from: number, count: number, y = (x: number) => x / STEP) =>
  Array.from({ length: count }, (_, k): ChartPoint => ({ x: from + k * STEP, y: y(from + k * STEP) }));

function entry(history: ChartPoint[], overrides: Partial<HeatMapEntry> = {}): HeatMapEntry {
  return {
    pair: 'BTC/USD',
    heatScore: 70,
    successRate: 60,
    progrevScore: 0.5,
    positionType: 'long',
    refereeTrend: 'bullish',
    refereeRisk: 'low',
    refereeComment: 'ok',
    status: 'open',
    density: 0.4,
    tickerData: {
      price_7d: 100,
      change_7d: 1,
      volume_7d: 5,
      volatility_7d: 2,
      price_history: history,
      volume_history: history.map((p) => ({ x: p.x, y: p.y * 10 })),
    },
    aiComments: { summary: 'fine' },
    activeTriggers: [],
    selectedAnalyses: [{ analysisId: 'a1' }],
    lastUpdated: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

describe('heat-map deltas', () => {
  it('sends only the changed fields and the new history points, and they rebuild the entry', () => {
    const held = entry(points(0, 144));
    // The window moved by three points: three old ones fall out, three new ones come in.
    const next = entry(points(3 * STEP, 144), { heatScore: 75 });
    const delta = diffEntry(held, next);
    expect(Object.keys(delta ?? {}).sort()).toEqual(['heatScore', 'tickerData']);
    expect(delta?.tickerData?.price_history).toEqual(points(144 * STEP, 3));
    expect(delta?.tickerData?.volume_history).toHaveLength(3);
    expect(delta?.tickerData?.historyFrom).toBe(3 * STEP);
    expect(mergeHeatMapEntry(held, delta!)).toEqual(next);
    // Idempotent: a client that already has `next` (loaded it between two sends) keeps it.
    expect(mergeHeatMapEntry(next, delta!)).toEqual(next);
  });

  it('resends a revised last point', () => {
    const held = points(0, 10);
    const next = [...points(0, 9), { x: 9 * STEP, y: 42 }, ...points(10 * STEP, 1)];
    expect(historyTail(held, next)).toEqual(next.slice(9));
  });

  it('sends the whole history when a point vanished in the middle', () => {
    const held = points(0, 10);
    const next = held.filter((_, k) => k !== 4);
    expect(historyTail(held, next)).toBeNull();
    const delta = diffEntry(entry(held), entry(next));
    expect(delta?.tickerData?.historyFrom).toBeUndefined();
    expect(mergeHeatMapEntry(entry(held), delta!)).toEqual(entry(next));
  });

  it('sends the whole history when the new one ends earlier than the held one', () => {
    expect(historyTail(points(0, 10), points(0, 8))).toBeNull();
  });

  it('is null when nothing changed, and whole for a pair never sent', () => {
    const held = entry(points(0, 20));
    expect(diffEntry(held, entry(points(0, 20)))).toBeNull();
    expect(diffEntry(undefined, held)).toEqual(held);
    expect(mergeHeatMapEntry(undefined, held)).toEqual(held);
    expect(mergeHeatMapEntry(undefined, { heatScore: 3 })).toBeNull();
  });

  it('a tickerData without historyFrom replaces the histories whole', () => {
    const held = entry(points(0, 20));
    const replaced = mergeHeatMapEntry(held, { tickerData: entry(points(50 * STEP, 2)).tickerData });
    expect(replaced?.tickerData.price_history).toEqual(points(50 * STEP, 2));
  });
});

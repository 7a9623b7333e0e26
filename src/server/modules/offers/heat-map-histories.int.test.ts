import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEAT_MAP_CHART_STEP_MS,
  heatMapSchema,
  heatMapUpdateSchema,
  type HeatMap,
} from '../../../contract/heatmap';
import { isBusEvent, type BusMessage } from '../../realtime/event-bus';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { buildAnalysisFigures, seedAnalysis, seedPair } from './testing/market-fixtures';

const HOUR = 3_600_000;
/** 12 h at the chart step, plus the partial step at the start. */
const MAX_POINTS = (12 * HOUR) / HEAT_MAP_CHART_STEP_MS + 1;

/**
 * The heat map's histories: at chart resolution by default, left out with `histories=none`
 * (callers that draw no chart), and the live heatmap_update at the same resolution. Real HTTP on a
 * real database; three pairs whose stored analyses hold 12 h of 5-minute points (144 a series).
 */
describe('heat map histories', () => {
  let t: TestApp;
  let base = '';
  const pairIds: Record<string, number> = {};
  const completedAt = new Date(Date.now() - HOUR);

  beforeAll(async () => {
    t = await createTestApp();
    for (const [i, pair] of ['BTC/USD', 'ETH/USD', 'SOL/USD'].entries()) {
      const pairId = await seedPair(t.db, pair);
      pairIds[pair] = pairId;
      await seedAnalysis(t.db, { pair, pairId, completedAt, heatScore: 80 - i * 10 });
    }
    await t.app.heatMap.reload();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  const heatMap = async (query: string): Promise<HeatMap> => {
    const res = await fetch(`${base}/api/offers/heat-map${query}`);
    expect(res.status).toBe(200);
    return heatMapSchema.parse(await res.json());
  };

  it('sends each history at chart resolution by default: close price and summed volume per step, chart digits', async () => {
    const map = await heatMap('?timeRange=7d');
    expect(Object.keys(map)).toEqual(['BTC/USD', 'ETH/USD', 'SOL/USD']);
    const stored = buildAnalysisFigures({ pair: 'BTC/USD', pairId: 0, completedAt }).tickerData;
    expect(stored.price_history).toHaveLength(144);
    for (const entry of Object.values(map)) {
      const { price_history: price, volume_history: volume } = entry.tickerData;
      expect(price.length).toBeGreaterThan(0);
      expect(price.length).toBeLessThanOrEqual(MAX_POINTS);
      expect(volume).toHaveLength(price.length);
      expect([...price, ...volume].every((p) => p.x % HEAT_MAP_CHART_STEP_MS === 0)).toBe(true);
    }
    const btc = map['BTC/USD']!.tickerData;
    expect(btc.price_history.at(-1)?.y).toBe(Number(stored.price_history.at(-1)!.y.toPrecision(6)));
    const sum = (points: { y: number }[]) => points.reduce((s, p) => s + p.y, 0);
    expect(Math.abs(sum(btc.volume_history) - sum(stored.volume_history))).toBeLessThanOrEqual(
      btc.volume_history.length,
    );
  });

  it('leaves the histories out with histories=none and changes nothing else', async () => {
    const full = await heatMap('?timeRange=7d&histories=chart');
    const lean = await heatMap('?timeRange=7d&histories=none');
    expect(Object.keys(lean)).toEqual(Object.keys(full));
    for (const [pair, entry] of Object.entries(lean)) {
      expect(entry.tickerData.price_history).toEqual([]);
      expect(entry.tickerData.volume_history).toEqual([]);
      const { price_history: _p, volume_history: _v, ...figures } = full[pair]!.tickerData;
      expect(entry).toEqual({
        ...full[pair],
        tickerData: { ...figures, price_history: [], volume_history: [] },
      });
    }
    // Filters, sort and limit apply as without the flag.
    expect(Object.keys(await heatMap('?limit=1&histories=none'))).toEqual(['BTC/USD']);
    expect((await fetch(`${base}/api/offers/heat-map?histories=all`)).status).toBe(400);
  });

  it('sends a live change at the same resolution', async () => {
    const seen: BusMessage[] = [];
    const stop = t.app.realtime.bus.subscribe((m) => seen.push(m));
    try {
      await seedAnalysis(t.db, {
        pair: 'ETH/USD',
        pairId: pairIds['ETH/USD']!,
        completedAt: new Date(Date.now() - 60_000),
        heatScore: 90,
      });
      await t.app.heatMap.refreshPair('ETH/USD');
      t.app.heatMap.flushUpdates();
      const update = seen.find((m) => isBusEvent(m, 'heatmap_update'));
      const eth = heatMapUpdateSchema.parse(update?.payload)['ETH/USD'];
      expect(eth?.heatScore).toBe(90);
      const price = eth?.tickerData?.price_history ?? [];
      expect(price.length).toBeGreaterThan(0);
      expect(price.length).toBeLessThanOrEqual(MAX_POINTS);
      expect(price.every((p) => p.x % HEAT_MAP_CHART_STEP_MS === 0)).toBe(true);
    } finally {
      stop();
    }
  });
});

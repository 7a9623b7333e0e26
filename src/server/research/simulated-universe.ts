/**
 * The simulated market as a research universe: the harness's controls. With its planted edge
 * (SIM_EDGE=planted) the harness must find the trend and the gate publish it; without any edge
 * (`none`) nothing may pass.
 */
import { createManualClock } from '../providers/market/clock';
import { createSimulatedMarketSource } from '../providers/market/simulated';
import type { SimulatedEdge } from '../providers/market/simulated/hourly-path';
import { HOUR_MS } from '../shared/time';
import type { Universe } from './types';
import { buildUniverse } from './universe';

export interface SimulatedUniverseOptions {
  seed: number;
  edge: SimulatedEdge;
  /** The market's time at the end of the universe (epoch ms). */
  end: number;
  days: number;
}

export async function buildSimulatedUniverse(o: SimulatedUniverseOptions): Promise<Universe> {
  const source = createSimulatedMarketSource({
    seed: o.seed,
    edge: o.edge,
    startTime: o.end,
    clock: createManualClock(0),
  });
  const from = o.end - o.days * 24 * HOUR_MS;
  const series = [];
  for (const { symbol } of await source.listPairs())
    series.push({ symbol, candles: await source.fetchCandles(symbol, '1h', from) });
  return buildUniverse(series);
}

// Run as its own process under tsx (as `npm start` and the bench run): one analysis through the
// pool, printed, and no close() — the parked engine thread must not keep the process alive.
import { syntheticCandles } from '../../engine/synthetic-candles';
import { createEnginePool } from '../engine-pool';

const engine = createEnginePool({ threads: 1 });
const hourly = syntheticCandles({ seed: 21, count: 2160 });
const analysis = await engine.analyzePair({
  pair: 'TSX/USD',
  hourly,
  minute: [],
  activeTriggerCount: 1,
  takerFeePercent: 0.26,
});
process.stdout.write(JSON.stringify({ heatScore: analysis.heatScore, successRate: analysis.successRate }));

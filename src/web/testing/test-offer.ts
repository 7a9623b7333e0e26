import type { Offer } from '../../contract/offers';

/** An offer for the unit tests; each test states only what it is about. */
export function testOffer(id: string, over: Partial<Offer> = {}): Offer {
  return {
    id,
    pair: 'BTC/USD',
    positionType: 'long',
    expectedProfitPercent: 1.25,
    riskLevel: 'medium',
    successRate: 55,
    heatScore: 40,
    progrevScore: 0.5,
    status: 'open',
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    expiration: '2026-11-22T10:00:00.000Z',
    aiComments: { summary: 'RSI 58, volume 1.4x its median.' },
    volume: 1_250_000,
    leverage: 1,
    provenance: {
      figures: { rsi14: 58 },
      triggerId: null,
      dataCutoff: '2026-11-21T09:59:00.000Z',
      engineVersion: 'test',
      sampleSize: 120,
      publishedBy: 'bypass',
      gate: null,
    },
    successDefinition: { takeProfitPercent: 3, stopLossPercent: 2, horizonMinutes: 1440, feePercent: 0.52 },
    outcome: null,
    outcomeAt: null,
    ...over,
  };
}

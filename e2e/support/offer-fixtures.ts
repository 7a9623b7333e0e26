import type { Route } from 'playwright-core';
import type { AcceptOfferResponse, Offer } from '../../src/contract/offers';

/*
 * Offers as GET /api/offers answers them, for screen tests that need exact figures (tab counts,
 * heat bands, N/A cells, 'Load More' after exactly 20). The journey test uses the real engine's.
 */

let sequence = 0;

export function fixtureOffer(over: Partial<Offer> = {}): Offer {
  sequence += 1;
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    id,
    pair: 'BTC/USD',
    positionType: 'long',
    expectedProfitPercent: 1.234,
    riskLevel: 'medium',
    successRate: 55.555,
    heatScore: 40,
    progrevScore: 0.5,
    status: 'open',
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    expiration: '2026-11-22T10:00:00.000Z',
    aiComments: { summary: `Fixture offer ${sequence}: RSI 58, volume 1.4x its 7-day median.` },
    volume: 1_250_000,
    leverage: 1,
    provenance: {
      figures: { rsi14: 58 },
      triggerId: null,
      dataCutoff: '2026-11-21T09:59:00.000Z',
      engineVersion: 'fixture',
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

export function fixtureOffers(count: number, over: (i: number) => Partial<Offer> = () => ({})): Offer[] {
  return Array.from({ length: count }, (_, i) => fixtureOffer(over(i)));
}

/** What an accept of `offer` answers: the opened trade and the balance left. */
export function fixtureAccept(offer: Offer, entryAmount: number, balance: number): AcceptOfferResponse {
  return {
    trade: {
      id: `trade-${offer.id.slice(-4)}`,
      offerId: offer.id,
      pair: offer.pair,
      positionType: offer.positionType,
      amount: entryAmount,
      profit: -0.52,
      status: 'open',
      entryPrice: 60_000,
      exitPrice: null,
      autoCloseProfitPercent: 5,
      openedAt: '2026-11-21T10:05:00.000Z',
      closedAt: null,
    },
    balance,
  };
}

export async function fulfillJson(route: Route, status: number, body: unknown): Promise<void> {
  await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

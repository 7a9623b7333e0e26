/**
 * Scoring always finishes: offers that can never be scored get a final `unscoreable` outcome with
 * their reason, offers not yet due wait, and neither kind keeps the next scorable offer waiting.
 */
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { cryptoPairs, offers } from '../../db/schema';
import { createTestDatabase } from '../../db/testing';
import type { Candle } from '../../shared/candles';
import { HOUR_MS, MINUTE_MS } from '../../shared/time';
import { UNSCOREABLE_AFTER_MS, createOfferLifecycle } from './offer-lifecycle';
import { createOffersLifecycleRepo } from './offers-lifecycle.repo';

const NOW = Date.UTC(2026, 2, 1, 12);
const iso = (ms: number) => new Date(ms).toISOString();

describe('offer scoring', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => handle.close());

  it('settles 300 unscoreable offers and still scores the next scorable one, in one run', async () => {
    const { db } = handle;
    const [silent, traded] = await db
      .insert(cryptoPairs)
      .values([
        { symbol: 'SIL/USD', krakenSymbol: 'SILUSD', base: 'SIL', quote: 'USD' },
        { symbol: 'TRD/USD', krakenSymbol: 'TRDUSD', base: 'TRD', quote: 'USD' },
      ])
      .returning();
    if (!silent || !traded) throw new Error('pairs not inserted');
    const offer = (pairId: number, createdAt: number, provenance: Record<string, unknown>) => ({
      pairId,
      positionType: 'quick_long' as const,
      direction: 'long' as const,
      side: 'buy' as const,
      riskLevel: 'medium' as const,
      trend: 'bullish' as const,
      heatScore: 60,
      successRate: 55,
      expectedProfitPercent: 0.4,
      entryPrice: '100',
      takeProfitPercent: 2,
      stopLossPercent: 1,
      horizonMinutes: 240,
      status: 'expired' as const,
      provenance,
      expiresAt: new Date(createdAt + 4 * HOUR_MS),
      createdAt: new Date(createdAt),
    });
    const old = NOW - 30 * 24 * HOUR_MS;
    // 150 without an entry time, 150 whose candles never came (horizon long past), all older than
    // the scorable one; 250 not due yet (more than a page of them).
    await db
      .insert(offers)
      .values([
        ...Array.from({ length: 150 }, (_, i) => offer(silent.id, old + i, {})),
        ...Array.from({ length: 150 }, (_, i) => offer(silent.id, old + i, { entryAt: iso(old + i) })),
        ...Array.from({ length: 250 }, (_, i) =>
          offer(traded.id, NOW - i, { entryAt: iso(NOW - 10 * MINUTE_MS) }),
        ),
      ]);
    const entryAt = NOW - 5 * HOUR_MS;
    const [scorable] = await db
      .insert(offers)
      .values(offer(traded.id, NOW, { entryAt: iso(entryAt) }))
      .returning({ id: offers.id });

    // The traded pair has hourly candles from the scorable offer's entry on; take-profit in hour 2.
    const hourly: Candle[] = Array.from({ length: 5 }, (_, i) => ({
      time: entryAt + i * HOUR_MS,
      open: 100,
      high: i === 1 ? 102.5 : 100.5,
      low: 99.5,
      close: 100,
      volume: 1,
    }));
    const lifecycle = createOfferLifecycle({
      repo: createOffersLifecycleRepo(db),
      loadCandles: async (pairId, interval, since) =>
        pairId === traded.id && interval === '1h' ? hourly.filter((c) => c.time >= since) : [],
      marketNow: () => NOW,
    });

    expect(await lifecycle.scoreOutcomes()).toBe(301);
    const [judged] = await db.select().from(offers).where(eq(offers.id, scorable!.id));
    expect(judged).toMatchObject({ outcome: 'succeeded', outcomeReason: null });
    const settled = await db.select().from(offers).where(eq(offers.pairId, silent.id));
    expect(settled.every((o) => o.outcome === 'unscoreable')).toBe(true);
    const reasons = new Set(settled.map((o) => o.outcomeReason));
    expect(reasons).toEqual(
      new Set(['no entry time recorded', 'no stored candles cover the offer from entry to horizon']),
    );
    expect(await db.select().from(offers).where(isNull(offers.outcome))).toHaveLength(250);

    // Nothing is settled twice.
    expect(await lifecycle.scoreOutcomes()).toBe(0);
  });

  it('waits for candles within a day of the horizon, then calls the offer unscoreable', async () => {
    const { db } = handle;
    const [pair] = await db
      .insert(cryptoPairs)
      .values({ symbol: 'LAG/USD', krakenSymbol: 'LAGUSD', base: 'LAG', quote: 'USD' })
      .returning();
    const entryAt = NOW - 5 * HOUR_MS;
    const [row] = await db
      .insert(offers)
      .values({
        pairId: pair!.id,
        positionType: 'long',
        direction: 'long',
        side: 'buy',
        riskLevel: 'low',
        trend: 'neutral',
        heatScore: 50,
        successRate: 50,
        expectedProfitPercent: 0.1,
        entryPrice: '10',
        takeProfitPercent: 2,
        stopLossPercent: 1,
        horizonMinutes: 60,
        status: 'expired',
        provenance: { entryAt: iso(entryAt) },
        expiresAt: new Date(entryAt + HOUR_MS),
      })
      .returning({ id: offers.id });
    const clock = { now: NOW };
    const lifecycle = createOfferLifecycle({
      repo: createOffersLifecycleRepo(db),
      loadCandles: async () => [],
      marketNow: () => clock.now,
    });
    const outcome = async () =>
      (await db.select().from(offers).where(eq(offers.id, row!.id)))[0]?.outcome ?? null;

    await lifecycle.scoreOutcomes();
    expect(await outcome()).toBeNull();
    clock.now = entryAt + HOUR_MS + UNSCOREABLE_AFTER_MS;
    await lifecycle.scoreOutcomes();
    expect(await outcome()).toBe('unscoreable');
  });
});

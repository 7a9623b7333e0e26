import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import {
  actionLogs,
  analyses,
  analysisSnapshots,
  candles,
  cryptoPairs,
  idempotencyKeys,
  tickerLogs,
  user,
} from './db/schema';
import { createTestDatabase } from './db/testing';
import { createInProcessQueue } from './jobs/in-process-queue';
import { createAnalysisRepo } from './modules/analysis/analysis.repo';
import { createAnalysisService, type AnalysisJob } from './modules/analysis/analysis.service';
import { createLedgerService } from './modules/ledger/ledger.service';
import { createLogsService } from './modules/logs/logs.service';
import { createMarketService } from './modules/market/market.service';
import { createSimulatedMarketSource } from './providers/market/simulated';
import { HOUR_MS } from './shared/time';
import { applyRetention } from './worker-retention';

const NOW = Date.UTC(2026, 2, 1, 12);
const DAY = 24 * HOUR_MS;
const ago = (ms: number) => new Date(NOW - ms);

describe('retention: one call into each owning module', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => handle.close());

  it('ages out tickers, candles, analyses and logs, keeping each pair latest completed analysis', async () => {
    const { db } = handle;
    const [a, b] = await db
      .insert(cryptoPairs)
      .values([
        { symbol: 'AAA/USD', krakenSymbol: 'AAAUSD', base: 'AAA', quote: 'USD' },
        { symbol: 'BBB/USD', krakenSymbol: 'BBBUSD', base: 'BBB', quote: 'USD' },
      ])
      .returning();
    if (!a || !b) throw new Error('pairs not inserted');
    await db.insert(tickerLogs).values([
      { pairId: a.id, price: '1', timestamp: ago(91 * DAY) },
      { pairId: a.id, price: '2', timestamp: ago(89 * DAY) },
    ]);
    const candle = { open: '1', high: '1', low: '1', close: '1', volume: '1' };
    await db.insert(candles).values([
      { pairId: a.id, interval: '1m', openTime: ago(49 * HOUR_MS), ...candle },
      { pairId: a.id, interval: '1m', openTime: ago(47 * HOUR_MS), ...candle },
      { pairId: a.id, interval: '1h', openTime: ago(201 * DAY), ...candle },
      { pairId: a.id, interval: '1h', openTime: ago(199 * DAY), ...candle },
    ]);
    const [latestCompleted, olderCompleted, oldFailed, recentQueued, otherPair] = await db
      .insert(analyses)
      .values([
        { pairId: a.id, status: 'completed', createdAt: ago(40 * DAY), completedAt: ago(40 * DAY) },
        { pairId: a.id, status: 'completed', createdAt: ago(50 * DAY), completedAt: ago(50 * DAY) },
        { pairId: a.id, status: 'failed', createdAt: ago(35 * DAY) },
        { pairId: a.id, status: 'queued', createdAt: ago(DAY) },
        { pairId: b.id, status: 'completed', createdAt: ago(60 * DAY), completedAt: ago(60 * DAY) },
      ])
      .returning();
    await db.insert(analysisSnapshots).values([
      { analysisId: latestCompleted?.id ?? '', status: 'completed', snapshotTimestamp: ago(40 * DAY) },
      { analysisId: olderCompleted?.id ?? '', status: 'running', snapshotTimestamp: ago(50 * DAY) },
      { analysisId: recentQueued?.id ?? '', status: 'queued', snapshotTimestamp: ago(DAY) },
    ]);
    await db.insert(actionLogs).values([
      { pair: 'AAA/USD', action: 'market.refresh', status: 'ok', timestamp: ago(91 * DAY) },
      { pair: 'AAA/USD', action: 'market.refresh', status: 'ok', timestamp: ago(DAY) },
    ]);

    await db.insert(user).values({ id: 'retention-user', name: 'R', email: 'retention@example.com' });
    await db.insert(idempotencyKeys).values([
      {
        userId: 'retention-user',
        key: 'old-key-123',
        requestHash: 'h',
        statusCode: 200,
        createdAt: ago(8 * DAY),
      },
      {
        userId: 'retention-user',
        key: 'new-key-123',
        requestHash: 'h',
        statusCode: 200,
        createdAt: ago(6 * DAY),
      },
    ]);

    const logs = createLogsService(db);
    const ledger = createLedgerService(db);
    const market = createMarketService({
      db,
      logs,
      source: createSimulatedMarketSource({ startTime: NOW, clock: () => 0 }),
      clock: () => NOW,
    });
    const analysis = createAnalysisService({
      repo: createAnalysisRepo(db),
      pairs: market,
      queue: createInProcessQueue<AnalysisJob>('analysis'),
      logs,
    });
    const settings = { retentionPolicyDays: 90, analysisRetentionDays: 30 };
    const retain = () => applyRetention({ market, analysis, logs, ledger, clock: () => NOW }, settings);
    const result = await retain();
    expect(result).toEqual({
      tickerLogs: 1,
      minuteCandles: 1,
      hourlyCandles: 1, // hourly candles stay at least 200 days, whatever the policy
      analyses: 2,
      analysisSnapshots: 1,
      actionLogs: 1,
      idempotencyKeys: 1,
    });

    expect((await db.select().from(tickerLogs)).map((t) => t.price)).toEqual(['2']);
    const kept = (await db.select().from(candles)).map((c) => [c.interval, NOW - c.openTime.getTime()]);
    expect(kept).toEqual(
      expect.arrayContaining([
        ['1m', 47 * HOUR_MS],
        ['1h', 199 * DAY],
      ]),
    );
    expect(kept).toHaveLength(2);
    const left = (await db.select().from(analyses)).map((r) => r.id).sort();
    expect(left).toEqual([latestCompleted?.id, recentQueued?.id, otherPair?.id].sort());
    expect(left).not.toContain(oldFailed?.id);
    expect(await db.select().from(analysisSnapshots)).toHaveLength(2);
    expect(await db.select().from(actionLogs)).toHaveLength(1);
    expect((await db.select().from(idempotencyKeys)).map((k) => k.key)).toEqual(['new-key-123']);

    // Nothing more to do the second time.
    expect(Object.values(await retain())).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});

import { describe, expect, it } from 'vitest';
import { adminLiveMessageSchema, serverToClientEventSchemas } from './events';

describe('realtime payloads', () => {
  it('trade_update needs id and status; other fields are optional', () => {
    const schema = serverToClientEventSchemas.trade_update;
    expect(schema.safeParse({ id: 't1', status: 'closed', profit: 6.1 }).success).toBe(true);
    expect(schema.safeParse({ id: 't1', profit: 6.1 }).success).toBe(false);
  });

  it('heatmap_update carries partial entries keyed by pair', () => {
    const schema = serverToClientEventSchemas.heatmap_update;
    expect(schema.safeParse({ 'BTC/USD': { heatScore: 80 } }).success).toBe(true);
    expect(schema.safeParse({ 'BTC/USD': { heatScore: 180 } }).success).toBe(false);
  });

  it('analysis_status and the admin stream use the analysis status values', () => {
    const ok = { pair: 'BTC/USD', analysisId: 'a1', status: 'running', stage: 'backtest', progress: 60 };
    expect(serverToClientEventSchemas.analysis_status.safeParse(ok).success).toBe(true);
    expect(serverToClientEventSchemas.analysis_status.safeParse({ ...ok, status: 'done' }).success).toBe(
      false,
    );
    const at = '2026-11-21T10:00:00.000Z';
    expect(
      adminLiveMessageSchema.safeParse({ channel: 'worker_log', pair: 'BTC/USD', error: 'timeout', at })
        .success,
    ).toBe(true);
    expect(adminLiveMessageSchema.safeParse({ channel: 'pair_updates', at }).success).toBe(false);
  });

  it('socket events are exactly the spec events, plus balance_update (issue #7), server_shutdown (issue #10), trading_halt (issue #20) and notification (issue #21)', () => {
    expect(Object.keys(serverToClientEventSchemas).sort()).toEqual([
      'analysis_status',
      'balance_update',
      'error',
      'heatmap_update',
      'new_offer',
      'notification',
      'offer_update',
      'pair_updates',
      'server_shutdown',
      'trade_update',
      'trading_halt',
      'worker_log',
    ]);
  });
});

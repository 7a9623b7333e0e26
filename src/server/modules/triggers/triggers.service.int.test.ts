import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manageTriggerInputSchema, type ManageTriggerFormInput } from '../../../contract/admin-triggers';
import { actionLogs, auditLogs, triggers } from '../../db/schema';
import { ACTIVE_TRIGGER_WINDOW_MS } from './triggers.service';
import { candlesFrom, flat } from './testdata/candles';
import { NOW, createServiceFixture } from './testdata/service-fixture';
import { matching, arrayContaining, objectContaining } from './testdata/matchers';

describe('triggers service', () => {
  let t: Awaited<ReturnType<typeof createServiceFixture>>;
  beforeAll(async () => {
    t = await createServiceFixture();
  });
  afterAll(async () => t.close());

  const manage = (input: ManageTriggerFormInput) =>
    t.service.manage(manageTriggerInputSchema.parse(input), t.adminId);
  const add = async (input: Omit<Extract<ManageTriggerFormInput, { action: 'add' }>, 'action'>) =>
    (await manage({ action: 'add', ...input })).trigger!;

  describe('market triggers', () => {
    const breakoutCandles = candlesFrom([...flat(30), 104]);
    const volumes = [...Array.from({ length: 200 }, (_, i) => 8 + (i % 5)), 40];
    const spikeCandles = candlesFrom(flat(201), { volumes });
    const rsiCandles = candlesFrom([...flat(20), 110]);

    it('breakout fires once per candle, then waits for its cooldown', async () => {
      const breakout = await add({ type: 'breakout', symbol: 'BTC/USD' });
      const fired = await t.service.evaluateMarket('BTC/USD', breakoutCandles);
      expect(fired).toEqual([
        objectContaining({ triggerId: breakout.id, type: 'breakout', pair: 'BTC/USD' }),
      ]);
      expect(t.requests.at(-1)).toEqual({
        pair: 'BTC/USD',
        triggerId: breakout.id,
        reason: matching(/^Breakout: close 104 above its 24 h high/),
      });
      expect(await t.service.evaluateMarket('BTC/USD', breakoutCandles)).toEqual([]);

      // Next candle, same breakout: still inside the default 180-minute cooldown.
      const next = candlesFrom([...flat(30), 104, 106]);
      t.state.now += 60 * 60_000;
      expect(await t.service.evaluateMarket('BTC/USD', next)).toEqual([]);
      t.state.now += 3 * 60 * 60_000;
      const later = candlesFrom([...flat(30), 104, 106, 108]);
      expect(await t.service.evaluateMarket('BTC/USD', later)).toHaveLength(1);
      t.state.now = NOW;
    });

    it('volume_spike and threshold_adjust fire from the global thresholds', async () => {
      const spike = await add({ type: 'volume_spike', symbol: 'ETH/USD' });
      const rsi = await add({ type: 'threshold_adjust', symbol: 'SOL/USD' });
      expect(await t.service.evaluateMarket('ETH/USD', spikeCandles)).toEqual([
        objectContaining({
          triggerId: spike.id,
          reason: matching(/^Volume spike: last hour 4×/),
        }),
      ]);
      expect(await t.service.evaluateMarket('SOL/USD', rsiCandles)).toEqual([
        objectContaining({ triggerId: rsi.id, reason: matching(/overbought$/) }),
      ]);
      // Quiet candles fire nothing.
      expect(await t.service.evaluateMarket('ETH/USD', candlesFrom(flat(202)))).toEqual([]);
    });

    it('keyword overrides raise a trigger’s thresholds; other pairs and types are untouched', async () => {
      await add({ type: 'volume_spike', symbol: 'ADA/USD', keywords: ['multiplier=5'] });
      await add({ type: 'breakout', symbol: 'ADA/USD', keywords: ['move=6'] });
      await add({ type: 'news', symbol: 'ADA/USD', source: 'https://example.com/feed' });
      expect(await t.service.evaluateMarket('ADA/USD', spikeCandles)).toEqual([]);
      expect(await t.service.evaluateMarket('ADA/USD', breakoutCandles)).toEqual([]);
      expect(await t.service.evaluateMarket('XRP/USD', breakoutCandles)).toEqual([]);
    });

    it('an inactive trigger never fires', async () => {
      await add({ type: 'breakout', symbol: 'LTC/USD', active: false });
      expect(await t.service.evaluateMarket('LTC/USD', breakoutCandles)).toEqual([]);
    });
  });

  describe('manual triggers', () => {
    it('advisor_request runs an analysis at once with its timeframe, and again on update', async () => {
      const result = await manage({
        action: 'add',
        type: 'advisor_request',
        symbol: 'DOT/USD',
        parameters: { timeframe: '4h' },
      });
      expect(result.analysisId).toBe(`analysis-${t.requests.length}`);
      expect(result.trigger).toMatchObject({ type: 'advisor_request', parameters: { timeframe: '4h' } });
      expect(t.requests.at(-1)).toEqual({
        pair: 'DOT/USD',
        triggerId: result.trigger!.id,
        reason: 'Analysis requested by an admin (4h)',
        timeframe: '4h',
        userId: t.adminId,
      });

      const count = t.requests.length;
      const updated = await manage({
        action: 'update',
        id: result.trigger!.id,
        type: 'advisor_request',
        symbol: 'DOT/USD',
      });
      expect(updated.analysisId).not.toBeNull();
      expect(t.requests).toHaveLength(count + 1);
      expect(t.requests.at(-1)?.timeframe).toBe('4h');
    });

    it('advisor_request defaults to 1h; a repeated add reuses the row', async () => {
      const first = await manage({ action: 'add', type: 'advisor_request', symbol: 'LINK/USD' });
      expect(t.requests.at(-1)?.timeframe).toBe('1h');
      const again = await manage({
        action: 'add',
        type: 'advisor_request',
        symbol: 'LINK/USD',
        parameters: { timeframe: '15m' },
      });
      expect(again.trigger?.id).toBe(first.trigger?.id);
      expect(t.requests.at(-1)?.timeframe).toBe('15m');
      expect(await t.db.select().from(triggers).where(eq(triggers.symbol, 'LINK/USD'))).toHaveLength(1);
    });

    it('bypass_analysis asks for an offer without thresholds', async () => {
      const result = await manage({ action: 'add', type: 'bypass_analysis', symbol: 'AVAX/USD' });
      expect(t.requests.at(-1)).toMatchObject({
        pair: 'AVAX/USD',
        bypassThresholds: true,
        triggerId: result.trigger!.id,
      });
      expect(result.analysisId).not.toBeNull();
    });

    it('saving an inactive manual trigger or another type runs nothing', async () => {
      const count = t.requests.length;
      expect(
        (await manage({ action: 'add', type: 'advisor_request', symbol: 'UNI/USD', active: false }))
          .analysisId,
      ).toBeNull();
      expect(
        (await manage({ action: 'add', type: 'onchain_event', symbol: 'UNI/USD' })).analysisId,
      ).toBeNull();
      expect(t.requests).toHaveLength(count);
    });

    it('a failing pipeline is logged; the trigger is still saved and counted as fired', async () => {
      t.state.failNext = true;
      const result = await manage({ action: 'add', type: 'advisor_request', symbol: 'ATOM/USD' });
      expect(result).toMatchObject({ analysisId: null, trigger: { symbol: 'ATOM/USD' } });
      const [log] = await t.db.select().from(actionLogs).where(eq(actionLogs.pair, 'ATOM/USD'));
      expect(log).toMatchObject({
        action: 'trigger.fired',
        status: 'error',
        details: { error: 'pipeline is down' },
      });
    });
  });

  describe('manage', () => {
    it('update by type + symbol, delete by type + symbol, each audited', async () => {
      await add({ type: 'referee_trigger', symbol: 'XLM/USD', keywords: ['a'] });
      const updated = await manage({
        action: 'update',
        type: 'referee_trigger',
        symbol: 'XLM/USD',
        keywords: ['b'],
        active: false,
      });
      expect(updated.trigger).toMatchObject({ keywords: ['b'], active: false, parameters: null });
      expect(await manage({ action: 'delete', type: 'referee_trigger', symbol: 'XLM/USD' })).toEqual({
        trigger: null,
        analysisId: null,
      });
      const actions = (await t.db.select().from(auditLogs)).map((log) => log.action);
      expect(actions).toEqual(arrayContaining(['trigger.add', 'trigger.update', 'trigger.delete']));
    });

    it('answers 404 for a missing trigger and 409 for an ambiguous update', async () => {
      await expect(manage({ action: 'delete', type: 'sentiment', symbol: 'NOPE/USD' })).rejects.toMatchObject(
        { statusCode: 404 },
      );
      await expect(
        manage({ action: 'update', id: crypto.randomUUID(), type: 'news', symbol: 'BTC/USD' }),
      ).rejects.toMatchObject({
        statusCode: 404,
      });
      await add({ type: 'news', symbol: 'TRX/USD', source: 'https://a.example.com/rss' });
      await add({ type: 'news', symbol: 'TRX/USD', source: 'https://b.example.com/rss' });
      await expect(manage({ action: 'update', type: 'news', symbol: 'TRX/USD' })).rejects.toMatchObject({
        statusCode: 409,
      });
    });
  });

  it('active triggers: active and fired within the window', async () => {
    expect(await t.service.activeTriggerTypes('BTC/USD')).toEqual(['breakout']);
    expect(await t.service.activeTriggerCount('BTC/USD')).toBe(1);
    expect(await t.service.activeTriggerTypes('UNI/USD')).toEqual([]);
    const all = await t.service.activeTriggers();
    const typesOf = (pair: string) => all.filter((a) => a.symbol === pair).map((a) => a.type);
    expect(typesOf('ETH/USD')).toEqual(['volume_spike']);
    expect(typesOf('DOT/USD')).toEqual(['advisor_request']);
    expect((await t.service.activeTriggers(['ETH/USD'])).map((a) => a.symbol)).toEqual(['ETH/USD']);
    for (const active of all) expect(active.activeUntil.getTime()).toBeGreaterThan(NOW);

    t.state.now = NOW + ACTIVE_TRIGGER_WINDOW_MS + 4 * 60 * 60_000 + 1;
    expect(await t.service.activeTriggerTypes('BTC/USD')).toEqual([]);
    expect(await t.service.activeTriggerCount('ETH/USD')).toBe(0);
    t.state.now = NOW;
  });
});

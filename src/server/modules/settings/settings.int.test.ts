import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema';
import { createTestAppWithUsers, type TestApp, type TestUser } from '../../testing/test-app';

describe('global settings', () => {
  let t: TestApp;
  let admin: TestUser;
  let trader: TestUser;
  beforeAll(async () => {
    ({ t, admin, trader } = await createTestAppWithUsers());
  });
  afterAll(async () => t.close());

  const get = (user: TestUser) =>
    t.app.inject({ method: 'GET', url: '/api/admin/global-settings', headers: user.auth });
  const patch = (user: TestUser, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/admin/global-settings',
      headers: user.auth,
      payload: payload as object,
    });

  it('starts from the product defaults, autoAnalysisConfig filled in', async () => {
    const res = await get(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      aiModel: 'gpt-4o-mini',
      chatgptMaxRequests: 100,
      retentionPolicy: 90,
      analysisRetentionDays: 7,
      autoAnalysisEnabled: true,
      autoAnalysisConfig: { intervalMinutes: 2, minHeatScore: 5, minSuccessRate: 30 },
      guardrails: { maxOpenTrades: 5, dailyLossCapPercent: 10, lossStreakLimit: 3, cooldownMinutes: 60 },
    });
  });

  it('changes any of the guardrails, keeps the others, and traders read them', async () => {
    const res = await patch(admin, { guardrails: { maxOpenTrades: 8, cooldownMinutes: 15 } });
    expect(res.statusCode, res.body).toBe(200);
    const expected = { maxOpenTrades: 8, dailyLossCapPercent: 10, lossStreakLimit: 3, cooldownMinutes: 15 };
    expect(res.json()).toMatchObject({ guardrails: expected });
    const read = await t.app.inject({ method: 'GET', url: '/api/trades/guardrails', headers: trader.auth });
    expect(read.json()).toEqual(expected);
    await patch(admin, { guardrails: { maxOpenTrades: 5, cooldownMinutes: 60 } });
  });

  it('saves a patch and records it in the audit log', async () => {
    const res = await patch(admin, {
      chatgptMaxRequests: 20,
      autoAnalysisConfig: { intervalMinutes: 5, minHeatScore: 60 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      chatgptMaxRequests: 20,
      autoAnalysisConfig: { intervalMinutes: 5, minHeatScore: 60, minSuccessRate: 30 },
    });
    expect((await get(admin)).json()).toMatchObject({ chatgptMaxRequests: 20 });
    const logs = await t.db.select().from(auditLogs);
    expect(logs.at(-1)).toMatchObject({ userId: admin.id, action: 'global_settings.update' });
  });

  it.each([
    [{ chatgptMaxRequests: 0 }, /Must be at least 1/],
    [{ aiModel: '' }, /AI Model is required/],
    [{ autoAnalysisConfig: { intervalMinutes: 5, typo: 1 } }, /typo/],
    [{ autoAnalysisConfig: '{not json' }, /expected object/i],
    [{}, /Nothing to update/],
    [{ guardrails: {} }, /Nothing to update/],
    [{ guardrails: { maxOpenTrades: 0 } }, /maxOpenTrades/],
    [{ guardrails: { dailyLossCapPercent: 0 } }, /dailyLossCapPercent/],
    [{ guardrails: { lossStreakLimit: 1.5 } }, /lossStreakLimit/],
  ])('refuses %o with 400 and changes nothing', async (payload, message) => {
    const before = (await get(admin)).json<unknown>();
    const res = await patch(admin, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(message);
    expect((await get(admin)).json()).toEqual(before);
  });

  it('refuses traders', async () => {
    expect((await get(trader)).statusCode).toBe(403);
    expect((await patch(trader, { chatgptMaxRequests: 5 })).statusCode).toBe(403);
  });
});

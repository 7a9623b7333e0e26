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
    });
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

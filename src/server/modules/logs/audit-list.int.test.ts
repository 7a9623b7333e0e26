/** GET /api/admin/all-audit-logs: time range, search, paging totals, sorting, validation, admins only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminListResponse } from '../../../contract/admin-collections';
import type { AuditLogRecord } from '../../../contract/admin-records';
import { DAY_MS } from '../../shared/time';
import { createTestAppWithUsers, type TestApp, type TestUser } from '../../testing/test-app';
import { listAudit } from './audit-list.repo';

describe('GET /api/admin/all-audit-logs', () => {
  let t: TestApp;
  let admin: TestUser;
  let trader: TestUser;
  beforeAll(async () => {
    ({ t, admin, trader } = await createTestAppWithUsers());
    for (let i = 0; i < 7; i++)
      await t.app.logs.audit({ userId: admin.id, action: `test.alpha`, details: { n: i } });
    for (let i = 0; i < 3; i++)
      await t.app.logs.audit({ userId: null, action: `test.beta`, details: { marker: 'needle_%' } });
  });
  afterAll(async () => t.close());

  const list = (query: string, user = admin) =>
    t.app.inject({ method: 'GET', url: `/api/admin/all-audit-logs?${query}`, headers: user.auth });
  const records = async (query: string) => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminListResponse<AuditLogRecord>>();
  };

  it('pages newest first with the total of every matching row', async () => {
    const all = await records('search=test.&pageSize=10');
    expect(all.total).toBe(10);
    expect(all.records.map((r) => r.action)).toEqual([
      ...Array<string>(3).fill('test.beta'),
      ...Array<string>(7).fill('test.alpha'),
    ]);
    const page2 = await records('search=test.alpha&pageSize=10&page=1');
    expect(page2.total).toBe(7);
    expect(page2.records.map((r) => r.details)).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => ({ n })));
    const beyond = await records('search=test.alpha&pageSize=10&page=2');
    expect(beyond).toEqual({ records: [], total: 7 });
    expect(page2.records[0]).toMatchObject({ userId: admin.id, id: expect.any(String) as string });
  });

  it('searches action, user id and details, with LIKE wildcards taken literally', async () => {
    expect((await records(`search=${admin.id}&pageSize=10`)).total).toBeGreaterThanOrEqual(7);
    expect((await records('search=needle_%25')).total).toBe(3);
    expect((await records('search=needle__')).total).toBe(0);
  });

  it('sorts by action or timestamp, both ways', async () => {
    const asc = await records('search=test.&pageSize=10&sort=action_asc');
    expect(asc.records.map((r) => r.action)).toEqual([
      ...Array<string>(7).fill('test.alpha'),
      ...Array<string>(3).fill('test.beta'),
    ]);
    const oldest = await records('search=test.&pageSize=10&sort=timestamp_asc');
    expect(oldest.records[0]?.details).toEqual({ n: 0 });
  });

  it('keeps to the time range', async () => {
    const query = { timeRange: '7d', search: 'test.alpha', page: 1, pageSize: 10 } as const;
    const now = Date.now();
    expect((await listAudit(t.db, query, now)).total).toBe(7);
    // Seen from 8 days later, these rows are outside 7d but inside 30d and all.
    expect((await listAudit(t.db, query, now + 8 * DAY_MS)).total).toBe(0);
    expect((await listAudit(t.db, { ...query, timeRange: '30d' }, now + 8 * DAY_MS)).total).toBe(7);
    expect((await listAudit(t.db, { ...query, timeRange: 'all' }, now + 400 * DAY_MS)).total).toBe(7);
  });

  it('refuses bad input with 400 and non-admins with 401/403', async () => {
    for (const query of ['pageSize=7', 'page=0', 'timeRange=1y', 'sort=details_asc']) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    expect((await list('', trader)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/all-audit-logs' })).statusCode).toBe(401);
  });
});

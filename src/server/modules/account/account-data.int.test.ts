/**
 * Issue #18's 'Your Data' through HTTP: the export holds what the server keeps about the caller
 * (and nothing of anyone else's, no secret), and an account goes only once it is empty, leaving
 * the books whole under a nameless husk.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../../contract/account-data';
import { createTestAppWithUsers, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { signInWithPassword, TEST_PASSWORD } from '../auth/testing/two-factor';
import { balanceOf, expectLedgerWhole, fundUser, postWithdrawal } from '../payments/testing/payments-helpers';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithUsers());
});
afterAll(async () => t.close());

const exportOf = async (user: TestUser) => {
  const response = await t.app.inject({ url: '/api/account/export', headers: user.auth });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-disposition']).toMatch(
    /^attachment; filename="heatsignal-data-\d{4}-\d{2}-\d{2}\.json"$/,
  );
  return { data: response.json<AccountExport>(), raw: response.body };
};
const remove = (user: TestUser, password = TEST_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/account/delete', headers: user.auth, payload: { password } });
const approve = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/approve-withdrawal/${id}`, headers: admin.auth });

describe('exporting your data', () => {
  it('holds your account, sessions, money and settings, and no secret or other person', async () => {
    const trader = await signUp(t.app, 'Xena Export');
    const other = await signUp(t.app, 'Oscar Other');
    await fundUser(t.app, trader, 120);
    await fundUser(t.app, other, 50);
    expect((await postWithdrawal(t.app, trader, 20)).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/preferences',
      headers: trader.auth,
      payload: { preferredPairs: ['BTC/USD'] },
    });

    const { data, raw } = await exportOf(trader);
    expect(data.account).toMatchObject({ id: trader.id, email: trader.email, name: 'Xena Export' });
    expect(data.signInMethods).toEqual([expect.objectContaining({ providerId: 'credential' })]);
    expect(data.sessions).toHaveLength(1);
    expect(data.payments.map((p) => [p.type, p.status])).toEqual([
      ['deposit', 'completed'],
      ['withdrawal', 'pending'],
    ]);
    expect(data.ledgerEntries.length).toBeGreaterThanOrEqual(2);
    expect(data.organizations).toHaveLength(1);
    expect(Date.parse(data.exportedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(raw).not.toContain(other.id);
    expect(raw).not.toContain(other.email);
    // The password hash and the session tokens stay on the server.
    expect(raw).not.toMatch(/"password"|"token"|"secret"/);
  });
});

describe('deleting your account', () => {
  it('is refused while money is left, saying what, and changes nothing', async () => {
    const trader = await signUp(t.app, 'Rita Refused');
    await fundUser(t.app, trader, 100);
    const refused = await remove(trader);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'Your account still holds $100.00: withdraw it first.' });

    const id = (await postWithdrawal(t.app, trader, 100)).json<{ payment: { id: string } }>().payment.id;
    const pending = await remove(trader);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual({
      error:
        'Your account still holds $100.00: withdraw it first. A payment of yours is still pending: wait until it is decided.',
    });
    expect((await t.app.inject({ url: '/api/me', headers: trader.auth })).statusCode).toBe(200);
    expect((await approve(id)).statusCode).toBe(200);
    expect(await balanceOf(t.app, trader)).toEqual({ balance: 0, held: 0 });
  });

  it('deletes an empty account with the password: no sign-in, no name, and the books still balance', async () => {
    const trader = await signUp(t.app, 'Della Delete');
    await fundUser(t.app, trader, 40);
    const id = (await postWithdrawal(t.app, trader, 40)).json<{ payment: { id: string } }>().payment.id;
    expect((await approve(id)).statusCode).toBe(200);

    const wrong = await remove(trader, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'Invalid password' });
    expect((await t.app.inject({ url: '/api/me', headers: trader.auth })).statusCode).toBe(200);

    const deleted = await remove(trader);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await t.app.inject({ url: '/api/me', headers: trader.auth })).statusCode).toBe(401);
    expect((await signInWithPassword(t.app, trader.email)).response.statusCode).toBe(401);
    await expectLedgerWhole(t.app);

    // The operator still sees the payment, with nobody's name on it.
    const payments = await t.app.inject({ url: '/api/admin/payments?pageSize=100', headers: admin.auth });
    expect(payments.statusCode).toBe(200);
    expect(payments.body).toContain(id);
    expect(payments.body).not.toContain(trader.email);
    const users = await t.app.inject({ url: '/api/admin/users?pageSize=100', headers: admin.auth });
    expect(users.body).not.toContain(trader.email);
    expect(users.body).toContain(`deleted-${trader.id}@deleted.invalid`);
    const audit = await t.app.inject({ url: '/api/admin/all-audit-logs?pageSize=100', headers: admin.auth });
    expect(audit.body).toContain('account.delete');
    // Its address is free again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Della Again', email: trader.email, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
  });

  it("is refused to the operator organisation's only owner", async () => {
    const refused = await remove(admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'You are the only owner of the operator organisation: make another admin its owner first.',
    });
  });
});

/**
 * Issue #18's two-factor authentication through HTTP: TOTP codes computed by otplib, single-use
 * backup codes, a fresh second factor for moving money out and for approving it, and the
 * platform setting that requires it of every admin.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_TWO_FACTOR_REQUIRED, SECOND_FACTOR_REQUIRED } from '../../../contract/account';
import { ADMIN_TWO_FACTOR_OWN_FIRST } from '../../../contract/admin-settings';
import { createTestAppWithUsers, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { balanceOf, fundUser, postWithdrawal } from '../payments/testing/payments-helpers';
import {
  answerChallenge,
  codeFor,
  signInWithPassword,
  TEST_PASSWORD,
  turnOnTwoFactor,
  withToken,
} from './testing/two-factor';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithUsers());
});
afterAll(async () => t.close());

const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: user.auth });
const me = async (user: TestUser) =>
  (await call(user, 'GET', '/api/me')).json<{ twoFactorEnabled: boolean }>();
/** Runs `fn` as if `minutes` had passed (the server's and otplib's clocks alike). */
async function later<T>(minutes: number, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + minutes * 60_000 });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

describe('turning two-factor on', () => {
  it('needs the password, shows a QR secret and ten backup codes, and is on once a code is entered', async () => {
    const trader = await signUp(t.app, 'Tess Totp');
    const wrong = await call(trader, 'POST', '/api/auth/two-factor/enable', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'Invalid password' });

    const started = await call(trader, 'POST', '/api/auth/two-factor/enable', { password: TEST_PASSWORD });
    expect(started.statusCode).toBe(200);
    const { totpURI, backupCodes } = started.json<{ totpURI: string; backupCodes: string[] }>();
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('HeatSignal');
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    // Not on until the app has proved it holds the secret.
    expect((await me(trader)).twoFactorEnabled).toBe(false);
    const bad = await call(trader, 'POST', '/api/auth/two-factor/verify-totp', { code: '000000' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: 'Invalid code' });

    const secret = uri.searchParams.get('secret')!;
    const verified = await call(trader, 'POST', '/api/auth/two-factor/verify-totp', {
      code: await codeFor(secret),
    });
    expect(verified.statusCode).toBe(200);
    const renewed = withToken(trader, verified);
    expect((await me(renewed)).twoFactorEnabled).toBe(true);
    // Turning it on replaced the session: the token from before ends at once.
    expect((await call(trader, 'GET', '/api/me')).statusCode).toBe(401);
  });
});

describe('turning two-factor off', () => {
  it('needs the password, and sign-in asks for no code after', async () => {
    const { user } = await turnOnTwoFactor(t.app, await signUp(t.app, 'Otto Off'));
    const wrong = await call(user, 'POST', '/api/auth/two-factor/disable', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect((await me(user)).twoFactorEnabled).toBe(true);
    const off = await call(user, 'POST', '/api/auth/two-factor/disable', { password: TEST_PASSWORD });
    expect(off.statusCode).toBe(200);
    expect((await me(withToken(user, off))).twoFactorEnabled).toBe(false);
    const { response } = await signInWithPassword(t.app, user.email);
    expect(typeof response.headers['set-auth-token']).toBe('string');
  });
});

describe('signing in with two-factor on', () => {
  let secret: string;
  let backupCodes: string[];
  let trader: TestUser;
  beforeAll(async () => {
    ({ user: trader, secret, backupCodes } = await turnOnTwoFactor(t.app, await signUp(t.app, 'Sam Second')));
  });

  it('asks for the code after the password, and only the right code signs in', async () => {
    const { response, cookie } = await signInWithPassword(t.app, trader.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(response.headers['set-auth-token']).toBeUndefined();

    const wrong = await answerChallenge(t.app, cookie, { code: '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid code' });
    const right = await answerChallenge(t.app, cookie, { code: await codeFor(secret) });
    expect(right.statusCode).toBe(200);
    expect((await call(withToken(trader, right), 'GET', '/api/me')).statusCode).toBe(200);
    // The challenge is spent with the sign-in.
    expect((await answerChallenge(t.app, cookie, { code: await codeFor(secret) })).statusCode).toBe(401);
  });

  it('takes each backup code once', async () => {
    const first = await signInWithPassword(t.app, trader.email);
    const used = await answerChallenge(t.app, first.cookie, { code: backupCodes[0]!, backup: true });
    expect(used.statusCode).toBe(200);
    expect((await call(withToken(trader, used), 'GET', '/api/me')).statusCode).toBe(200);

    const second = await signInWithPassword(t.app, trader.email);
    const again = await answerChallenge(t.app, second.cookie, { code: backupCodes[0]!, backup: true });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: 'Invalid backup code' });
    const next = await answerChallenge(t.app, second.cookie, { code: backupCodes[1]!, backup: true });
    expect(next.statusCode).toBe(200);
  });

  it('refuses a challenge cookie that was never issued', async () => {
    const forged = await answerChallenge(t.app, 'better-auth.two_factor=forged', {
      code: await codeFor(secret),
    });
    expect(forged.statusCode).toBe(401);
  });
});

describe('money out with two-factor on', () => {
  it('withdraws right after a sign-in with a code; ten minutes later it asks for a code again', async () => {
    const { user: enrolled, secret } = await turnOnTwoFactor(t.app, await signUp(t.app, 'Wes Withdraw'));
    const { cookie } = await signInWithPassword(t.app, enrolled.email);
    const trader = withToken(enrolled, await answerChallenge(t.app, cookie, { code: await codeFor(secret) }));
    await fundUser(t.app, trader, 100);
    expect((await postWithdrawal(t.app, trader, 20)).statusCode).toBe(200);

    await later(11, async () => {
      const refused = await postWithdrawal(t.app, trader, 20);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: SECOND_FACTOR_REQUIRED });
      expect((await balanceOf(t.app, trader)).balance).toBe(80);

      const confirmed = await call(trader, 'POST', '/api/auth/two-factor/verify-totp', {
        code: await codeFor(secret),
      });
      expect(confirmed.statusCode).toBe(200);
      expect((await postWithdrawal(t.app, trader, 20)).statusCode).toBe(200);
    });
  });

  it('asks an admin with two-factor on for a fresh code before approving, not before rejecting', async () => {
    const { user: owner, secret } = await turnOnTwoFactor(t.app, admin);
    admin = owner;
    const trader = await signUp(t.app, 'Pat Pending');
    await fundUser(t.app, trader, 100);
    const pending = async () =>
      (await postWithdrawal(t.app, trader, 20)).json<{ payment: { id: string } }>().payment.id;
    const approve = async (id: string) => call(admin, 'POST', `/api/admin/approve-withdrawal/${id}`);

    await later(11, async () => {
      const id = await pending();
      const refused = await approve(id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: SECOND_FACTOR_REQUIRED });
      const rejected = await call(admin, 'POST', `/api/admin/reject-withdrawal/${await pending()}`, {
        reason: 'Checked by phone',
      });
      expect(rejected.statusCode).toBe(200);

      const confirmed = await call(admin, 'POST', '/api/auth/two-factor/verify-totp', {
        code: await codeFor(secret),
      });
      expect(confirmed.statusCode).toBe(200);
      expect((await approve(id)).statusCode).toBe(200);
    });
  });
});

describe('requiring two-factor of every admin', () => {
  it('is refused to an admin without it, and then shuts every admin without it out', async () => {
    const operatorId = (await call(admin, 'GET', '/api/me'))
      .json<{ organizations: { id: string; isOperator: boolean }[] }>()
      .organizations.find((o) => o.isOperator)!.id;
    const deputy = await signUp(t.app, 'Dee Deputy');
    const invite = await call(admin, 'POST', '/api/auth/organization/invite-member', {
      email: deputy.email,
      role: 'admin',
      organizationId: operatorId,
    });
    const invitationId = invite.json<{ id: string }>().id;
    await call(deputy, 'POST', '/api/auth/organization/accept-invitation', { invitationId });
    await call(deputy, 'POST', '/api/auth/organization/set-active', { organizationId: operatorId });
    expect((await call(deputy, 'GET', '/api/admin/global-settings')).statusCode).toBe(200);

    const require = (user: TestUser, on: boolean) =>
      call(user, 'PATCH', '/api/admin/global-settings', { requireAdminTwoFactor: on });
    const own = await require(deputy, true);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ error: ADMIN_TWO_FACTOR_OWN_FIRST });

    const on = await require(admin, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ requireAdminTwoFactor: true });
    const shut = await call(deputy, 'GET', '/api/admin/global-settings');
    expect(shut.statusCode).toBe(403);
    expect(shut.json()).toEqual({ error: ADMIN_TWO_FACTOR_REQUIRED });
    expect((await call(admin, 'GET', '/api/admin/global-settings')).statusCode).toBe(200);

    // Turning two-factor on in Settings (a trader's call) opens the admin screens again.
    const { user: secured } = await turnOnTwoFactor(t.app, deputy);
    expect((await call(secured, 'GET', '/api/admin/global-settings')).statusCode).toBe(200);
    expect((await require(admin, false)).statusCode).toBe(200);
  });
});

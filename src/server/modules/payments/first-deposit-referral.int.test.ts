import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_POINTS, type ListReferralsResponse } from '../../../contract/referrals';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { fundUser, postDeposit } from './testing/payments-helpers';

/** The referrals module's first-deposit award, as wired in services.ts, through HTTP. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const codeOf = async (u: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/me', headers: u.auth })).json<{ referralCode: string }>()
    .referralCode;
const pointsOf = async (u: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/referrals', headers: u.auth }))
    .json<ListReferralsResponse>()
    .referrals.map((r) => r.points);

describe('first completed deposit of a referred trader', () => {
  it('earns the referrer the first-deposit points once; a declined card earns nothing', async () => {
    const referrer = await signUp(t.app);
    const newcomer = await signUp(t.app);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/create',
      headers: newcomer.auth,
      payload: { referralCode: await codeOf(referrer) },
    });
    expect(applied.statusCode).toBe(200);
    expect(await pointsOf(referrer)).toEqual([REFERRAL_POINTS.signUp]);

    const declined = await postDeposit(t.app, newcomer, {
      amount: 20,
      paymentMethodId: 'pm_card_chargeDeclined',
    });
    expect(declined.statusCode).toBe(402);
    expect(await pointsOf(referrer)).toEqual([REFERRAL_POINTS.signUp]);

    await fundUser(t.app, newcomer, 20);
    expect(await pointsOf(referrer)).toEqual([REFERRAL_POINTS.signUp + REFERRAL_POINTS.firstDeposit]);
    await fundUser(t.app, newcomer, 30);
    expect(await pointsOf(referrer)).toEqual([REFERRAL_POINTS.signUp + REFERRAL_POINTS.firstDeposit]);
  });

  it('a trader nobody referred deposits as usual', async () => {
    const loner = await signUp(t.app);
    expect((await fundUser(t.app, loner, 15)).balance).toBe(15);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_POINTS } from '../../../contract/referrals';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { applyReferralCode, referralCodeOf, referralPointsOf } from '../referrals/testing/referral-helpers';
import { fundUser, postDeposit } from './testing/payments-helpers';

/** The referrals module's first-deposit award, (an answer to the `first_deposit` event), through HTTP. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const codeOf = (u: TestUser) => referralCodeOf(t.app, u);
const pointsOf = (u: TestUser) => referralPointsOf(t.app, u);

describe('first completed deposit of a referred trader', () => {
  it('earns the referrer the first-deposit points once; a declined card earns nothing', async () => {
    const referrer = await signUp(t.app);
    const newcomer = await signUp(t.app);
    const applied = await applyReferralCode(t.app, newcomer, await codeOf(referrer));
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

import { describe, expect, it } from 'vitest';
import { BillingUnavailableError, BillingWebhookError } from '../billing-provider';
import {
  createSimulatedBillingProvider,
  SIMULATED_NO_PORTAL_MESSAGE,
  SIMULATED_PERIOD_MS,
  SIMULATED_WEBHOOK_MESSAGE,
} from './index';

const START = Date.parse('2026-11-20T10:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

/** A provider whose clock the test moves. */
function providerAt(start = START) {
  let now = start;
  const provider = createSimulatedBillingProvider({ clock: () => now });
  return { provider, advance: (ms: number) => (now += ms) };
}

const checkoutInput = {
  userId: 'user_42',
  email: 'trader@example.com',
  customerId: null,
  successUrl: 'http://localhost:3000/settings?plan=upgraded#plan',
  cancelUrl: 'http://localhost:3000/settings#plan',
};

describe('simulated billing provider', () => {
  it('subscribes at once: back to the success URL, active for 30 days', async () => {
    const { provider } = providerAt();
    expect(provider.name).toBe('simulated');
    expect(await provider.createCheckout(checkoutInput)).toEqual({
      url: checkoutInput.successUrl,
      subscription: {
        userId: 'user_42',
        customerId: 'sim_cus_user_42',
        subscriptionId: `sim_sub_user_42_${START / 1000}`,
        status: 'active',
        currentPeriodEnd: new Date(START + 30 * DAY),
        cancelAtPeriodEnd: false,
      },
    });
    expect(SIMULATED_PERIOD_MS).toBe(30 * DAY);
  });

  it('cancels at period end and resumes without moving the period, even after a restart', async () => {
    const { provider, advance } = providerAt();
    const { subscription } = await provider.createCheckout(checkoutInput);
    const id = subscription!.subscriptionId;
    advance(10 * DAY);
    const cancelled = await provider.setCancelAtPeriodEnd(id, true);
    expect(cancelled).toEqual({
      customerId: 'sim_cus_user_42',
      subscriptionId: id,
      status: 'active',
      currentPeriodEnd: new Date(START + 30 * DAY),
      cancelAtPeriodEnd: true,
    });
    // Nothing is kept in memory: another instance (a restarted server) answers the same.
    const restarted = createSimulatedBillingProvider({ clock: () => START + 20 * DAY });
    expect(await restarted.setCancelAtPeriodEnd(id, false)).toEqual({
      ...cancelled,
      cancelAtPeriodEnd: false,
    });
  });

  it('renews every 30 days while not cancelled: the period is the one the clock stands in', async () => {
    const { provider, advance } = providerAt();
    const { subscription } = await provider.createCheckout(checkoutInput);
    advance(45 * DAY);
    const state = await provider.setCancelAtPeriodEnd(subscription!.subscriptionId, true);
    expect(state.currentPeriodEnd).toEqual(new Date(START + 60 * DAY));
    advance(15 * DAY); // exactly at the second period's end: the third has begun
    const next = await provider.setCancelAtPeriodEnd(subscription!.subscriptionId, false);
    expect(next.currentPeriodEnd).toEqual(new Date(START + 90 * DAY));
  });

  it('gives each purchase its own subscription, the customer staying the same', async () => {
    const { provider, advance } = providerAt();
    const first = await provider.createCheckout(checkoutInput);
    advance(40 * DAY);
    const second = await provider.createCheckout({ ...checkoutInput, customerId: 'sim_cus_user_42' });
    expect(second.subscription!.subscriptionId).not.toBe(first.subscription!.subscriptionId);
    expect(second.subscription!.customerId).toBe(first.subscription!.customerId);
  });

  it('refuses a subscription it did not make, the portal and webhooks', async () => {
    const { provider } = providerAt();
    await expect(provider.setCancelAtPeriodEnd('sub_1Qstripe', true)).rejects.toThrow(
      new BillingUnavailableError("No such subscription: 'sub_1Qstripe'"),
    );
    const portal = provider.createPortal({ customerId: 'sim_cus_user_42', returnUrl: 'http://x/' });
    await expect(portal).rejects.toBeInstanceOf(BillingUnavailableError);
    await expect(portal).rejects.toThrow(SIMULATED_NO_PORTAL_MESSAGE);
    expect(SIMULATED_NO_PORTAL_MESSAGE).toBe('The simulated provider has no customer portal');
    const webhook = provider.parseWebhook('{}', 't=1,v1=00');
    await expect(webhook).rejects.toBeInstanceOf(BillingWebhookError);
    await expect(webhook).rejects.toThrow(SIMULATED_WEBHOOK_MESSAGE);
  });
});

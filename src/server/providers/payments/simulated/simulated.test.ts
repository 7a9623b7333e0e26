import { describe, expect, it } from 'vitest';
import { CardWebhookError, type ChargeRequest } from '../card-provider';
import { TEST_PAYMENT_METHOD_IDS } from '../test-payment-methods';
import { createSimulatedCardProvider, SIMULATED_WEBHOOK_MESSAGE, simulatedPaymentIntentId } from './index';

const provider = createSimulatedCardProvider();
const request = (paymentMethodId: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest => ({
  amountCents: 2_500,
  paymentMethodId,
  idempotencyKey: `pay-${paymentMethodId}`,
  metadata: { paymentId: `pay-${paymentMethodId}`, userId: 'user_1' },
  ...overrides,
});

const SUCCEEDING = [
  'pm_card_visa',
  'pm_card_visa_debit',
  'pm_card_mastercard',
  'pm_card_mastercard_debit',
  'pm_card_mastercard_prepaid',
  'pm_card_amex',
  'pm_card_discover',
  'pm_card_diners',
  'pm_card_jcb',
  'pm_card_unionpay',
];

/** Stripe's decline messages, word for word. */
const DECLINED: [string, string][] = [
  ['pm_card_chargeDeclined', 'Your card was declined.'],
  ['pm_card_visa_chargeDeclined', 'Your card was declined.'],
  ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
  ['pm_card_visa_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
  ['pm_card_chargeDeclinedExpiredCard', 'Your card has expired.'],
  ['pm_card_chargeDeclinedIncorrectCvc', "Your card's security code is incorrect."],
  [
    'pm_card_chargeDeclinedProcessingError',
    'An error occurred while processing your card. Try again in a little bit.',
  ],
  ['pm_card_chargeDeclinedFraudulent', 'Your card was declined.'],
  ['pm_card_chargeDeclinedLostCard', 'Your card was declined.'],
  ['pm_card_chargeDeclinedStolenCard', 'Your card was declined.'],
  [
    'pm_card_visa_chargeDeclinedVelocityLimitExceeded',
    'Your card was declined for making repeated attempts too frequently or exceeding its amount limit.',
  ],
  ['pm_card_radarBlock', 'Your card was declined.'],
  ['pm_card_chargeCustomerFail', 'Your card was declined.'],
  ['pm_card_threeDSecure2Required', 'Your card was declined. This transaction requires authentication.'],
  ['pm_card_authenticationRequired', 'Your card was declined. This transaction requires authentication.'],
];

describe('simulated card provider', () => {
  it.each(SUCCEEDING)('%s succeeds at once with a pi_sim_ reference', async (pm) => {
    const result = await provider.charge(request(pm));
    expect(result).toEqual({ status: 'succeeded', providerRef: simulatedPaymentIntentId(`pay-${pm}`) });
    expect(result.providerRef).toMatch(/^pi_sim_[0-9a-f]{24}$/);
  });

  it.each(DECLINED)('%s fails with Stripe’s message', async (pm, reason) => {
    expect(await provider.charge(request(pm))).toEqual({
      status: 'failed',
      providerRef: simulatedPaymentIntentId(`pay-${pm}`),
      reason,
    });
  });

  it('fails an unknown payment method as Stripe does, with no reference', async () => {
    expect(await provider.charge(request('pm_x'))).toEqual({
      status: 'failed',
      providerRef: null,
      reason: "No such PaymentMethod: 'pm_x'",
    });
    // Ids are case-sensitive at Stripe too; and no prototype key is a payment method.
    expect((await provider.charge(request('pm_card_VISA'))).status).toBe('failed');
    expect(await provider.charge(request('constructor'))).toMatchObject({
      status: 'failed',
      providerRef: null,
    });
  });

  it('knows every method in the table: each succeeds or fails with a reason', async () => {
    expect(TEST_PAYMENT_METHOD_IDS).toEqual(
      expect.arrayContaining([...SUCCEEDING, ...DECLINED.map(([pm]) => pm)]),
    );
    for (const pm of TEST_PAYMENT_METHOD_IDS) {
      const result = await provider.charge(request(pm));
      if (result.status === 'failed') expect(result.reason).not.toBe('');
      else expect(result.status).toBe('succeeded');
    }
  });

  it('derives the reference from the idempotency key only: same key, same charge', async () => {
    const first = await provider.charge(request('pm_card_visa', { idempotencyKey: 'payment-7' }));
    const retry = await provider.charge(request('pm_card_visa', { idempotencyKey: 'payment-7' }));
    const other = await provider.charge(request('pm_card_visa', { idempotencyKey: 'payment-8' }));
    expect(retry).toEqual(first);
    expect(other.providerRef).not.toBe(first.providerRef);
    expect(simulatedPaymentIntentId('payment-7')).toBe(first.providerRef);
  });

  it('applies Stripe’s amount limits and refuses malformed amounts and keys outright', async () => {
    expect(await provider.charge(request('pm_card_visa', { amountCents: 100_000_000 }))).toEqual({
      status: 'failed',
      providerRef: null,
      reason: 'Amount must be no more than $999,999.99',
    });
    expect(await provider.charge(request('pm_card_visa', { amountCents: 49 }))).toMatchObject({
      status: 'failed',
      reason: 'Amount must be at least $0.50 usd',
    });
    expect((await provider.charge(request('pm_card_visa', { amountCents: 99_999_999 }))).status).toBe(
      'succeeded',
    );
    for (const amountCents of [0, -100, 10.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(provider.charge(request('pm_card_visa', { amountCents }))).rejects.toThrow(RangeError);
    }
    await expect(provider.charge(request('pm_card_visa', { idempotencyKey: '' }))).rejects.toThrow(
      RangeError,
    );
  });

  it('uses no webhooks', () => {
    expect(() => provider.parseWebhook('{}', 't=1,v1=abc')).toThrow(CardWebhookError);
    expect(() => provider.parseWebhook('{}', undefined)).toThrow(SIMULATED_WEBHOOK_MESSAGE);
    expect(provider.name).toBe('simulated');
  });
});

import { describe, expect, it } from 'vitest';
import { createCardProvider, DEPOSIT_DECLINE_STATUS } from './index';

describe('createCardProvider', () => {
  it('builds the simulated provider without any key', async () => {
    const provider = createCardProvider({ provider: 'simulated' });
    expect(provider.name).toBe('simulated');
    const result = await provider.charge({
      amountCents: 1_000,
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: 'k-1',
      metadata: { paymentId: 'k-1', userId: 'u' },
    });
    expect(result.status).toBe('succeeded');
  });

  it('refuses stripe without its secret key and webhook secret', () => {
    expect(() => createCardProvider({ provider: 'stripe', stripeSecretKey: 'sk_test_x' })).toThrow(
      'PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    );
    expect(() => createCardProvider({ provider: 'stripe', stripeWebhookSecret: 'whsec_x' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    const stripe = createCardProvider({
      provider: 'stripe',
      stripeSecretKey: 'sk_test_x',
      stripeWebhookSecret: 'whsec_x',
    });
    expect(stripe.name).toBe('stripe');
  });

  it('refuses an unknown provider name', () => {
    expect(() => createCardProvider({ provider: 'paypal' as never })).toThrow(
      'Unknown card provider: paypal',
    );
  });

  it('answers declines with 402, as Stripe does', () => {
    expect(DEPOSIT_DECLINE_STATUS).toBe(402);
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { billingProviderConfigFrom, createBillingProvider } from './index';

const env = (extra: Record<string, string>) => ({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'billing-config-')),
  AUTH_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
  ...extra,
});

describe('createBillingProvider', () => {
  it('builds the simulated provider by default, without any key', () => {
    const config = billingProviderConfigFrom(loadConfig(env({})));
    expect(config.provider).toBe('simulated');
    expect(createBillingProvider(config).name).toBe('simulated');
  });

  it('refuses stripe without its key, webhook secret and Pro price', () => {
    const complete = {
      provider: 'stripe' as const,
      stripeSecretKey: 'sk_test_x',
      stripeWebhookSecret: 'whsec_x',
      stripeProPriceId: 'price_x',
    };
    expect(createBillingProvider(complete).name).toBe('stripe');
    for (const missing of ['stripeSecretKey', 'stripeWebhookSecret', 'stripeProPriceId'] as const) {
      expect(() => createBillingProvider({ ...complete, [missing]: undefined })).toThrow(
        'PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRO_PRICE_ID',
      );
    }
    expect(() => createBillingProvider({ provider: 'paypal' as never })).toThrow(
      'Unknown billing provider: paypal',
    );
  });

  it('takes Stripe settings from the environment, and refuses to start without the Pro price', () => {
    const stripe = {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    };
    expect(() => loadConfig(env(stripe))).toThrow(
      /STRIPE_PRO_PRICE_ID: STRIPE_PRO_PRICE_ID is required when PAYMENTS_PROVIDER=stripe/,
    );
    const config = billingProviderConfigFrom(
      loadConfig(env({ ...stripe, STRIPE_PRO_PRICE_ID: 'price_pro' })),
    );
    expect(config).toEqual({
      provider: 'stripe',
      stripeSecretKey: 'sk_test_x',
      stripeWebhookSecret: 'whsec_x',
      stripeProPriceId: 'price_pro',
      stripeEndpoint: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(createBillingProvider(config).name).toBe('stripe');
  });
});

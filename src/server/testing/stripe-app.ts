import {
  startFakeStripeServer,
  type FakeStripeServer,
} from '../providers/payments/stripe/fake-stripe-server';
import { createTestApp, signUp, type TestApp } from './test-app';

/**
 * An app with PAYMENTS_PROVIDER=stripe against a loopback fake Stripe, listening on a port of its
 * own (Stripe's events arrive over real HTTP), its first account (the admin) signed up.
 */
export async function createStripeTestApp(): Promise<{ fake: FakeStripeServer; t: TestApp; base: string }> {
  const fake = await startFakeStripeServer();
  const t = await createTestApp({
    env: {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_PRO_PRICE_ID: fake.proPriceId,
      STRIPE_API_BASE: fake.url,
    },
  });
  await signUp(t.app, 'Admin');
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { fake, t, base };
}

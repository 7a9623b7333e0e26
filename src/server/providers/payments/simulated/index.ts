/**
 * `PAYMENTS_PROVIDER=simulated` (default): answers a charge at once, as Stripe's test mode would
 * answer a confirmed PaymentIntent for the same test payment method (../test-payment-methods.ts):
 * brand cards succeed, decline cards fail with Stripe's message, and an id Stripe does not know
 * (`pm_x`, or a real card's id) fails with "No such PaymentMethod: 'pm_x'", nothing charged.
 *
 * Stateless and deterministic: the outcome depends only on the card and amount, the providerRef
 * only on the idempotency key (`pi_sim_` + a hash of it), so a retried deposit gets the same ref
 * and the payments table's unique (provider, provider_ref) index keeps it from counting twice.
 * Nothing is delivered by webhook.
 */
import { createHash } from 'node:crypto';
import { assertChargeAmount, CardWebhookError, type CardProvider, type ChargeResult } from '../card-provider';
import { testChargeOutcome } from '../test-payment-methods';

export const SIMULATED_WEBHOOK_MESSAGE = 'Webhooks are not used with the simulated card provider';

/** `pi_sim_` + 24 hex characters of SHA-256 over the key: same key, same ref. */
export function simulatedPaymentIntentId(idempotencyKey: string): string {
  return `pi_sim_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
}

export function createSimulatedCardProvider(): CardProvider {
  return {
    name: 'simulated',
    async charge({ amountCents, paymentMethodId, idempotencyKey }): Promise<ChargeResult> {
      assertChargeAmount(amountCents);
      if (!idempotencyKey) throw new RangeError('A charge needs an idempotency key');
      const outcome = testChargeOutcome(paymentMethodId, amountCents);
      const providerRef = simulatedPaymentIntentId(idempotencyKey);
      switch (outcome.kind) {
        case 'succeeded':
          return { status: 'succeeded', providerRef };
        case 'declined':
          // Stripe creates the PaymentIntent before the card is declined, so it has an id.
          return { status: 'failed', providerRef, reason: outcome.decline.message };
        case 'invalid':
          return { status: 'failed', providerRef: null, reason: outcome.message };
        default: {
          const unreachable: never = outcome;
          throw new Error(`Unknown outcome ${String(unreachable)}`);
        }
      }
    },
    parseWebhook() {
      throw new CardWebhookError(SIMULATED_WEBHOOK_MESSAGE);
    },
  };
}

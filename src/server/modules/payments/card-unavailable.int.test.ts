import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { CardProviderUnavailableError, type CardProvider } from '../../providers/payments';
import { createTestAppWithUsers, signUp, type TestApp } from '../../testing/test-app';
import { CARD_UNAVAILABLE } from './payments.service';
import { balanceOf, postDeposit } from './testing/payments-helpers';

/** A card provider that cannot be reached, or breaks: the deposit fails cleanly with 503. */
let t: TestApp;
let failure: Error = new CardProviderUnavailableError();
const card: CardProvider = {
  name: 'simulated',
  charge: async () => {
    throw failure;
  },
  parseWebhook: () => null,
};

beforeAll(async () => {
  ({ t } = await createTestAppWithUsers({ overrides: { card } }));
});
afterAll(async () => t.close());

describe('card provider unavailable', () => {
  it.each([
    ['unreachable', new CardProviderUnavailableError()],
    ['broken', new TypeError('provider bug')],
  ])('%s: 503 with the unavailable message, the payment failed, nothing credited', async (_name, error) => {
    failure = error;
    const user = await signUp(t.app);
    const key = `unavailable-${Date.now()}-${_name}`;
    const res = await postDeposit(t.app, user, { amount: 50 }, { idempotencyKey: key });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: CARD_UNAVAILABLE });
    const rows = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(rows).toEqual([expect.objectContaining({ status: 'failed', rejectReason: CARD_UNAVAILABLE })]);
    expect(await balanceOf(t.app, user)).toEqual({ balance: 0, held: 0 });
    // Nothing was answered under the key: a retry with it is tried again (a new attempt, a new row).
    const retry = await postDeposit(t.app, user, { amount: 50 }, { idempotencyKey: key });
    expect(retry.statusCode).toBe(503);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await t.db.$count(payments, eq(payments.userId, user.id))).toBe(2);
  });
});

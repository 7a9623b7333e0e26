/**
 * Money set-up for integration tests of any module: deposits through the real HTTP route (the
 * simulated card provider's pm_card_visa succeeds), balances as the trader's screen reads them,
 * and the ledger's own proof that nothing drifted.
 */
import type { FastifyInstance } from 'fastify';
import type { BalanceResponse, PaymentResult } from '../../../../contract/payments';
import type { TestUser } from '../../../testing/test-app';

interface PostOptions {
  idempotencyKey?: string;
}

const headersOf = (user: TestUser, options: PostOptions = {}) => ({
  ...user.auth,
  ...(options.idempotencyKey && { 'idempotency-key': options.idempotencyKey }),
});

export const postDeposit = (
  app: FastifyInstance,
  user: TestUser,
  body: { amount: unknown; paymentMethodId?: unknown },
  options?: PostOptions,
) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/deposit',
    headers: headersOf(user, options),
    payload: { paymentMethodId: 'pm_card_visa', ...body },
  });

export const postWithdrawal = (
  app: FastifyInstance,
  user: TestUser,
  amount: unknown,
  options?: PostOptions,
) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/withdrawal',
    headers: headersOf(user, options),
    payload: { amount },
  });

export const postTip = (
  app: FastifyInstance,
  user: TestUser,
  amount: unknown,
  options?: PostOptions & { auto?: unknown },
) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/tip',
    headers: headersOf(user, options),
    payload: { amount, auto: options?.auto ?? false },
  });

/** Deposits `dollars` with pm_card_visa and fails the test unless it completed. */
export async function fundUser(
  app: FastifyInstance,
  user: TestUser,
  dollars: number,
): Promise<PaymentResult> {
  const response = await postDeposit(app, user, { amount: dollars });
  if (response.statusCode !== 200) throw new Error(`deposit failed: ${response.statusCode} ${response.body}`);
  const body = response.json<PaymentResult>();
  if (body.payment.status !== 'completed')
    throw new Error(`deposit is ${body.payment.status}, not completed`);
  return body;
}

/** `{ balance, held }` in dollars, as GET /api/payments/balance answers. */
export async function balanceOf(app: FastifyInstance, user: TestUser): Promise<BalanceResponse> {
  const response = await app.inject({ method: 'GET', url: '/api/payments/balance', headers: user.auth });
  if (response.statusCode !== 200) throw new Error(`balance failed: ${response.statusCode} ${response.body}`);
  return response.json<BalanceResponse>();
}

/** Throws unless every running balance equals the sum of its entries and all accounts sum to zero. */
export async function expectLedgerWhole(app: FastifyInstance): Promise<void> {
  const { ledger } = app;
  const mismatched = await ledger.mismatchedAccounts();
  if (mismatched.length > 0) throw new Error(`running balances drifted: ${JSON.stringify(mismatched)}`);
  const totals = await ledger.totalsByKind();
  const sum = totals.reduce((acc, row) => acc + row.totalCents, 0);
  if (sum !== 0) throw new Error(`ledger does not balance: ${JSON.stringify(totals)}`);
}

import { randomUUID } from 'node:crypto';
import { call, type Account } from './clients';

export interface LoadOutcome {
  /** Answers by status code. */
  statuses: Record<number, number>;
  /** Requests whose connection was cut before an answer (the process under them died). */
  cut: number;
  /** Payment ids of the deposits that were answered 200: committed money movements. */
  committedDeposits: string[];
  /** Deposits cut before an answer: each may or may not have been committed. */
  uncertainDeposits: number;
}

/**
 * Traders' traffic through the balancer until `stop()`: `loops` clients each reading the offers
 * list and their balance and depositing $10 (with an Idempotency-Key, as the web app sends),
 * over and over. Every answer and every cut connection is counted.
 */
export function startLoad(baseUrl: string, trader: Account, loops = 4) {
  const outcome: LoadOutcome = { statuses: {}, cut: 0, committedDeposits: [], uncertainDeposits: 0 };
  let running = true;
  const count = (status: number) => {
    outcome.statuses[status] = (outcome.statuses[status] ?? 0) + 1;
  };

  async function loop(): Promise<void> {
    while (running) {
      for (const path of ['/api/offers?limit=20', '/api/payments/balance']) {
        try {
          count((await call(baseUrl, trader, path)).status);
        } catch {
          outcome.cut += 1;
        }
      }
      try {
        const deposit = await call<{ payment?: { id: string } }>(baseUrl, trader, '/api/payments/deposit', {
          method: 'POST',
          body: { amount: 10, paymentMethodId: 'pm_card_visa' },
          headers: { 'idempotency-key': randomUUID() },
        });
        count(deposit.status);
        if (deposit.status === 200 && deposit.body.payment)
          outcome.committedDeposits.push(deposit.body.payment.id);
      } catch {
        outcome.cut += 1;
        outcome.uncertainDeposits += 1;
      }
    }
  }

  const loopsDone = Promise.all(Array.from({ length: loops }, () => loop()));
  return {
    outcome,
    async stop(): Promise<LoadOutcome> {
      running = false;
      await loopsDone;
      return outcome;
    },
  };
}

/** Status codes of the 5xx answers (apart from cut connections, there must be none). */
export const serverErrors = (outcome: LoadOutcome) =>
  Object.entries(outcome.statuses)
    .filter(([status]) => Number(status) >= 500)
    .map(([status, n]) => `${status} ×${n}`);
